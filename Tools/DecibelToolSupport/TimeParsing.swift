import Decibel

/// Parses a time given on the command line, in seconds: `90`, `2.5`, `1:30`, `1:02:03.25`, `1500ms`, `2.5s`.
///
/// Minutes and seconds after a colon must be below 60. A leading `-` gives a negative value, so that the
/// command can say which range it takes; anything else that is not a time is refused with the forms it takes.
/// - Throws: `AudioError` of kind `invalidArgument` when `text` is not a time in one of those forms (`1:60`,
///   `1:30ms` and `1.5:00` are not) or is more than 1e9 seconds either way.
public func parseSeconds(_ text: String) throws(AudioError) -> Double {
    let invalid = AudioError(
        .invalidArgument, "'\(text)' is not a time; use seconds (90, 2.5, 1500ms) or minutes:seconds (1:30, 1:02:03.5)")
    var body = Substring(text)
    while body.first?.isWhitespace == true { body.removeFirst() }
    while body.last?.isWhitespace == true { body.removeLast() }
    var sign = 1.0
    if body.first == "-" {
        sign = -1
        body.removeFirst()
    }
    var unit = 1.0
    if body.hasSuffix("ms") {
        unit = 0.001
        body.removeLast(2)
    } else if body.hasSuffix("s") {
        body.removeLast()
    }
    let fields = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count), unit == 1 || fields.count == 1 else { throw invalid }
    var seconds = 0.0
    for (index, field) in fields.enumerated() {
        let isLast = index == fields.count - 1
        guard let value = isLast ? decimal(field) : wholeNumber(field) else { throw invalid }
        guard index == 0 || value < 60 else { throw invalid }
        seconds = seconds * 60 + value
    }
    let result = sign * seconds * unit
    guard result.isFinite, abs(result) <= 1e9 else { throw invalid }
    return result
}

/// Digits with at most one decimal point and at least one digit (`Double(_:)` would also take `inf`,
/// `nan`, exponents and hexadecimal).
private func decimal(_ text: Substring) -> Double? {
    var digits = 0, points = 0
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
        case UInt8(ascii: "."): points += 1
        default: return nil
        }
    }
    guard digits > 0, points <= 1 else { return nil }
    return Double(text)
}

private func wholeNumber(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
        return nil
    }
    return Double(text)
}
