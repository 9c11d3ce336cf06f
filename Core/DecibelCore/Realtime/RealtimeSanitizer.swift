#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Marks real-time sections for clang's RealtimeSanitizer when the process links its runtime.
///
/// Every backend wraps its render callback in `enter()`/`exit()`. In an ordinary program the runtime is
/// absent and both are a load and a branch. In the `decibel-rtcheck` executable, which links
/// `libclang_rt.rtsan` whole-archive and exports its symbols, they switch the sanitizer on for the
/// section: any `malloc`, `free`, mutex lock or blocking call inside aborts with a stack trace.
public enum RealtimeSanitizer {
    private typealias Hook = @convention(c) () -> Void

    private struct Hooks: @unchecked Sendable {
        let enter: Hook?
        let exit: Hook?
    }

    // Resolved once, by `prepare()` off the render thread (or, at worst, on the first `enter()` before
    // the section begins); afterwards reading it is an atomic load on the fast path of `swift_once`.
    private static let hooks: Hooks = {
        let process = dlopen(nil, RTLD_NOW)
        defer { if let process { dlclose(process) } }
        func resolve(_ name: String) -> Hook? {
            dlsym(process, name).map { unsafeBitCast($0, to: Hook.self) }
        }
        return Hooks(enter: resolve("__rtsan_realtime_enter"), exit: resolve("__rtsan_realtime_exit"))
    }()

    /// Resolves the hooks; call while preparing a stream so the render thread never does.
    public static func prepare() { _ = hooks }

    /// Whether the sanitizer runtime is linked into this process.
    public static var isArmed: Bool { hooks.enter != nil && hooks.exit != nil }

    /// Begins a real-time section on the calling thread.
    @inline(__always)
    public static func enter() { hooks.enter?() }

    /// Ends the real-time section begun by `enter()`.
    @inline(__always)
    public static func exit() { hooks.exit?() }
}
