import DecibelCore
import DecibelFormats

/// A picture of waveform data as audiowaveform draws it, pixel for pixel: one column per bucket from
/// ``startBucket``, each a vertical line from the bucket's minimum to its maximum (or bars of the loudest
/// bucket they cover), channels in rows, a 1-pixel border with time markers and labels, colours per channel.
/// Decibel adds the RMS drawn inside the peaks.
///
/// Geometry is integer arithmetic on 16-bit values, as audiowaveform computes it, with anti-aliasing off,
/// so a PNG has the same waveform pixels as `audiowaveform` writes (labels are drawn in a different font).
public struct WaveformImage: PlotDrawable, Sendable {
    /// Columns or bars.
    public enum Shape: Sendable, Hashable {
        /// One column per bucket.
        case columns
        /// Bars `width` pixels wide with `gap` pixels between, each as tall as the loudest bucket it covers;
        /// `rounded` rounds their corners.
        case bars(width: Int, gap: Int, rounded: Bool)
    }

    /// The colours of every part.
    public struct Colors: Sendable, Hashable {
        /// Behind the waveform.
        public var background: PlotColor
        /// The border and time markers.
        public var border: PlotColor
        /// Per channel, repeating when there are more channels than colours.
        public var waveform: [PlotColor]
        /// The time labels.
        public var axisLabel: PlotColor

        /// Colours for each part.
        public init(background: PlotColor, border: PlotColor, waveform: [PlotColor], axisLabel: PlotColor) {
            self.background = background
            self.border = border
            self.waveform = waveform.isEmpty ? [PlotColor(red8: 63, green8: 77, blue8: 155)] : waveform
            self.axisLabel = axisLabel
        }

        /// audiowaveform's `audacity` scheme (its default): blue on light grey.
        public static let audacity = Colors(
            background: PlotColor(red8: 214, green8: 214, blue8: 214), border: PlotColor(red8: 0, green8: 0, blue8: 0),
            waveform: [PlotColor(red8: 63, green8: 77, blue8: 155)], axisLabel: PlotColor(red8: 0, green8: 0, blue8: 0))

        /// audiowaveform's `audition` scheme: green on dark green.
        public static let audition = Colors(
            background: PlotColor(red8: 0, green8: 63, blue8: 34),
            border: PlotColor(red8: 157, green8: 157, blue8: 157),
            waveform: [PlotColor(red8: 134, green8: 252, blue8: 199)],
            axisLabel: PlotColor(red8: 190, green8: 190, blue8: 190))
    }

    /// How tall the waveform is drawn.
    public enum AmplitudeScale: Sendable, Hashable {
        /// Values times this factor (1 draws them as they are).
        case factor(Double)
        /// Scaled so the loudest bucket in view reaches the edge (audiowaveform's `auto`).
        case automatic
    }

    /// The data to draw.
    public var peaks: WaveformPeaks
    /// Seconds from the start of the data to the first column (audiowaveform's `--start`).
    public var startTime: Double
    /// Colours.
    public var colors: Colors
    /// Columns or bars.
    public var shape: Shape
    /// Draws the border, time markers and labels (audiowaveform's default).
    public var showsAxisLabels: Bool
    /// Vertical zoom.
    public var amplitudeScale: AmplitudeScale
    /// When set, each column's RMS is drawn inside its peaks in this colour per channel (columns only).
    public var rmsColors: [PlotColor]?

    /// A picture of `peaks` in audiowaveform's default look.
    public init(
        peaks: WaveformPeaks, startTime: Double = 0, colors: Colors = .audacity, shape: Shape = .columns,
        showsAxisLabels: Bool = true, amplitudeScale: AmplitudeScale = .factor(1), rmsColors: [PlotColor]? = nil
    ) {
        self.peaks = peaks
        self.startTime = max(0, startTime)
        self.colors = colors
        self.shape = shape
        self.showsAxisLabels = showsAxisLabels
        self.amplitudeScale = amplitudeScale
        self.rmsColors = rmsColors
    }

    /// The first bucket drawn: ``startTime`` in columns.
    public var startBucket: Int { pixels(forSeconds: startTime) }

    public func draw(in canvas: PlotCanvas, size: PlotSize) {
        canvas.save()
        defer { canvas.restore() }
        canvas.setAntialiasing(false)
        canvas.setReplacesPixels(true)
        fill(canvas, left: 0, top: 0, right: size.width - 1, bottom: size.height - 1, color: colors.background)
        let scale = amplitudeMultiplier(width: size.width)
        for (channel, row) in rows(height: size.height).enumerated() where channel < peaks.channelCount {
            switch shape {
            case .columns: drawColumns(canvas, channel: channel, row: row, width: size.width, scale: scale)
            case .bars(let width, let gap, let rounded):
                drawBars(
                    canvas, channel: channel, row: row, width: size.width, scale: scale,
                    bar: (max(1, width), max(0, gap), rounded))
            }
        }
        if showsAxisLabels { drawAxis(canvas, size: size) }
    }

    // MARK: Layout

    /// Per channel, the first row and the row count: audiowaveform splits the height inside the border
    /// evenly, one pixel between channels, the last channel taking what is left.
    func rows(height: Int) -> [(top: Int, height: Int)] {
        let channels = max(1, peaks.channelCount)
        let topY = showsAxisLabels ? 1 : 0
        let bottomY = showsAxisLabels ? height - 2 : height - 1
        var available = bottomY - topY + 1
        let rowHeight = available / channels
        var top = topY
        var result: [(Int, Int)] = []
        for channel in 0..<channels {
            let bottom = channel == channels - 1 ? top + available - 1 : top + rowHeight
            result.append((top, bottom - top + 1))
            available -= rowHeight + 1
            top += rowHeight + 1
        }
        return result
    }

    /// The pixel row of 16-bit `value` in a row of `height` pixels starting at `top`.
    private func y(_ value: Int, scale: Double, top: Int, height: Int) -> Int {
        let shifted = WaveformPeaks.scaleSixteenBit(value, by: scale) + 32768
        return top + height - 1 - shifted * height / 65536
    }

    private func amplitudeMultiplier(width: Int) -> Double {
        switch amplitudeScale {
        case .factor(let factor): factor
        case .automatic: peaks.automaticAmplitudeScale(buckets: startBucket..<(startBucket + width))
        }
    }

    private func pixels(forSeconds seconds: Double) -> Int {
        Int(seconds * peaks.sampleRate / Double(max(1, peaks.samplesPerBucket)))
    }

    // MARK: Waveform

    private func drawColumns(
        _ canvas: PlotCanvas, channel: Int, row: (top: Int, height: Int), width: Int, scale: Double
    ) {
        let color = colors.waveform[channel % colors.waveform.count]
        let rmsColor = rmsColors.flatMap { $0.isEmpty ? nil : $0[channel % $0.count] }
        var bucket = startBucket
        var x = 0
        while x < width, bucket < peaks.bucketCount {
            let low = WaveformPeaks.sixteenBit(peaks.minimum[channel][bucket])
            let high = WaveformPeaks.sixteenBit(peaks.maximum[channel][bucket])
            let top = y(high, scale: scale, top: row.top, height: row.height)
            let bottom = y(low, scale: scale, top: row.top, height: row.height)
            fill(canvas, left: x, top: top, right: x, bottom: bottom, color: color)
            if let rmsColor {
                // The RMS band, centred on zero and kept inside the peaks.
                let power = min(32767, Int(peaks.rms[channel][bucket] * 32768))
                let rmsTop = max(top, y(min(power, max(high, 0)), scale: scale, top: row.top, height: row.height))
                let rmsBottom = min(
                    bottom, y(max(-power, min(low, 0)), scale: scale, top: row.top, height: row.height))
                if power > 0, rmsTop <= rmsBottom {
                    fill(canvas, left: x, top: rmsTop, right: x, bottom: rmsBottom, color: rmsColor)
                }
            }
            bucket += 1
            x += 1
        }
    }

    private func drawBars(
        _ canvas: PlotCanvas, channel: Int, row: (top: Int, height: Int), width: Int, scale: Double,
        bar: (width: Int, gap: Int, rounded: Bool)
    ) {
        let color = colors.waveform[channel % colors.waveform.count]
        let total = bar.width + bar.gap
        // Bars line up with multiples of their pitch in the data, whatever the start.
        var bucket = (startBucket / total) * total
        var x = bucket - startBucket
        while x < width {
            let height = barHeight(channel: channel, from: bucket, count: total)
            let top = y(height, scale: scale, top: row.top, height: row.height)
            let bottom = y(-height, scale: scale, top: row.top, height: row.height)
            if top != bottom {
                let right = x + bar.width - 1
                if bar.rounded, bar.width > 2, row.height >= 3 {
                    let radius = bar.width > 4 ? bar.width / 4 : bar.width / 2
                    canvas.setColor(color)
                    canvas.roundedRectangle(
                        x: Double(x), y: Double(top), width: Double(bar.width), height: Double(bottom - top + 1),
                        radius: Double(radius))
                    canvas.fill()
                } else {
                    fill(canvas, left: x, top: top, right: right, bottom: bottom, color: color)
                }
            }
            bucket += total
            x += total
        }
    }

    /// The largest magnitude among `count` buckets from `start`, 0…32767.
    private func barHeight(channel: Int, from start: Int, count: Int) -> Int {
        guard start < peaks.bucketCount else { return 0 }
        var low = Int.max, high = Int.min
        for bucket in start..<min(peaks.bucketCount, start + count) {
            low = min(low, WaveformPeaks.sixteenBit(peaks.minimum[channel][bucket]))
            high = max(high, WaveformPeaks.sixteenBit(peaks.maximum[channel][bucket]))
        }
        return min(32767, max(abs(low), abs(high)))
    }

    // MARK: Axis

    /// Seconds between labels: the first of 1, 2, 5, 10, 20, 30 s (then minutes, then hours) at least
    /// 60 pixels apart.
    func axisLabelInterval() -> Int {
        let steps = [1, 2, 5, 10, 20, 30]
        var base = 1
        while base < 1 << 40 {
            for step in steps where pixels(forSeconds: Double(base * step)) >= 60 { return base * step }
            base *= 60
        }
        return base
    }

    /// The x of each time marker and its label, in seconds.
    func axisMarkers(width: Int) -> [(x: Int, seconds: Int)] {
        let interval = axisLabelInterval()
        let first = Int((startTime / Double(interval)).rounded(.up)) * interval
        let offsetSamples = Int((Double(first) - startTime) * peaks.sampleRate)
        let offsetPixels = offsetSamples / max(1, peaks.samplesPerBucket)
        var markers: [(Int, Int)] = []
        var seconds = first
        while true {
            let x = offsetPixels + (seconds - first) * Int(peaks.sampleRate.rounded()) / max(1, peaks.samplesPerBucket)
            guard x < width else { break }
            markers.append((x, seconds))
            seconds += interval
        }
        return markers
    }

    private func drawAxis(_ canvas: PlotCanvas, size: PlotSize) {
        let right = size.width - 1, bottom = size.height - 1
        fill(canvas, left: 0, top: 0, right: right, bottom: 0, color: colors.border)
        fill(canvas, left: 0, top: bottom, right: right, bottom: bottom, color: colors.border)
        fill(canvas, left: 0, top: 0, right: 0, bottom: bottom, color: colors.border)
        fill(canvas, left: right, top: 0, right: right, bottom: bottom, color: colors.border)
        let markerHeight = 10
        canvas.setReplacesPixels(false)
        canvas.setAntialiasing(true)
        for marker in axisMarkers(width: size.width) {
            fill(canvas, left: marker.x, top: 0, right: marker.x, bottom: markerHeight, color: colors.border)
            fill(
                canvas, left: marker.x, top: bottom - markerHeight, right: marker.x, bottom: bottom,
                color: colors.border)
            let label = Self.timeLabel(marker.seconds)
            // audiowaveform's 6×13 font: a label starts half its width left of the marker, and is skipped
            // when that is off the picture.
            let labelWidth = 6 * label.count
            let labelX = marker.x - labelWidth / 2 + 1
            guard labelX >= 0 else { continue }
            canvas.setColor(colors.axisLabel)
            canvas.text(
                label, x: Double(labelX), y: Double(bottom - markerHeight - 1 - 3), size: 10, anchor: .left,
                monospaced: true)
        }
    }

    /// `mm:ss`, or `hh:mm:ss` from an hour on.
    static func timeLabel(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(two(hours)):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }

    /// Fills the pixels from (`left`, `top`) to (`right`, `bottom`), inclusive.
    private func fill(_ canvas: PlotCanvas, left: Int, top: Int, right: Int, bottom: Int, color: PlotColor) {
        canvas.setColor(color)
        canvas.rectangle(
            x: Double(left), y: Double(top), width: Double(right - left + 1), height: Double(bottom - top + 1))
        canvas.fill()
    }
}
