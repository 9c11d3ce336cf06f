import DecibelAnalysis
import DecibelCore

/// A magnitude spectrum in dB against frequency, as bars or a line, on a linear or logarithmic axis,
/// like the FFT view of EZAudio's examples.
///
/// ```swift
/// let plot = SpectrumPlot()
/// try plot.analyze(samples, sampleRate: 48_000)      // Hann-windowed 4096-point FFT
/// try plot.write(to: "spectrum.png", size: PlotSize(width: 800, height: 300))
/// ```
public final class SpectrumPlot: PlotDrawable {
    /// How magnitudes are drawn.
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        /// Vertical bars, one per frequency band.
        case bars
        /// A line over a translucent fill.
        case line
    }

    /// How frequency maps to x.
    public enum FrequencyScale: String, Hashable, Sendable, CaseIterable {
        /// Equal hertz per pixel.
        case linear
        /// Equal octaves per pixel.
        case logarithmic
    }

    /// The spectrum drawn; `nil` draws an empty frame.
    public var spectrum: Spectrum?
    /// Bars or line.
    public var shape: Shape
    /// Linear or logarithmic frequency axis.
    public var frequencyScale: FrequencyScale
    /// The dB range from the bottom to the top of the plot.
    public var decibelRange: ClosedRange<Float>
    /// The frequency range across the plot; `nil` means 20 Hz (log) or 0 Hz (linear) up to Nyquist.
    public var frequencyRange: ClosedRange<Double>?
    /// Bands in bar mode.
    public var barCount: Int
    /// The FFT size `analyze` uses (a power of two; shorter inputs use the largest power of two that fits).
    public var fftSize: Int
    /// The window `analyze` applies.
    public var window: AnalysisWindow
    /// Background colour.
    public var background: PlotColor
    /// Bars and line colour.
    public var color: PlotColor
    /// Grid line and label colour.
    public var axisColor: PlotColor
    /// Draws dB and Hz grid lines with labels.
    public var showsGrid: Bool

    private var analyzer: SpectrumAnalyzer?
    private var recent: [Float] = []
    private var recentRate = 48_000.0
    private var needsAnalysis = false

    /// Creates an empty spectrum plot.
    public init(
        shape: Shape = .bars, frequencyScale: FrequencyScale = .logarithmic,
        decibelRange: ClosedRange<Float> = -100...0,
        barCount: Int = 64, fftSize: Int = 4096, window: AnalysisWindow = .hann,
        background: PlotColor = .plotBackground,
        color: PlotColor = .plotWaveform, axisColor: PlotColor = .plotAxis, showsGrid: Bool = true
    ) {
        self.shape = shape
        self.frequencyScale = frequencyScale
        self.decibelRange = decibelRange
        self.barCount = barCount
        self.fftSize = fftSize
        self.window = window
        self.background = background
        self.color = color
        self.axisColor = axisColor
        self.showsGrid = showsGrid
    }

    /// Computes and keeps the spectrum of the first `fftSize` samples (fewer if `samples` is shorter).
    /// - Throws: `AudioError` of kind `invalidArgument` when the FFT cannot be prepared: more than 16777216
    ///   samples would be analysed (`fftSize` and `samples.count` both 33554432 or more), or memory ran out.
    @discardableResult
    public func analyze(_ samples: [Float], sampleRate: Double) throws(AudioError) -> Spectrum {
        var size = 2
        while size * 2 <= min(fftSize, samples.count) { size *= 2 }
        if analyzer?.size != size || analyzer?.window != window {
            analyzer = try SpectrumAnalyzer(size: size, window: window)
        }
        guard let analyzer else { throw AudioError(.invalidState, "spectrum analyser missing") }
        let result = analyzer.spectrum(of: samples, sampleRate: sampleRate)
        spectrum = result
        return result
    }

    /// Live use: adds `view`'s frames (channels mixed to mono) to a window of the newest `fftSize`
    /// frames, analysed at the next `draw`. Call from the thread that draws (a window's `onFrame`).
    public func append(_ view: AudioBufferView, sampleRate: Double) {
        guard view.channelCount > 0, view.frameCount > 0 else { return }
        let scale = 1 / Float(view.channelCount)
        for frame in 0..<view.frameCount {
            var sum: Float = 0
            for channel in 0..<view.channelCount { sum += view.samples(channel)[frame] }
            recent.append(sum * scale)
        }
        if recent.count > fftSize { recent.removeFirst(recent.count - fftSize) }
        recentRate = sampleRate
        needsAnalysis = true
    }

    /// Analyses what `append` collected, if anything new arrived.
    func analyzeRecentIfNeeded() {
        guard needsAnalysis, recent.count >= 2 else { return }
        needsAnalysis = false
        _ = try? analyze(recent, sampleRate: recentRate)
    }

    /// The frequencies at the left and right edges.
    public var visibleFrequencies: ClosedRange<Double> {
        let nyquist = (spectrum?.sampleRate ?? 48_000) / 2
        if let frequencyRange { return frequencyRange }
        return frequencyScale == .logarithmic ? min(20, nyquist / 2)...nyquist : 0...nyquist
    }

    /// The x fraction (0...1, left to right) where `frequency` is drawn.
    public func position(of frequency: Double) -> Double {
        let range = visibleFrequencies
        switch frequencyScale {
        case .linear: return (frequency - range.lowerBound) / (range.upperBound - range.lowerBound)
        case .logarithmic:
            let low = log2(max(range.lowerBound, 1e-3)), high = log2(max(range.upperBound, 2e-3))
            return (log2(max(frequency, 1e-3)) - low) / (high - low)
        }
    }

    /// The frequency at x fraction `position` (0...1).
    func frequency(at position: Double) -> Double {
        let range = visibleFrequencies
        switch frequencyScale {
        case .linear: return range.lowerBound + position * (range.upperBound - range.lowerBound)
        case .logarithmic:
            let low = log2(max(range.lowerBound, 1e-3)), high = log2(max(range.upperBound, 2e-3))
            return exp2(low + position * (high - low))
        }
    }

    /// The loudest dB value between two frequencies (interpolated when no bin falls inside).
    func level(from low: Double, to high: Double) -> Float {
        guard let spectrum, !spectrum.decibels.isEmpty else { return decibelRange.lowerBound }
        let width = spectrum.binWidth
        let first = Int((low / width).rounded(.up)), last = Int((high / width).rounded(.down))
        let bins = spectrum.decibels
        if first <= last, first < bins.count, last >= 0 {
            return bins[max(0, first)...min(bins.count - 1, last)].max() ?? decibelRange.lowerBound
        }
        let position = min(max(0, (low + high) / 2 / width), Double(bins.count - 1))
        let index = min(Int(position), max(0, bins.count - 2))
        guard bins.count > 1 else { return bins[0] }
        let fraction = Float(position - Double(index))
        return bins[index] + (bins[index + 1] - bins[index]) * fraction
    }
}

#if canImport(Glibc)
import Glibc
#endif
