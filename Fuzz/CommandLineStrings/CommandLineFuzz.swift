import DecibelPlot
import DecibelToolSupport

/// Feeds the bytes, as text, to the parsers of command-line values: times (`--start`, `--duration`),
/// colours and colour lists (`--colors`). Whatever a parser accepts must be sane: a finite time, a colour
/// whose written form parses back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    if let seconds = try? parseSeconds(text) {
        precondition(seconds.isFinite && abs(seconds) <= 1e9, "parseSeconds accepted '\(text)' as \(seconds)")
    }
    if let color = try? PlotColor(parsing: text) {
        precondition(
            (try? PlotColor(parsing: color.description)) == color, "colour '\(text)' does not survive its description")
    }
    if let colors = try? PlotColor.parseList(text) {
        precondition(!colors.isEmpty, "an empty colour list was accepted from '\(text)'")
    }
    return 0
}
