import Decibel
import DecibelCore
import DecibelFormats
import DecibelPlot

/// A whole file's waveform with a playhead (EZAudioPlot on a file, with EZAudioPlayer's position): zoom
/// with the wheel, scroll sideways, click or drag to seek. Bind it to an `AudioPlayer` and it follows
/// the player and seeks it.
@MainActor
public final class OverviewView: GTKWidget {
    /// The file's summary.
    public var peaks: WaveformPeaks { didSet { redraw() } }
    /// The part of the file shown, as fractions of its length (0...1: all of it).
    public private(set) var visibleRange: ClosedRange<Double> = 0...1
    /// Where the playhead is, as a fraction of the file's length.
    public var position: Double = 0 {
        didSet { if playheadPixel(position) != playheadPixel(oldValue) { view.queueDraw() } }
    }
    /// Called with the fraction of the file the user clicked or dragged to.
    public var onSeek: ((Double) -> Void)?
    /// Called with the new visible range after a zoom or scroll.
    public var onZoom: ((ClosedRange<Double>) -> Void)?
    /// The drawing area.
    public let view: PlotView
    public var widget: OpaquePointer { view.widget }
    private var style = WaveformStyle(fill: true)
    private var playheadColor = PlotColor.white

    /// An overview of `peaks`.
    public init(peaks: WaveformPeaks, width: Int = 600, height: Int = 140) {
        self.peaks = peaks
        view = PlotView(drawable: WaveformOverview(peaks: peaks), width: width, height: height)
        view.drawOverlay = { [weak self] canvas, size in self?.drawPlayhead(canvas, size) }
        view.applyTheme = { [weak self] theme in
            guard let self else { return }
            style.background = theme.plotBackground
            style.waveform = theme.accent
            playheadColor = theme.foreground
            view.drawable = WaveformOverview(peaks: visiblePeaks(), style: style)
        }
        view.onPress = { [weak self] x, _ in self?.seek(x: x) }
        view.onDrag = { [weak self] x, _ in self?.seek(x: x) }
        view.onScroll = { [weak self] dx, dy in self?.scroll(dx: dx, dy: dy) }
        redraw()
    }

    /// An overview of `player`'s file whose playhead follows the player and whose clicks seek it.
    /// - Throws: `AudioError` of kind `invalidState` when the player has no file, or what reading the file for
    ///   its peaks throws (`fileNotFound`, `invalidFile`, …).
    public convenience init(
        player: AudioPlayer, bucketCount: Int = 4000, width: Int = 600, height: Int = 140
    )
        throws(AudioError)
    {
        guard let path = player.path else {
            throw AudioError(.invalidState, "the player has no file; load one before making its overview")
        }
        let peaks = try AudioFile(path: path).waveform(.points(bucketCount))
        self.init(peaks: peaks, width: width, height: height)
        view.onFrame = { [weak self, player] _ in
            guard let self, player.duration > 0 else { return false }
            position = min(1, max(0, player.currentTime / player.duration))  // redraws when it moved
            return false
        }
        onSeek = { [player] fraction in player.seek(toTime: fraction * player.duration) }
    }

    /// Shows `range` of the file (fractions of its length), at least 1/1000 of it.
    public func zoom(to range: ClosedRange<Double>) {
        let span = min(1, max(0.001, range.upperBound - range.lowerBound))
        let lower = min(1 - span, max(0, range.lowerBound))
        visibleRange = lower...(lower + span)
        redraw()
        onZoom?(visibleRange)
    }

    private func redraw() { view.drawable = WaveformOverview(peaks: visiblePeaks(), style: style) }

    /// The buckets of the visible range.
    private func visiblePeaks() -> WaveformPeaks {
        guard visibleRange != 0...1, peaks.bucketCount > 1 else { return peaks }
        let count = peaks.bucketCount
        let first = min(count - 1, Int(visibleRange.lowerBound * Double(count)))
        let last = max(first + 1, min(count, Int((visibleRange.upperBound * Double(count)).rounded(.up))))
        func slice(_ channels: [[Float]]) -> [[Float]] { channels.map { Array($0[first..<last]) } }
        return WaveformPeaks(
            sampleRate: peaks.sampleRate, samplesPerBucket: peaks.samplesPerBucket, minimum: slice(peaks.minimum),
            maximum: slice(peaks.maximum), rms: slice(peaks.rms))
    }

    private func fraction(x: Double) -> Double {
        let width = max(1, Double(view.size.width))
        return min(1, max(0, visibleRange.lowerBound + x / width * (visibleRange.upperBound - visibleRange.lowerBound)))
    }

    private func seek(x: Double) {
        let target = fraction(x: x)
        position = target
        onSeek?(target)
    }

    /// The wheel zooms around the playhead (up: in); a sideways scroll moves along the file.
    private func scroll(dx: Double, dy: Double) {
        let span = visibleRange.upperBound - visibleRange.lowerBound
        if dy != 0 {
            let newSpan = min(1, max(0.001, span * (dy < 0 ? 0.8 : 1.25)))
            let anchor = (position - visibleRange.lowerBound) / span
            zoom(to: (position - anchor * newSpan)...(position - anchor * newSpan + newSpan))
        } else if dx != 0 {
            zoom(to: (visibleRange.lowerBound + dx * span * 0.1)...(visibleRange.upperBound + dx * span * 0.1))
        }
    }

    /// The device pixel column of the playhead at `fraction`: the view redraws only when it moves one.
    private func playheadPixel(_ fraction: Double) -> Int {
        let span = visibleRange.upperBound - visibleRange.lowerBound
        return Int(((fraction - visibleRange.lowerBound) / span * Double(view.size.width * view.scaleFactor)).rounded())
    }

    private func drawPlayhead(_ canvas: PlotCanvas, _ size: PlotSize) {
        let span = visibleRange.upperBound - visibleRange.lowerBound
        let x = (position - visibleRange.lowerBound) / span * Double(size.width)
        guard x >= 0, x <= Double(size.width) else { return }
        canvas.setColor(playheadColor)
        canvas.rectangle(x: x.rounded() - 1, y: 0, width: 2, height: Double(size.height))
        canvas.fill()
    }
}
