extension PlotColor {
    /// Opaque black.
    public static let black = PlotColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = PlotColor(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = PlotColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Default plot background: a deep blue-grey, like EZAudio's example apps.
    public static let plotBackground = PlotColor(red8: 0x1c, green8: 0x23, blue8: 0x33)
    /// Default waveform colour: a light sky blue that reads well on the default background.
    public static let plotWaveform = PlotColor(red8: 0x6c, green8: 0xc4, blue8: 0xff)
    /// Default second-channel colour when channels are overlaid: a warm amber.
    public static let plotSecondWaveform = PlotColor(red8: 0xff, green8: 0xb3, blue8: 0x47)
    /// Default colour of grid lines and axis labels.
    public static let plotAxis = PlotColor(red8: 0x9a, green8: 0xa5, blue8: 0xb8)

    /// The colour names `PlotColor(parsing:)` accepts (a common subset of CSS).
    public static let named: [String: PlotColor] = [
        "black": .black, "white": .white, "transparent": .clear, "none": .clear,
        "red": PlotColor(red8: 255, green8: 0, blue8: 0), "green": PlotColor(red8: 0, green8: 128, blue8: 0),
        "lime": PlotColor(red8: 0, green8: 255, blue8: 0), "blue": PlotColor(red8: 0, green8: 0, blue8: 255),
        "yellow": PlotColor(red8: 255, green8: 255, blue8: 0), "cyan": PlotColor(red8: 0, green8: 255, blue8: 255),
        "aqua": PlotColor(red8: 0, green8: 255, blue8: 255), "magenta": PlotColor(red8: 255, green8: 0, blue8: 255),
        "fuchsia": PlotColor(red8: 255, green8: 0, blue8: 255), "gray": PlotColor(red8: 128, green8: 128, blue8: 128),
        "grey": PlotColor(red8: 128, green8: 128, blue8: 128), "silver": PlotColor(red8: 192, green8: 192, blue8: 192),
        "darkgray": PlotColor(red8: 169, green8: 169, blue8: 169),
        "darkgrey": PlotColor(red8: 169, green8: 169, blue8: 169),
        "lightgray": PlotColor(red8: 211, green8: 211, blue8: 211),
        "lightgrey": PlotColor(red8: 211, green8: 211, blue8: 211),
        "maroon": PlotColor(red8: 128, green8: 0, blue8: 0), "olive": PlotColor(red8: 128, green8: 128, blue8: 0),
        "navy": PlotColor(red8: 0, green8: 0, blue8: 128), "purple": PlotColor(red8: 128, green8: 0, blue8: 128),
        "teal": PlotColor(red8: 0, green8: 128, blue8: 128), "orange": PlotColor(red8: 255, green8: 165, blue8: 0),
        "pink": PlotColor(red8: 255, green8: 192, blue8: 203), "brown": PlotColor(red8: 165, green8: 42, blue8: 42),
        "gold": PlotColor(red8: 255, green8: 215, blue8: 0), "skyblue": PlotColor(red8: 135, green8: 206, blue8: 235),
        "steelblue": PlotColor(red8: 70, green8: 130, blue8: 180),
        "dodgerblue": PlotColor(red8: 30, green8: 144, blue8: 255),
        "royalblue": PlotColor(red8: 65, green8: 105, blue8: 225),
        "darkblue": PlotColor(red8: 0, green8: 0, blue8: 139),
        "darkgreen": PlotColor(red8: 0, green8: 100, blue8: 0), "darkred": PlotColor(red8: 139, green8: 0, blue8: 0),
        "coral": PlotColor(red8: 255, green8: 127, blue8: 80), "tomato": PlotColor(red8: 255, green8: 99, blue8: 71),
        "salmon": PlotColor(red8: 250, green8: 128, blue8: 114),
        "violet": PlotColor(red8: 238, green8: 130, blue8: 238),
        "indigo": PlotColor(red8: 75, green8: 0, blue8: 130), "turquoise": PlotColor(red8: 64, green8: 224, blue8: 208),
        "slategray": PlotColor(red8: 112, green8: 128, blue8: 144),
        "slategrey": PlotColor(red8: 112, green8: 128, blue8: 144),
        "charcoal": PlotColor(red8: 54, green8: 69, blue8: 79),
    ]
}
