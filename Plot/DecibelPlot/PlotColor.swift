import DecibelCore

/// A straight (not premultiplied) RGBA colour with components in 0...1.
///
/// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` (the `#` is optional) and common CSS names, so command-line
/// options such as `--colors BG,FG` can take `black,#4fc3f7` or `white,navy`.
public struct PlotColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0...1 (values outside are clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// Creates a colour from 8-bit components.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: Double(alpha8) / 255
        )
    }

    /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or a colour name (case-insensitive, e.g. `steelblue`).
    /// - Throws: `AudioError` of kind `invalidArgument` when `text` (spaces around it aside) is neither a known
    ///   colour name nor 3, 6 or 8 hexadecimal digits, with or without `#`.
    public init(parsing text: String) throws(AudioError) {
        let trimmed = text.trimmingSpaces.lowercased()
        if let named = PlotColor.named[trimmed] {
            self = named
            return
        }
        let hex = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        let digits = hex.compactMap(\.hexDigitValue)
        guard digits.count == hex.count, [3, 6, 8].contains(digits.count) else {
            throw AudioError(
                .invalidArgument,
                "'\(text)' is not a colour; use #rrggbb, #rrggbbaa, #rgb or a name such as black, white, steelblue")
        }
        let bytes: [UInt8]
        if digits.count == 3 {
            bytes = digits.map { UInt8($0 * 17) } + [255]
        } else {
            bytes =
                stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0] * 16 + digits[$0 + 1]) }
                + (digits.count == 6 ? [255] : [])
        }
        self.init(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha8: bytes[3])
    }

    /// Parses a comma-separated list such as `black,#4fc3f7` (the `--colors BG,FG` form).
    /// - Throws: `AudioError` of kind `invalidArgument` when any part is not a colour (`init(parsing:)`), an
    ///   empty part such as the middle of `black,,white` included.
    public static func parseList(_ text: String) throws(AudioError) -> [PlotColor] {
        var colors: [PlotColor] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            colors.append(try PlotColor(parsing: String(part)))
        }
        return colors
    }

    /// 8-bit components, rounded.
    public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        let (r, g, b, a) = rgba8
        let parts = a == 255 ? [r, g, b] : [r, g, b, a]
        return "#" + parts.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// This colour with another opacity.
    public func withAlpha(_ alpha: Double) -> PlotColor { PlotColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// Linear mix towards `other` by `amount` (0 = self, 1 = other).
    public func mixed(with other: PlotColor, amount: Double) -> PlotColor {
        PlotColor(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount, alpha: alpha + (other.alpha - alpha) * amount
        )
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
