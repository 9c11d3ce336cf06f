/// A key pressed in a `PlotWindow`.
public struct PlotKey: Hashable, Sendable, CustomStringConvertible {
    /// The X keysym name: `"m"`, `"F"`, `"space"`, `"Escape"`, `"Left"`, `"plus"`.
    public let name: String
    /// The text the key types with the current modifiers (`"m"`, `"M"`, `" "`), empty for keys like arrows.
    public let text: String
    /// The X keysym value.
    public let keysym: UInt
    /// The X modifier mask (`ShiftMask` 1, `ControlMask` 4, `Mod1Mask` 8 for Alt).
    public let modifiers: UInt32

    /// A key press as X11 reports it; windows make these, tests may too.
    public init(name: String, text: String, keysym: UInt, modifiers: UInt32) {
        self.name = name
        self.text = text
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// Whether Control was held.
    public var control: Bool { modifiers & 4 != 0 }
    /// Whether Shift was held.
    public var shift: Bool { modifiers & 1 != 0 }

    public var description: String { text.isEmpty || text == " " ? name : text }
}
