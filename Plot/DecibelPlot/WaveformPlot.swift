import DecibelCore

/// EZAudioPlot for Linux: draws float buffers as a waveform, either the latest buffer across the width
/// (buffer mode) or a scrolling history (rolling mode).
///
/// A plot is not thread-safe: feed and draw it from one thread (a `PlotWindow`'s scene runs both on the
/// window thread; `WaveformFeed` carries audio there from the render thread).
///
/// ```swift
/// let plot = WaveformPlot(style: WaveformStyle(fill: true, mirror: true))
/// plot.setBuffer([samples])
/// try plot.write(to: "wave.png", size: PlotSize(width: 800, height: 200))
/// ```
public final class WaveformPlot: PlotDrawable {
    /// What the plot shows.
    public enum Mode: Hashable, Sendable {
        /// The current buffer stretched or squeezed across the width.
        case buffer
        /// A scrolling history of `points` points, newest on the right; each point is the min/max of
        /// `framesPerPoint` frames, so `points * framesPerPoint` frames are visible.
        case rolling(points: Int, framesPerPoint: Int)
    }

    /// Colours, line, fill, mirror, gain and channel layout.
    public var style: WaveformStyle
    /// Buffer mode only: how many of the newest frames `append` keeps on screen.
    public var windowFrames: Int {
        didSet { windowFrames = max(1, windowFrames) }
    }
    /// The current mode; setting it clears the plot.
    public var mode: Mode {
        didSet { clear() }
    }

    var buffer: [[Float]] = []
    var history: RollingHistory
    private let envelope = ColumnEnvelope()
    /// Whether images are filled as column spans rather than by Cairo (tests compare the two).
    var usesColumnSpans = true

    /// Creates an empty plot (drawn as a flat centre line until data arrives).
    public init(mode: Mode = .buffer, style: WaveformStyle = WaveformStyle(), windowFrames: Int = 1024) {
        self.mode = mode
        self.style = style
        self.windowFrames = max(1, windowFrames)
        history = RollingHistory(mode: mode)
    }

    /// Channels currently shown.
    public var channelCount: Int {
        if case .rolling = mode { return history.channelCount }
        return buffer.count
    }

    /// Buffer mode: frames per channel currently shown.
    public var bufferFrameCount: Int { buffer.first?.count ?? 0 }

    /// Forgets every sample (buffer and history).
    public func clear() {
        buffer = []
        history = RollingHistory(mode: mode)
    }

    /// Buffer mode: shows exactly `channels` (one array per channel, any length). Rolling mode: appends them.
    public func setBuffer(_ channels: [[Float]]) {
        if case .rolling = mode {
            history.prepare(channels: channels.count)
            channels.withPointers { history.append($0, frames: $1) }
            return
        }
        buffer = channels
    }

    /// Adds the frames of `view`: buffer mode keeps the newest `windowFrames` frames, rolling mode
    /// summarises them into history points.
    public func append(_ view: AudioBufferView) {
        guard view.channelCount > 0 else { return }
        switch mode {
        case .rolling:
            history.prepare(channels: view.channelCount)
            var pointers = (0..<view.channelCount).map { UnsafePointer(view.samples($0)) }
            pointers.withUnsafeMutableBufferPointer { history.append(UnsafeBufferPointer($0), frames: view.frameCount) }
        case .buffer:
            if buffer.count != view.channelCount { buffer = Array(repeating: [], count: view.channelCount) }
            for channel in 0..<view.channelCount {
                buffer[channel].append(contentsOf: view[channel])
                let excess = buffer[channel].count - windowFrames
                if excess > 0 { buffer[channel].removeFirst(excess) }
            }
        }
    }

    /// Draws the background and every channel into `canvas`.
    public func draw(in canvas: PlotCanvas, size: PlotSize) {
        canvas.clear(style.background)
        let columns = max(1, Int((Double(size.width) * canvas.pixelScale).rounded()))
        let channels = max(1, channelCount)
        envelope.resize(channels: channels, columns: columns)
        for channel in 0..<channels { reduce(channel: channel) }
        var painter = EnvelopePainter(style: style)
        painter.usesColumnSpans = usesColumnSpans
        painter.columnWidth = Double(size.width) / Double(columns)
        let lanes = painter.lanes(
            channels: channels, x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        for channel in (0..<channels).reversed() {
            painter.paint(
                canvas, low: envelope.low[channel], high: envelope.high[channel], lane: lanes[channel],
                color: style.color(ofChannel: channel))
        }
    }

    private func reduce(channel: Int) {
        if case .rolling = mode, channel < history.channelCount {
            history.withOrderedPoints(channel: channel) { low, high, count in
                envelope.reduce(channel: channel, low: low, high: high, count: count)
            }
        } else if channel < buffer.count {
            buffer[channel].withUnsafeBufferPointer { samples in
                guard let base = samples.baseAddress else {
                    return envelope.reduce(channel: channel, low: [0], high: [0], count: 0)
                }
                envelope.reduce(channel: channel, low: base, high: base, count: samples.count)
            }
        } else {
            envelope.reduce(channel: channel, low: [0], high: [0], count: 0)
        }
    }
}

extension Array where Element == [Float] {
    /// Calls `body` with one base pointer per channel and the frame count every channel has.
    func withPointers<R>(_ body: (UnsafeBufferPointer<UnsafePointer<Float>>, Int) -> R) -> R {
        let frames = map(\.count).min() ?? 0
        let storage = UnsafeMutablePointer<Float>.allocate(capacity: Swift.max(1, frames * count))
        defer { storage.deallocate() }
        for (index, channel) in enumerated() {
            channel.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (storage + index * frames).initialize(from: base, count: frames) }
            }
        }
        let pointers = (0..<count).map { UnsafePointer(storage + $0 * frames) }
        return pointers.withUnsafeBufferPointer { body($0, frames) }
    }
}
