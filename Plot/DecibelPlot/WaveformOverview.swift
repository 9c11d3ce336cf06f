import DecibelCore

/// A whole file's waveform from its `WaveformPeaks` (any length, any number of buckets), with the RMS
/// drawn as a brighter core inside the peaks and an optional time axis, in the style of audiowaveform.
public struct WaveformOverview: PlotDrawable, Sendable {
    /// The summary to draw (Formats produces it for files; `WaveformPeaks.summarize` for samples).
    public var peaks: WaveformPeaks
    /// Colours, fill, mirror, gain and channel layout. Defaults to filled.
    public var style: WaveformStyle
    /// Draws a strip of time labels and ticks along the bottom.
    public var showsTimeAxis: Bool
    /// Draws each column's RMS as a lighter band inside the peaks (filled styles only).
    public var showsRMS: Bool
    /// Colour of the axis ticks and labels.
    public var axisColor: PlotColor

    /// The time axis takes ``timeAxisHeight`` points at the bottom; the RMS band shows in filled styles only.
    public init(
        peaks: WaveformPeaks, style: WaveformStyle = WaveformStyle(fill: true), showsTimeAxis: Bool = false,
        showsRMS: Bool = true, axisColor: PlotColor = .plotAxis
    ) {
        self.peaks = peaks
        self.style = style
        self.showsTimeAxis = showsTimeAxis
        self.showsRMS = showsRMS
        self.axisColor = axisColor
    }

    /// Pixels the time axis takes at the bottom.
    public static let timeAxisHeight = 18.0

    /// Draws the background, every channel's peaks (and RMS) and the time axis.
    public func draw(in canvas: PlotCanvas, size: PlotSize) {
        canvas.clear(style.background)
        let axis = showsTimeAxis ? min(Self.timeAxisHeight, Double(size.height) / 2) : 0
        let plotHeight = Double(size.height) - axis
        let columns = max(1, Int((Double(size.width) * canvas.pixelScale).rounded()))
        let channels = max(1, peaks.channelCount)
        var painter = EnvelopePainter(style: style)
        painter.columnWidth = Double(size.width) / Double(columns)
        let lanes = painter.lanes(channels: channels, x: 0, y: 0, width: Double(size.width), height: plotHeight)
        var rmsStyle = style
        rmsStyle.mirror = true
        rmsStyle.fill = true
        rmsStyle.lineWidth = 0.5
        var rmsPainter = EnvelopePainter(style: rmsStyle)
        rmsPainter.columnWidth = painter.columnWidth
        let envelope = ColumnEnvelope()
        envelope.resize(channels: 1, columns: columns)
        for channel in (0..<channels).reversed() {
            let color = style.color(ofChannel: channel)
            reduce(
                envelope, low: channel < peaks.channelCount ? peaks.minimum[channel] : [],
                high: channel < peaks.channelCount ? peaks.maximum[channel] : [])
            painter.paint(canvas, low: envelope.low[0], high: envelope.high[0], lane: lanes[channel], color: color)
            if showsRMS, style.fill, channel < peaks.channelCount {
                reduce(envelope, low: peaks.rms[channel], high: peaks.rms[channel])
                rmsPainter.paint(
                    canvas, low: envelope.low[0], high: envelope.high[0], lane: lanes[channel],
                    color: color.mixed(with: .white, amount: 0.45))
            }
        }
        if showsTimeAxis {
            TimeAxis(duration: peaks.duration, color: axisColor).draw(
                in: canvas, x: 0, y: plotHeight, width: Double(size.width), height: axis)
        }
    }

    private func reduce(_ envelope: ColumnEnvelope, low: [Float], high: [Float]) {
        low.withUnsafeBufferPointer { lows in
            high.withUnsafeBufferPointer { highs in
                guard let lowBase = lows.baseAddress, let highBase = highs.baseAddress else {
                    return envelope.reduce(channel: 0, low: [0], high: [0], count: 0)
                }
                envelope.reduce(channel: 0, low: lowBase, high: highBase, count: min(lows.count, highs.count))
            }
        }
    }
}
