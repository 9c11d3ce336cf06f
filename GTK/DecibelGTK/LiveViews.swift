import DecibelCore
import DecibelPlot

/// A rolling waveform of live audio (EZAudioPlot's rolling plot), fed from a render callback or a tap
/// through `feed` with no lock on the render thread and redrawn on GTK's frame clock.
///
/// ```swift
/// let scope = LiveWaveformView(channelCount: 2)
/// _ = try player.playedAudio { scope.feed.write($0) }   // a tap's thread: the feed never blocks
/// ```
@MainActor
public final class LiveWaveformView: GTKWidget {
    /// Where audio comes in: `feed.write(_:)` from any one thread, a render thread included.
    public nonisolated let feed: WaveformFeed
    /// The plot drawn; its style follows the GTK theme.
    public let plot: WaveformPlot
    /// The drawing area.
    public let view: PlotView
    public var widget: OpaquePointer { view.widget }

    /// Shows the last `seconds` of `channelCount` channels at `sampleRate`.
    public init(
        channelCount: Int = 1, seconds: Double = 2, sampleRate: Double = 48_000, width: Int = 400, height: Int = 120
    ) {
        let points = 1024, frames = max(points, Int(seconds * sampleRate))
        plot = WaveformPlot(
            mode: .rolling(points: points, framesPerPoint: frames / points), style: WaveformStyle(fill: true))
        feed = WaveformFeed(channelCount: channelCount)
        view = PlotView(drawable: plot, width: width, height: height)
        view.onFrame = { [feed, plot] _ in feed.drain(into: plot) > 0 }
        view.applyTheme = { [plot] theme in
            plot.style.background = theme.plotBackground
            plot.style.waveform = theme.accent
        }
    }
}

/// A live spectrum (EZAudio's FFT example), fed like `LiveWaveformView`.
@MainActor
public final class SpectrumView: GTKWidget {
    /// Where audio comes in, from any one thread.
    public nonisolated let feed: WaveformFeed
    /// The plot drawn; its colours follow the GTK theme.
    public let plot: SpectrumPlot
    /// The rate of the audio fed.
    public var sampleRate: Double
    /// The drawing area.
    public let view: PlotView
    public var widget: OpaquePointer { view.widget }

    /// A spectrum of `channelCount` channels (mixed) at `sampleRate`.
    public init(
        channelCount: Int = 2, sampleRate: Double = 48_000, shape: SpectrumPlot.Shape = .bars, width: Int = 400,
        height: Int = 160
    ) {
        plot = SpectrumPlot(shape: shape)
        feed = WaveformFeed(channelCount: channelCount)
        self.sampleRate = sampleRate
        view = PlotView(drawable: plot, width: width, height: height)
        view.onFrame = { [weak self] _ in
            guard let self else { return false }
            return feed.drain { self.plot.append($0, sampleRate: self.sampleRate) } > 0
        }
        view.applyTheme = { [plot] theme in
            plot.background = theme.plotBackground
            plot.color = theme.accent
            plot.axisColor = theme.axis
        }
    }
}

/// A mixer-style level meter, fed like `LiveWaveformView`: each frame shows the peak and RMS of the
/// audio since the last, and holds the highest peak for two seconds.
@MainActor
public final class LevelMeterView: GTKWidget {
    /// Where audio comes in, from any one thread.
    public nonisolated let feed: WaveformFeed
    /// The meter drawn.
    public private(set) var meter: LevelMeterPlot
    /// The drawing area.
    public let view: PlotView
    public var widget: OpaquePointer { view.widget }
    private var sinceHold = 0
    /// Frames a held peak stays (two seconds at 48 kHz).
    public var holdFrames = 96_000

    /// A meter of `channelCount` channels.
    public init(
        channelCount: Int = 2, orientation: LevelMeterPlot.Orientation = .vertical, width: Int = 60, height: Int = 160
    ) {
        meter = LevelMeterPlot(channelCount: channelCount, orientation: orientation)
        feed = WaveformFeed(channelCount: channelCount)
        view = PlotView(drawable: meter, width: width, height: height)
        // A meter keeps its breadth and grows along its bars only.
        if orientation == .vertical {
            view.api.gtk_widget_set_hexpand(view.widget, 0)
        } else {
            view.api.gtk_widget_set_vexpand(view.widget, 0)
        }
        view.onFrame = { [weak self] view in
            guard let self, measure() else { return false }
            view.drawable = meter
            return false  // setting the drawable has asked for the frame already
        }
        view.applyTheme = { [weak self] theme in
            guard let self else { return }
            meter.background = theme.plotBackground
            meter.scaleColor = theme.axis
            view.drawable = meter
        }
    }

    /// Takes in what the feed holds; returns whether there was anything.
    private func measure() -> Bool {
        var levels = LevelMeterPlot.Levels(channelCount: meter.channels.count)
        feed.drain { levels.add($0) }
        guard levels.frameCount > 0 else { return false }
        sinceHold += levels.frameCount
        if sinceHold >= holdFrames {
            meter.resetHold()
            sinceHold = 0
        }
        meter.update(levels)
        return true
    }
}
