/// How a waveform looks: colours, line, fill, mirroring, gain and how channels share the height.
public struct WaveformStyle: Hashable, Sendable {
    /// How several channels share the plot.
    public enum ChannelLayout: String, Hashable, Sendable, CaseIterable {
        /// Each channel in its own horizontal lane, top to bottom.
        case lanes
        /// All channels across the full height, drawn over each other in their own colours.
        case overlaid
    }

    /// Fills the whole plot first.
    public var background: PlotColor
    /// The waveform (every channel in lanes; the first channel when overlaid).
    public var waveform: PlotColor
    /// Channels after the first when overlaid.
    public var secondWaveform: PlotColor
    /// Outline width in pixels; also the thickness of silence's centre line.
    public var lineWidth: Double
    /// Fill between the waveform and the centre line (mirrored: between the two outlines) instead of
    /// drawing only the outline.
    public var fill: Bool
    /// Draw each column's peak amplitude symmetrically about the centre line (EZAudio's "mirror").
    public var mirror: Bool
    /// Multiplies every sample before drawing; values beyond full scale are clipped at the edge.
    public var gain: Float
    /// Lanes or overlaid, for more than one channel.
    public var channelLayout: ChannelLayout
    /// Pixels between lanes.
    public var laneGap: Double

    /// Creates a style; the defaults are a light-blue outline on a deep blue-grey background.
    public init(
        background: PlotColor = .plotBackground, waveform: PlotColor = .plotWaveform,
        secondWaveform: PlotColor = .plotSecondWaveform, lineWidth: Double = 1, fill: Bool = false,
        mirror: Bool = false, gain: Float = 1, channelLayout: ChannelLayout = .lanes, laneGap: Double = 4
    ) {
        self.background = background
        self.waveform = waveform
        self.secondWaveform = secondWaveform
        self.lineWidth = lineWidth
        self.fill = fill
        self.mirror = mirror
        self.gain = gain
        self.channelLayout = channelLayout
        self.laneGap = laneGap
    }

    /// The colour of `channel`.
    public func color(ofChannel channel: Int) -> PlotColor {
        channelLayout == .overlaid && channel > 0 ? secondWaveform : waveform
    }
}
