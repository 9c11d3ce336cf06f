import DecibelCore
import DecibelPlot
import DecibelPlotTestSupport
import Foundation
import Testing

@Suite struct WaveformPlotTests {
    let size = PlotSize(width: 200, height: 101)

    @Test func silenceDrawsOnlyTheCentreLine() throws {
        for fill in [false, true] {
            for mirror in [false, true] {
                let style = WaveformStyle(lineWidth: 1, fill: fill, mirror: mirror)
                let plot = WaveformPlot(style: style)
                plot.setBuffer([[Float](repeating: 0, count: 4800)])
                let image = try plot.renderImage(size: size)
                try image.writePNG(to: PlotArtifacts.path("silence-fill\(fill)-mirror\(mirror).png"))
                for x in 0..<size.width {
                    let rows = image.inkedRows(x: x, background: style.background)
                    #expect(rows == [50], "rows \(rows) column \(x), fill \(fill), mirror \(mirror)")
                    let centre = image.color(x: x, y: 50)
                    #expect(centre.rgba8 == style.waveform.rgba8, "centre pixel \(x) is \(centre)")
                }
            }
        }
    }

    @Test func fullScaleSquareFillsTheExpectedRows() throws {
        // Gain 0.5 puts ±1 at a quarter of the height from the centre: rows 25...75 of 101.
        let style = WaveformStyle(lineWidth: 1, fill: true, gain: 0.5)
        let plot = WaveformPlot(style: style)
        plot.setBuffer([Signals.square(period: 48, frames: 48_000)])
        let image = try plot.renderImage(size: size)
        try image.writePNG(to: PlotArtifacts.path("square-half-gain.png"))
        for x in 0..<size.width {
            for y in 27...73 {
                let ok = image.matches(x: x, y: y, style.waveform); #expect(ok, "(\(x), \(y)) should be waveform")
            }
            for y in Array(0...23) + Array(77...100) {
                let ok = image.matches(x: x, y: y, style.background); #expect(ok, "(\(x), \(y)) should be background")
            }
        }
    }

    @Test func mirroredPlotsAreSymmetric() throws {
        let frames = 20_000
        let samples = (0..<frames).map { index -> Float in
            let envelope = Float(index) / Float(frames)
            return envelope * Float(sin(Double(index) * 0.05)) + 0.3 * envelope * Float(sin(Double(index) * 0.0071))
        }
        for (fill, width) in [(false, 1.0), (true, 1.0), (false, 3.0)] {
            let style = WaveformStyle(lineWidth: width, fill: fill, mirror: true)
            let plot = WaveformPlot(style: style)
            plot.setBuffer([samples])
            let image = try plot.renderImage(size: size)
            try image.writePNG(to: PlotArtifacts.path("mirrored-fill\(fill)-width\(Int(width)).png"))
            var inked = 0
            for x in 0..<size.width {
                for y in 0..<50 {
                    let top = image.color(x: x, y: y), bottom = image.color(x: x, y: 100 - y)
                    // Cairo samples coverage on a grid that is not mirror-exact: edge pixels may differ by a few levels.
                    let same = image.matches(x: x, y: y, bottom, tolerance: 8)
                    #expect(same, "(\(x), \(y)) is \(top) but (\(x), \(100 - y)) is \(bottom)")
                    if !image.matches(x: x, y: y, style.background) { inked += 1 }
                }
            }
            #expect(inked > 500, "the mirrored waveform should draw something above the centre, drew \(inked) pixels")
        }
    }

    @Test func rollingModeShiftsHistoryByTheRightNumberOfColumns() throws {
        let style = WaveformStyle(lineWidth: 1, fill: true)
        let plot = WaveformPlot(mode: .rolling(points: size.width, framesPerPoint: 100), style: style)
        let spike = AudioBuffer(channelCount: 1, frameCapacity: 100)
        spike[0].update(repeating: 1)
        spike.frameLength = 100
        let silence = AudioBuffer(channelCount: 1, frameCapacity: 1000)
        silence.frameLength = 1000
        plot.append(spike.view)
        plot.append(silence.view)  // 10 points after the spike
        let before = try plot.renderImage(size: size)
        try before.writePNG(to: PlotArtifacts.path("rolling-before.png"))
        plot.append(silence.view.prefix(700))  // 7 more points
        plot.append(silence.view.prefix(50))  // half a point: must not move anything yet
        let after = try plot.renderImage(size: size)
        try after.writePNG(to: PlotArtifacts.path("rolling-after.png"))
        func spikeColumn(_ image: PlotImage) -> Int? {
            (0..<size.width).max {
                image.inkedRows(x: $0, background: style.background).count
                    < image.inkedRows(x: $1, background: style.background).count
            }
        }
        let columnBefore = spikeColumn(before), columnAfter = spikeColumn(after)
        #expect(columnBefore == size.width - 11)
        #expect(columnAfter == size.width - 18)
        let spikeRows = before.inkedRows(x: size.width - 11, background: style.background).count
        #expect(spikeRows > 45)
    }

    @Test func colorsAreTheOnesAskedFor() throws {
        let colors = try PlotColor.parseList("#102030,orange")
        let style = WaveformStyle(background: colors[0], waveform: colors[1], lineWidth: 1, fill: true, gain: 0.5)
        let plot = WaveformPlot(style: style)
        plot.setBuffer([Signals.square(period: 48, frames: 48_000)])
        let image = try plot.renderImage(size: size)
        let background = image.color(x: 100, y: 5).rgba8, foreground = image.color(x: 100, y: 40).rgba8
        #expect(background == (0x10, 0x20, 0x30, 255))
        #expect(foreground == (255, 165, 0, 255))
        // A translucent waveform blends over the background.
        let translucent = WaveformStyle(
            background: .black, waveform: try PlotColor(parsing: "#ffffff80"), lineWidth: 1, fill: true, gain: 0.5)
        let blended = try WaveformPlot(style: translucent).with {
            $0.setBuffer([Signals.square(period: 48, frames: 48_000)])
        }.renderImage(size: size)
        let gray = blended.color(x: 100, y: 40).rgba8
        #expect(abs(Int(gray.red) - 128) <= 2, "\(gray)")
        #expect(abs(Int(gray.red) - 128) <= 2 && gray.red == gray.green && gray.green == gray.blue)
    }

    @Test func stereoLanesAndOverlay() throws {
        let left = [Float](repeating: 0, count: 4800), right = Signals.square(period: 48, frames: 48_000)
        let lanes = WaveformStyle(lineWidth: 1, fill: true, laneGap: 3)
        let image = try WaveformPlot(style: lanes).with { $0.setBuffer([left, right]) }.renderImage(size: size)
        try image.writePNG(to: PlotArtifacts.path("stereo-lanes.png"))
        // Lanes of 49 px: the silent top lane draws one centre row, the square fills the bottom lane.
        let inked = image.inkedRows(x: 60, background: lanes.background)
        #expect(inked.filter { $0 < 49 } == [24])
        #expect(inked.filter { $0 > 52 }.count >= 46)

        var overlaid = lanes
        overlaid.channelLayout = .overlaid
        let both = try WaveformPlot(style: overlaid).with { $0.setBuffer([left, right]) }.renderImage(size: size)
        try both.writePNG(to: PlotArtifacts.path("stereo-overlaid.png"))
        // The first channel is drawn last, on top: its silent centre line crosses the second's square.
        let square = both.color(x: 60, y: 20), line = both.color(x: 60, y: 50)
        #expect(square.rgba8 == overlaid.secondWaveform.rgba8, "second channel's square: \(square)")
        #expect(line.rgba8 == overlaid.waveform.rgba8, "first channel's silence on top: \(line)")
    }

    @Test func aMillionPointsReduceToColumns() throws {
        var samples = [Float](repeating: 0, count: 1_000_000)
        samples[500_000] = 1
        let style = WaveformStyle(lineWidth: 1)
        let image = try WaveformPlot(style: style).with { $0.setBuffer([samples]) }.renderImage(size: size)
        // Sample 500000 of 1e6 falls in column 100 of 200; one sample among 5000 still shows.
        let spike = image.inkedRows(x: 100, background: style.background),
            flat = image.inkedRows(x: 50, background: style.background)
        #expect(spike.count > 45)
        #expect(flat == [50])
    }

    @Test func nonFiniteSamplesDrawAsClippedOrSilent() throws {
        let style = WaveformStyle(lineWidth: 1)
        let samples: [Float] = (0..<4000).map { $0 < 2000 ? .nan : .infinity }
        let image = try WaveformPlot(style: style).with { $0.setBuffer([samples]) }.renderImage(size: size)
        let nan = image.inkedRows(x: 40, background: style.background),
            infinite = image.inkedRows(x: 160, background: style.background)
        #expect(nan == [50])
        #expect(infinite.count == 1 && infinite[0] <= 1, "infinity clips at the top edge: \(infinite)")
    }

    @Test func bufferModeAppendKeepsTheNewestWindow() throws {
        let plot = WaveformPlot(windowFrames: 1024)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 300)
        block.frameLength = 300
        for _ in 0..<10 { plot.append(block.view) }
        #expect(plot.channelCount == 2)
        #expect(plot.bufferFrameCount == 1024)
    }
}

extension WaveformPlot {
    func with(_ body: (WaveformPlot) -> Void) -> WaveformPlot {
        body(self)
        return self
    }
}
