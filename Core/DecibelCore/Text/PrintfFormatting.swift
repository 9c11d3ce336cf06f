#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C locale, made once and kept as an address (`uselocale` switches only the calling thread to it).
private let cLocaleAddress = Int(bitPattern: newlocale(1 << LC_NUMERIC, "C", nil))

extension String {
    /// `format` filled in as C's `printf` does (`"%.3f"`, `"%+.1f"`): how the package's own tools and file
    /// summaries format numbers. Foundation's `String(format:)` would link all of Foundation into the `decibel`
    /// command for it, 3 MB of every run's resident memory.
    package init(printf format: String, _ arguments: any CVarArg...) {
        self = Self.printed(format, arguments)
    }

    private static func printed(_ format: String, _ arguments: [any CVarArg]) -> String {
        // Always the C locale's decimal point, as `String(format:)` gives: a GTK host sets the user's locale.
        let previous = locale_t(bitPattern: cLocaleAddress).map { uselocale($0) }
        defer { if let previous { uselocale(previous) } }
        let needed = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard needed > 0 else { return "" }
        return String(unsafeUninitializedCapacity: needed + 1) { bytes in
            let written = withVaList(arguments) { list in
                bytes.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, $0.count, format, list) }
            }
            return Swift.max(0, Swift.min(Int(written), needed))
        }
    }
}
