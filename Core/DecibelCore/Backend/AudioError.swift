/// The error every Decibel control call throws: a kind to switch on, a message a person can act on, and,
/// when a C library reported it, that library's code and text.
public struct AudioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The backend cannot be used here (library missing, no server running).
        case backendUnavailable
        /// No backend has the requested id.
        case unknownBackend
        /// No device has the requested id.
        case deviceNotFound
        /// The device or server cannot do what the configuration asks (rate, channels, format, size).
        case unsupportedConfiguration
        /// An argument is out of range or malformed.
        case invalidArgument
        /// The call does not fit the object's current state (starting a closed stream, for example).
        case invalidState
        /// The stream can no longer run: its device vanished or its server shut down.
        case streamInvalidated
        /// The backend's library reported an error; see `code` and `codeDescription`.
        case backendError
        /// The backend did not answer in time.
        case timedOut
        /// A file does not exist (the message names it).
        case fileNotFound
        /// A file exists but cannot be opened, read or written (permissions, a directory, an I/O error).
        case fileUnreadable
        /// A file's contents are not usable audio: empty, truncated, corrupt, not audio, or a header with
        /// absurd values (the message names the file and the problem).
        case invalidFile
        /// A file format, encoding or option the installed codec libraries cannot handle.
        case unsupportedFormat
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// A sentence saying what failed and, where possible, what to do about it.
    public var message: String
    /// The backend that raised it (`"jack"`, `"pulse"`, `"alsa"`, `"null"`), if any.
    public var backend: String?
    /// The C library's error code, if any (an errno, `snd_strerror` code, `pa_context_errno`, JACK status).
    public var code: Int32?
    /// The C library's text for `code`, if any.
    public var codeDescription: String?

    /// `message` is what a person reads: say what failed and what to do about it. `code` and
    /// `codeDescription` carry what the C library said, if anything.
    public init(
        _ kind: Kind, _ message: String, backend: String? = nil, code: Int32? = nil, codeDescription: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.backend = backend
        self.code = code
        self.codeDescription = codeDescription
    }

    public var description: String {
        backend.map { "\($0): \(messageWithCode)" } ?? messageWithCode
    }

    /// The message and the C library's code and text, without the backend's name (for places that
    /// already say which backend it is).
    public var messageWithCode: String {
        var text = message
        switch (code, codeDescription) {
        case (let code?, let detail?): text += " (error \(code): \(detail))"
        case (let code?, nil): text += " (error \(code))"
        case (nil, let detail?): text += " (\(detail))"
        case (nil, nil): break
        }
        return text
    }

    /// A `deviceNotFound` error that lists the ids a user could have meant.
    public static func deviceNotFound(_ id: String, backend: String, available: [String]) -> AudioError {
        let choices = available.isEmpty ? "it has no devices" : "its devices are: " + available.joined(separator: ", ")
        return AudioError(.deviceNotFound, "no device '\(id)'; \(choices)", backend: backend)
    }
}
