import DecibelCore
import DecibelFormats
import DecibelGraph
import Synchronization

/// A file player in one line, after EZAudio's `EZAudioPlayer`: play, pause, stop, loop, seek, volume,
/// pan, current time and duration; swap files and devices while it plays; every change posted to any
/// number of observers.
///
/// The file is decoded (and resampled with libsoxr when its rate differs from the device's) on a decoder
/// thread; the render thread only reads a ring buffer.
///
/// ```swift
/// let player = try AudioPlayer(path: "song.flac")
/// player.addObserver { event in print(event) }   // a control thread: state, file, device, volume, seeks…
/// player.play()
/// print(player.formattedCurrentTime, "/", player.formattedDuration)
/// try player.load(path: "next.flac")            // another file, same output
/// ```
public final class AudioPlayer: @unchecked Sendable {
    /// What the player is doing.
    public enum State: Sendable, Hashable {
        /// Not playing: never started, stopped, or at the end of the file.
        case stopped
        /// Playing the file.
        case playing
        /// Paused at `currentTime`; `play()` goes on from there.
        case paused
    }

    /// Every change the player posts, in order, to observers and to `events()` (EZAudioPlayer's
    /// notifications).
    public enum Event: Sendable, Hashable {
        /// `state` changed to this.
        case stateChanged(State)
        /// Playback reached the end of the file (never while looping).
        case endOfFile
        /// `load(path:)` opened another file.
        case fileChanged(path: String)
        /// The output moved to another device: by `setDevice(_:)` (the id asked for, `nil` for the
        /// default) or because the server moved the stream.
        case deviceChanged(String?)
        /// `volume` was set.
        case volumeChanged(Float)
        /// `pan` was set.
        case panChanged(Float)
        /// A seek, to this many seconds.
        case seeked(toTime: Double)
        /// The playing position in seconds, every `positionUpdateInterval` while playing.
        case position(Double)
    }

    /// The output the player plays through (its meter shows the output level).
    public let output: Output
    struct Loaded {
        let path: String
        let source: AudioFileSource
        let node: FilePlayer
    }
    let loaded: Locked<Loaded>
    private let stateValue = Locked<State>(.stopped)
    let handlers = Locked<(endOfFile: (@Sendable () -> Void)?, stateChange: (@Sendable (State) -> Void)?)>((nil, nil))
    let observers = Locked<(next: UInt64, handlers: [(UInt64, @Sendable (Event) -> Void)])>((0, []))
    let eventLoops = EventFanOut<Event>()
    let positionTimer = Locked<PositionTimer?>(nil)

    /// Opens `path` for playback on `device` of `backend` (defaults: the runtime pick and its default
    /// output). Nothing plays until `play()`. `sampleRate` is the rate the player renders at (default: the
    /// device's; a device that runs another rate gets the output converted at its edge). `channelCount` is
    /// the output's channels (a mono file feeds them all; other files are mapped by
    /// `ChannelMap.standard(from:to:)`: stereo averaged to mono, 5.1 mixed down to stereo). `onStreamEvent`
    /// hears the output stream's events (xruns, server shutdown, device loss) on a control thread.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat` when
    ///   `path` is missing, cannot be read, is not usable audio or is in a format the installed codec libraries
    ///   cannot decode; `invalidArgument` for a channel count or rate out of range; with `backend` nil,
    ///   `unknownBackend` when `DECIBEL_BACKEND` names no backend; or what opening and starting the output throws:
    ///   `backendUnavailable` when the backend's library or server is missing (or the backend named is
    ///   unavailable), `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device refuses
    ///   even its own rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not
    ///   answer in time, `streamInvalidated` when the server or device goes away, or `backendError` when the
    ///   backend's library fails (a busy ALSA device, say) or a thread cannot start.
    public init(
        path: String, backend: (any AudioBackend)? = nil, device: String? = nil, sampleRate: Double? = nil,
        channelCount: Int = 2, onStreamEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        output = try Output(
            backend: backend, device: device, channelCount: channelCount, sampleRate: sampleRate,
            name: "Decibel player", onEvent: onStreamEvent)
        loaded = Locked(try Self.open(path, rate: output.format.sampleRate, channels: output.engine.channelCount))
        let node = loaded.withLock { $0.node }
        try output.add(node)
        watch(node)
        output.observeDevice { [weak self] device in self?.post(.deviceChanged(device)) }
        try output.start()
    }

    deinit {
        positionTimer.withLock { $0 }?.stop()
        output.close()
        loaded.withLock { $0.source }.stop()
    }

    private static func open(_ path: String, rate: Double, channels: Int) throws(AudioError) -> Loaded {
        let file = try AudioFile(path: path)
        let source = try AudioFileSource(file: file, sampleRate: rate)
        return Loaded(path: path, source: source, node: FilePlayer(source: source, channelCount: channels))
    }

    private func watch(_ node: FilePlayer) {
        node.onEndOfFile = { [weak self, weak node] in
            guard let self, let node, node === self.node else { return }
            self.reachedEnd()
        }
    }

    /// The file being played.
    public var path: String { loaded.withLock { $0.path } }
    /// The decoder of the file being played.
    public var source: AudioFileSource { loaded.withLock { $0.source } }
    /// The graph node that plays it (a new one after `load(path:)`).
    public var node: FilePlayer { loaded.withLock { $0.node } }

    /// Opens another file in place of this one, keeping volume, pan, looping and the output; the player
    /// stops at the new file's start. Posts `fileChanged`, then `stateChanged(.stopped)` if it was playing.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat` when
    ///   `path` is missing, cannot be read, is not usable audio or is in a format the installed codec libraries
    ///   cannot decode; `unsupportedConfiguration` if libsoxr refuses to resample it to the output's rate; or
    ///   `backendError` when its decoder thread cannot start. The current file stays loaded then.
    public func load(path: String) throws(AudioError) {
        try replace(
            with: Self.open(path, rate: output.format.sampleRate, channels: output.engine.channelCount), resumeAt: nil)
        post(.fileChanged(path: path))
        setState(.stopped)
    }

    /// Moves playback to another device of the output's backend (`nil`: its default output) without
    /// stopping: the position is kept, and a device at another rate gets the file resampled for it.
    /// Posts `deviceChanged`.
    /// - Throws: `AudioError` from `Output.setDevice(_:)`: `invalidState` or `backendError` when JACK cannot stop
    ///   the old stream; `deviceNotFound` for an unknown `device`, or `backendUnavailable`,
    ///   `unsupportedConfiguration`, `timedOut`, `streamInvalidated` or `backendError` when the new stream cannot
    ///   open or start. When the new device runs another rate, reopening the file can throw `fileNotFound`,
    ///   `fileUnreadable`, `invalidFile` or `unsupportedFormat` (it changed or went away meanwhile),
    ///   `unsupportedConfiguration` (libsoxr refuses the rate) or `backendError` (its decoder thread cannot start).
    public func setDevice(_ device: String?) throws(AudioError) {
        let rate = output.format.sampleRate
        let position = currentTime, wasPlaying = state == .playing
        try output.setDevice(device)
        guard output.format.sampleRate != rate else { return }
        try replace(
            with: Self.open(path, rate: output.format.sampleRate, channels: output.engine.channelCount),
            resumeAt: position)
        if wasPlaying { _ = node.play() }
    }

    private func replace(with new: Loaded, resumeAt seconds: Double?) throws(AudioError) {
        let old = loaded.withLock { $0 }
        new.node.volume.value = old.node.volume.value
        new.node.pan.value = old.node.pan.value
        new.source.isLooping = old.source.isLooping
        new.node.isLooping = old.node.isLooping
        if let seconds { _ = new.node.seek(to: Int((seconds * output.format.sampleRate).rounded())) }
        try output.add(new.node)
        loaded.withLock { $0 = new }
        watch(new.node)
        _ = old.node.pause()
        try output.remove(old.node)
        old.source.stop()
    }

    /// Called on a control thread when playback reaches the end of the file (not while looping).
    public var onEndOfFile: (@Sendable () -> Void)? {
        get { handlers.withLock { $0.endOfFile } }
        set { handlers.withLock { $0.endOfFile = newValue } }
    }

    /// Called on the calling or a control thread whenever `state` changes.
    public var onStateChange: (@Sendable (State) -> Void)? {
        get { handlers.withLock { $0.stateChange } }
        set { handlers.withLock { $0.stateChange = newValue } }
    }

    /// Waits until playback reaches the end of the file; returns at once when the player is stopped (at
    /// the end already, or never started).
    ///
    /// ```swift
    /// player.play()
    /// try await player.endOfFile()
    /// ```
    /// - Throws: `CancellationError` if the waiting task is cancelled first (playback goes on); nothing else.
    public func endOfFile() async throws {
        let events = events()  // listening before looking at the state, so an end in between is not missed
        if state == .stopped { return }
        for await event in events where event == .endOfFile { return }
        try Task.checkCancellation()
    }

    /// Playing, paused or stopped.
    public var state: State { stateValue.withLock { $0 } }

    /// Starts or resumes playback.
    public func play() {
        _ = node.play()
        setState(.playing)
    }

    /// Pauses, keeping the position.
    public func pause() {
        _ = node.pause()
        setState(.paused)
    }

    /// Stops and rewinds to the start.
    public func stop() {
        let node = node
        _ = node.pause()
        _ = node.seek(to: 0)
        setState(.stopped)
    }

    /// Whether playback starts over at the end instead of stopping; the decoder wraps, so there is no gap.
    public var isLooping: Bool {
        get { source.isLooping }
        set {
            let current = loaded.withLock { $0 }
            current.source.isLooping = newValue
            current.node.isLooping = newValue
        }
    }

    /// Jumps to `frame` (at the output rate), clamped to the file; works while playing. Posts `seeked`.
    public func seek(toFrame frame: Int) {
        let target = max(0, min(frame, totalFrames))
        _ = node.seek(to: target)
        post(.seeked(toTime: Double(target) / sampleRate))
    }

    /// Jumps to `seconds` into the file.
    public func seek(toTime seconds: Double) {
        guard seconds.isFinite else { return }
        seek(toFrame: Int((seconds * sampleRate).rounded()))
    }

    /// The output rate the player renders at.
    public var sampleRate: Double { output.format.sampleRate }

    /// Frames the file lasts at the output rate.
    public var totalFrames: Int { source.expectedFrames }

    /// The playing position in seconds (follows seeks and wraps when looping).
    public var currentTime: Double { Double(source.currentFrame) / sampleRate }

    /// The file's length in seconds.
    public var duration: Double { Double(totalFrames) / sampleRate }

    /// `currentTime` as `m:ss` (or `h:mm:ss`).
    public var formattedCurrentTime: String { Self.format(currentTime) }

    /// `duration` as `m:ss` (or `h:mm:ss`).
    public var formattedDuration: String { Self.format(duration) }

    /// Playback volume, 0 ... 4 (1 is unity); changes ramp. Posts `volumeChanged`.
    public var volume: Float {
        get { node.volume.value }
        set {
            node.volume.value = newValue
            post(.volumeChanged(node.volume.value))
        }
    }

    /// Stereo position, -1 (left) ... 1 (right). Posts `panChanged`.
    public var pan: Float {
        get { node.pan.value }
        set {
            node.pan.value = newValue
            post(.panChanged(node.pan.value))
        }
    }

    /// Formats seconds as `m:ss`, or `h:mm:ss` from an hour on.
    public static func format(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return total >= 3600
            ? "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))" : "\(total / 60):\(two(total % 60))"
    }

    private func reachedEnd() {
        setState(.stopped)
        handlers.withLock { $0.endOfFile }?()
        post(.endOfFile)
    }

    func setState(_ state: State) {
        let changed = stateValue.withLock { current in
            defer { current = state }
            return current != state
        }
        guard changed else { return }
        handlers.withLock { $0.stateChange }?(state)
        post(.stateChanged(state))
    }
}
