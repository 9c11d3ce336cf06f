#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a backend's C library is called and how to get it, for the shared loader and its error texts.
public struct BackendLibraryDescription: Sendable {
    /// The backend's id (`"jack"`); also names the override variable `DECIBEL_JACK_LIBRARY`.
    public var backendID: String
    /// How a person calls the library ("the JACK client library").
    public var displayName: String
    /// The file `dlopen` looks for by default (`libjack.so.0`).
    public var defaultFileName: String
    /// The Debian package that provides it, named in the "cannot load" message.
    public var package: String
    /// The oldest version that has every function the backend calls, named when a symbol is missing.
    public var minimumVersion: String
    /// Whether to open with `RTLD_GLOBAL`: alsa-lib's own plugins resolve their symbols against it.
    public var exportsSymbols: Bool

    /// Describes a backend's C library: what to open, which Debian package has it and what version it needs.
    public init(
        backendID: String, displayName: String, defaultFileName: String, package: String,
        minimumVersion: String, exportsSymbols: Bool = false
    ) {
        self.backendID = backendID
        self.displayName = displayName
        self.defaultFileName = defaultFileName
        self.package = package
        self.minimumVersion = minimumVersion
        self.exportsSymbols = exportsSymbols
    }

    /// `DECIBEL_<ID>_LIBRARY`.
    public var environmentVariable: String { BackendEnvironment.libraryVariable(forBackend: backendID) }

    /// The file to load: `explicitPath` when given, else the environment's override, else the default name.
    public func resolvePath(_ explicitPath: String?, environment: [String: String]) -> String {
        explicitPath ?? BackendEnvironment.value(environmentVariable, in: environment) ?? defaultFileName
    }
}

/// A backend's C library opened with `dlopen`, and its function table filled with `dlsym`.
///
/// Every backend shim declares its table the same way (see the DecibelCore article "Adding a backend"): an X-macro
/// `DECIBEL_<ID>_FUNCTIONS(X)` listing the C functions, a struct `decibel_<id>_api` whose non-null fields
/// carry the functions' own names and prototypes, and `decibel_<id>_function_name(index)` returning
/// those names in field order. The loader resolves each name into the matching field, so the Swift side
/// calls `library.api.jack_activate(client)` with the signature the library was built with.
///
/// Libraries are loaded once per path and never closed (function pointers stay valid for the life of
/// the process); a failure is remembered too, so an unavailable backend costs one `dlopen` per process.
public struct BackendLibrary<API>: @unchecked Sendable {
    /// The file that was opened.
    public let path: String
    /// The resolved functions. Immutable after loading, so any thread may read it.
    public let api: API
    /// The `dlopen` handle, for the rare symbol a backend looks up itself.
    public let handle: UnsafeMutableRawPointer

    /// Loads the library `description` names (or `explicitPath`), filling `API` from the names that
    /// `functionName` lists.
    /// - Throws: `AudioError` of kind `backendUnavailable` when the file does not open (the message says which
    ///   file, why, and what to install) or lacks one of the functions (a library lacking a function is
    ///   refused whole, naming the function). The failure is remembered: later loads of the same path throw
    ///   it again without another `dlopen`.
    public static func load(
        _ description: BackendLibraryDescription, path explicitPath: String? = nil,
        environment: [String: String] = BackendEnvironment.current(),
        functionName: (Int) -> UnsafePointer<CChar>?
    ) throws(AudioError) -> BackendLibrary<API> {
        let path = description.resolvePath(explicitPath, environment: environment)
        let key = "\(description.backendID)\u{0}\(path)"
        let result = loadedLibraries.withLock { cache in
            if let known = cache[key] { return known }
            let opened = Result { () throws(AudioError) -> any Sendable in
                try open(description, path: path, functionName: functionName)
            }
            cache[key] = opened
            return opened
        }
        guard let library = try result.get() as? BackendLibrary<API> else {
            preconditionFailure("\(description.backendID) library loaded twice with different tables")
        }
        return library
    }

    private static func open(
        _ description: BackendLibraryDescription, path: String,
        functionName: (Int) -> UnsafePointer<CChar>?
    ) throws(AudioError) -> BackendLibrary<API> {
        let mode = RTLD_NOW | (description.exportsSymbols ? RTLD_GLOBAL : RTLD_LOCAL)
        guard let handle = dlopen(path, mode) else {
            let detail = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw AudioError(
                .backendUnavailable,
                "cannot load \(description.displayName) '\(path)'; install \(description.package) or set \(description.environmentVariable) to its path",
                backend: description.backendID, codeDescription: detail)
        }
        var count = 0
        while functionName(count) != nil { count += 1 }
        precondition(
            count * MemoryLayout<UnsafeRawPointer>.stride == MemoryLayout<API>.size,
            "the \(description.backendID) function table and its list of names are out of step")
        let table = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: count)
        defer { table.deallocate() }
        for index in 0..<count {
            let name = functionName(index)!
            guard let symbol = dlsym(handle, name) else {
                dlclose(handle)
                throw AudioError(
                    .backendUnavailable,
                    "'\(path)' lacks \(String(cString: name)); it is not a usable \(description.displayName) (\(description.minimumVersion) or later is needed)",
                    backend: description.backendID)
            }
            (table + index).initialize(to: symbol)
        }
        let api = UnsafeRawPointer(table).load(as: API.self)
        return BackendLibrary(path: path, api: api, handle: handle)
    }
}

/// Every library load attempted in this process, by backend id and path.
private let loadedLibraries = Locked<[String: Result<any Sendable, AudioError>]>([:])
