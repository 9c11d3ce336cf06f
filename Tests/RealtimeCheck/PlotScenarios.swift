import DecibelCore
import DecibelNull
import DecibelPlot

/// Plot's render-side path: a real-time Null input stream whose callback copies into a `WaveformFeed`
/// while this thread drains the feed into a plot and analyses it, as a live window would.
enum PlotScenarios {
    static let all: [Scenario] = [liveFeed]

    static let liveFeed = Scenario(
        "plot-live-feed",
        "Null real-time sine input → WaveformFeed.write on the render thread, drained into a WaveformPlot"
    ) {
        let feed = WaveformFeed(channelCount: 2)
        let backend = NullBackend(options: .init(clock: .realTime, inputSignal: .sine(frequency: 440, amplitude: 0.5)))
        let stream = try backend.makeStream(
            StreamConfiguration(direction: .input, device: "null-in", channelCount: 2, bufferSize: .frames(256)) {
                context in
                feed.write(context.input)
            })
        let plot = WaveformPlot(mode: .rolling(points: 400, framesPerPoint: 256))
        try stream.start()
        var drained = 0
        let deadline = MonotonicClock.now() + 1_200_000_000
        while MonotonicClock.now() < deadline {
            drained += feed.drain(into: plot)
            _ = try plot.renderImage(size: PlotSize(width: 400, height: 100))
            MonotonicClock.sleep(nanoseconds: 16_000_000)
        }
        stream.close()
        guard drained > 24_000 else { throw ScenarioFailure("only \(drained) frames reached the plot in 1.2 s") }
        guard feed.droppedFrames == 0 else { throw ScenarioFailure("the feed dropped \(feed.droppedFrames) frames") }
    }
}
