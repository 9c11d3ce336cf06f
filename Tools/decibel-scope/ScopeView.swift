import CCairo
import DecibelCore
import DecibelPlot

/// What decibel-scope draws: the live waveform above its spectrum, and the key bindings that change them.
final class ScopeView: PlotDrawable, @unchecked Sendable {
    let waveform: WaveformPlot
    let spectrum: SpectrumPlot
    private(set) var isPaused = false
    private let rollingMode: WaveformPlot.Mode
    private let status: PlotColor = .plotAxis

    init(sampleRate: Double, mode: WaveformPlot.Mode, fill: Bool, mirror: Bool) {
        var style = WaveformStyle()
        style.fill = fill
        style.mirror = mirror
        waveform = WaveformPlot(mode: mode, style: style, windowFrames: 1024)
        spectrum = SpectrumPlot(
            shape: .bars, frequencyScale: .logarithmic, decibelRange: -100...0, barCount: 96, fftSize: 4096)
        rollingMode = .rolling(points: 600, framesPerPoint: max(1, Int(sampleRate / 100)))
    }

    /// The key bindings, shown in the window title and `--help`.
    static let keys = "m mode (buffer/rolling) · f fill · r mirror · s spectrum bars/line · space pause · q quit"

    /// Applies a key; returns false when the key asks to quit.
    func handle(_ key: PlotKey) -> Bool {
        switch key.name {
        case "m":
            if case .buffer = waveform.mode { waveform.mode = rollingMode } else { waveform.mode = .buffer }
        case "f": waveform.style.fill.toggle()
        case "r": waveform.style.mirror.toggle()
        case "s": spectrum.shape = spectrum.shape == .bars ? .line : .bars
        case "space": isPaused.toggle()
        case "q", "Escape": return false
        default: break
        }
        return true
    }

    /// Takes what the feed holds: into the plots, or nowhere while paused (so the feed never overflows).
    func take(from feed: WaveformFeed, sampleRate: Double) {
        feed.drain { block in
            guard !isPaused else { return }
            waveform.append(block)
            spectrum.append(block, sampleRate: sampleRate)
        }
    }

    func draw(in canvas: PlotCanvas, size: PlotSize) {
        let waveHeight = max(1, size.height * 3 / 5)
        waveform.draw(in: canvas, size: PlotSize(width: size.width, height: waveHeight))
        canvas.save()
        // Each plot paints its own background over the whole clip, so confine the spectrum to its band.
        canvas.clip(x: 0, y: Double(waveHeight), width: Double(size.width), height: Double(size.height - waveHeight))
        cairo_translate(canvas.context, 0, Double(waveHeight))
        spectrum.draw(in: canvas, size: PlotSize(width: size.width, height: max(1, size.height - waveHeight)))
        canvas.restore()
        if isPaused {
            canvas.setColor(status)
            canvas.text("paused", x: Double(size.width) - 8, y: 16, size: 12, anchor: .right)
        }
    }
}
