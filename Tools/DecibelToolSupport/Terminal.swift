#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error (messages and errors never go to standard output).
public func printError(_ message: String, newline: Bool = true) {
    var line = newline ? message + "\n" : message
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Pads or cuts `text` to `width` columns (for tables).
public func column(_ text: String, _ width: Int) -> String {
    text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
}
