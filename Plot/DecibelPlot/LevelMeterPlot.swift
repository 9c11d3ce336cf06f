import DecibelCore
import Glibc

/// A mixer-style level meter: per channel a bar for the RMS, a dimmer one behind it for the peak and a
/// tick at the held peak, green up to −12 dBFS, yellow to −3 dBFS and red above, with a dB scale beside it.
///
/// Feed it from a `LevelMeter` node's `peakDBFS`/`rmsDBFS` readings (`update(peakDBFS:rmsDBFS:)`) or from
/// buffers (`measure(_:)`); it holds the highest peak until `resetHold()`.
public struct LevelMeterPlot: PlotDrawable, Sendable {
    /// One channel's levels in dBFS (−infinity for silence).
    public struct Reading: Hashable, Sendable {
        /// The largest magnitude, in dBFS.
        public var peakDBFS: Double
        /// The RMS, in dBFS.
        public var rmsDBFS: Double
        /// The highest peak since the hold was last reset, in dBFS.
        public var heldPeakDBFS: Double

        /// A reading whose held peak starts at its peak.
        public init(peakDBFS: Double, rmsDBFS: Double, heldPeakDBFS: Double? = nil) {
            self.peakDBFS = peakDBFS
            self.rmsDBFS = rmsDBFS
            self.heldPeakDBFS = heldPeakDBFS ?? peakDBFS
        }

        /// Silence on every measure.
        public static let silence = Reading(peakDBFS: -.infinity, rmsDBFS: -.infinity)
    }

    /// Which way the bars grow.
    public enum Orientation: Sendable {
        /// Bottom to top, channels side by side.
        case vertical
        /// Left to right, channels one above the other.
        case horizontal
    }

    /// The readings, one per channel.
    public var channels: [Reading]
    /// The level at the bars' foot, in dBFS; 0 dBFS is at their head.
    public var floorDBFS: Double
    /// Which way the bars grow.
    public var orientation: Orientation
    /// Draws ticks and labels every 6 dB (every 12 below −24 dBFS) beside the bars.
    public var showsScale: Bool
    /// Behind the bars.
    public var background: PlotColor
    /// The bars up to −12 dBFS, to −3 dBFS and above.
    public var lowColor: PlotColor, middleColor: PlotColor, highColor: PlotColor
    /// The scale's ticks and labels.
    public var scaleColor: PlotColor

    /// A meter of `channelCount` silent channels from `floorDBFS` to 0 dBFS.
    public init(channelCount: Int = 2, floorDBFS: Double = -60, orientation: Orientation = .vertical) {
        channels = Array(repeating: .silence, count: max(1, channelCount))
        self.floorDBFS = min(floorDBFS, -1)
        self.orientation = orientation
        showsScale = true
        background = .plotBackground
        lowColor = PlotColor(red8: 0x4c, green8: 0xd1, blue8: 0x6a)
        middleColor = PlotColor(red8: 0xf2, green8: 0xc9, blue8: 0x4c)
        highColor = PlotColor(red8: 0xf0, green8: 0x5a, blue8: 0x4f)
        scaleColor = .plotAxis
    }

    /// The levels at which the colour changes: green below −12 dBFS, yellow to −3 dBFS, red above.
    public static let middleDBFS = -12.0, highDBFS = -3.0

    /// Sets `channel`'s levels (from a `LevelMeter` node, say) and raises its held peak.
    public mutating func update(channel: Int = 0, peakDBFS: Double, rmsDBFS: Double) {
        guard channels.indices.contains(channel) else { return }
        channels[channel].peakDBFS = peakDBFS
        channels[channel].rmsDBFS = rmsDBFS
        channels[channel].heldPeakDBFS = max(channels[channel].heldPeakDBFS, peakDBFS)
    }

    /// Measures a block: each channel's peak and RMS over `view`, holding the peaks. Channels beyond the
    /// meter's are ignored; the meter's beyond the block's read silence.
    public mutating func measure(_ view: AudioBufferView) {
        var levels = Levels(channelCount: channels.count)
        levels.add(view)
        update(levels)
    }

    /// Sets every channel from `levels` (the peak and RMS of all the blocks added to it), holding the peaks.
    public mutating func update(_ levels: Levels) {
        for channel in channels.indices {
            update(
                channel: channel, peakDBFS: levels.peakDBFS(channel: channel), rmsDBFS: levels.rmsDBFS(channel: channel)
            )
        }
    }

    /// The peak and RMS of several blocks together, per channel: what a meter shows for one display frame.
    public struct Levels: Sendable {
        private var peak: [Float], energy: [Double]
        private var frames = 0

        /// Nothing measured yet, for `channelCount` channels.
        public init(channelCount: Int) {
            peak = Array(repeating: 0, count: max(1, channelCount))
            energy = Array(repeating: 0, count: max(1, channelCount))
        }

        /// Takes in a block; channels beyond the meter's are ignored, missing ones count as silence.
        public mutating func add(_ view: AudioBufferView) {
            for channel in 0..<min(peak.count, view.channelCount) {
                for sample in view[channel] {
                    peak[channel] = max(peak[channel], abs(sample))
                    energy[channel] += Double(sample * sample)
                }
            }
            frames += view.frameCount
        }

        /// Frames taken in.
        public var frameCount: Int { frames }

        /// The largest magnitude on `channel`, in dBFS (−infinity for silence or nothing measured).
        public func peakDBFS(channel: Int) -> Double { LevelMeterPlot.decibels(peak[channel]) }

        /// The RMS of `channel` over every frame taken in, in dBFS (−infinity for silence).
        public func rmsDBFS(channel: Int) -> Double {
            frames > 0 && energy[channel] > 0 ? 10 * log10(energy[channel] / Double(frames)) : -.infinity
        }
    }

    /// Lowers every held peak to its current peak.
    public mutating func resetHold() {
        for channel in channels.indices { channels[channel].heldPeakDBFS = channels[channel].peakDBFS }
    }

    /// An amplitude in dBFS (−infinity for 0).
    public static func decibels(_ amplitude: Float) -> Double {
        amplitude > 0 ? 20 * log10(Double(amplitude)) : -.infinity
    }

    /// Where `decibels` falls from the bars' foot (0) to their head (1), clamped.
    func fraction(_ decibels: Double) -> Double {
        guard !decibels.isNaN else { return 0 }
        return min(1, max(0, (decibels - floorDBFS) / -floorDBFS))
    }

    /// The pixels the scale takes beside the bars.
    static let scaleWidth = 30.0, scaleHeight = 16.0

    /// Draws the background, the bars and the scale.
    public func draw(in canvas: PlotCanvas, size: PlotSize) {
        canvas.clear(background)
        let width = Double(size.width), height = Double(size.height)
        let vertical = orientation == .vertical
        // The bars run along `length` from `foot`; channels share `breadth`.
        let scaleSpace = showsScale ? (vertical ? Self.scaleWidth : Self.scaleHeight) : 0
        let length = vertical ? height - 8 : width - 8
        let breadth = (vertical ? width : height) - scaleSpace - 4
        guard length > 1, breadth > 1 else { return }
        let count = Double(channels.count)
        let gap = breadth / count >= 8 ? 2.0 : 0
        let lane = (breadth - gap * (count - 1)) / count
        for (index, reading) in channels.enumerated() {
            let start = scaleSpace + 2 + Double(index) * (lane + gap)
            drawBar(canvas, reading, start: start, lane: lane, length: length, vertical: vertical, size: size)
        }
        if showsScale { drawScale(canvas, length: length, vertical: vertical, size: size) }
    }

    /// The rectangle of a bar from the foot up to `fraction` of `length`, in a lane at `start`.
    private func bar(
        from lower: Double, to upper: Double, start: Double, breadth: Double, length: Double, vertical: Bool,
        size: PlotSize
    ) -> (x: Double, y: Double, width: Double, height: Double) {
        let near = 4 + lower * length, far = 4 + upper * length
        return vertical
            ? (start, Double(size.height) - far, breadth, far - near)
            : (near, start, far - near, breadth)
    }

    private func drawBar(
        _ canvas: PlotCanvas, _ reading: Reading, start: Double, lane: Double, length: Double, vertical: Bool,
        size: PlotSize
    ) {
        let zones: [(Double, Double, PlotColor)] = [
            (0, fraction(Self.middleDBFS), lowColor),
            (fraction(Self.middleDBFS), fraction(Self.highDBFS), middleColor),
            (fraction(Self.highDBFS), 1, highColor),
        ]
        // The track, the peak (dimmed), the RMS, each drawn zone by zone so the colours sit at fixed levels.
        for (level, alpha) in [(1.0, 0.12), (fraction(reading.peakDBFS), 0.45), (fraction(reading.rmsDBFS), 1)] {
            for (lower, upper, color) in zones where level > lower {
                let rect = bar(
                    from: lower, to: min(upper, level), start: start, breadth: lane, length: length,
                    vertical: vertical, size: size)
                canvas.setColor(color.withAlpha(alpha))
                canvas.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                canvas.fill()
            }
        }
        let held = fraction(reading.heldPeakDBFS)
        guard held > 0 else { return }
        let color = zones.last { held > $0.0 }?.2 ?? lowColor
        let tick = bar(
            from: max(0, held - 2 / length), to: held, start: start, breadth: lane, length: length, vertical: vertical,
            size: size)
        canvas.setColor(color)
        canvas.rectangle(x: tick.x, y: tick.y, width: tick.width, height: tick.height)
        canvas.fill()
    }

    private func drawScale(_ canvas: PlotCanvas, length: Double, vertical: Bool, size: PlotSize) {
        canvas.setColor(scaleColor)
        var decibels = 0.0
        while decibels >= floorDBFS {
            let at = 4 + fraction(decibels) * length
            let label = decibels == 0 ? "0" : String(Int(decibels))
            if vertical {
                let y = Double(size.height) - at
                canvas.rectangle(x: Self.scaleWidth - 6, y: y.rounded() - 0.5, width: 5, height: 1)
                canvas.fill()
                canvas.text(label, x: Self.scaleWidth - 8, y: y + 3.5, size: 9, anchor: .right)
            } else {
                canvas.rectangle(x: at.rounded() - 0.5, y: Self.scaleHeight - 6, width: 1, height: 5)
                canvas.fill()
                // The end labels lean inwards so they stay whole.
                let anchor: PlotCanvas.TextAnchor = decibels == 0 ? .right : decibels - 12 < floorDBFS ? .left : .center
                canvas.text(
                    label, x: min(max(at, 1), Double(size.width) - 1), y: Self.scaleHeight - 8, size: 9, anchor: anchor)
            }
            decibels -= decibels > -24 ? 6 : 12
        }
    }
}
