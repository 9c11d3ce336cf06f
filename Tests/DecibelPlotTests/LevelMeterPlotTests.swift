import DecibelCore
import Foundation
import Testing

@testable import DecibelPlot

@Suite struct LevelMeterPlotTests {
    /// A 0.5 sine: peak −6.02 dBFS, RMS −9.03 dBFS.
    @Test func measuringABlockGivesItsPeakAndRMSAndHoldsThePeak() {
        let frames = 4_800
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: frames)
        for index in 0..<frames { buffer[0][index] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(index) / 48_000)) }
        var meter = LevelMeterPlot(channelCount: 2)
        meter.measure(buffer.view(frames: frames))
        #expect(abs(meter.channels[0].peakDBFS - -6.02) < 0.01)
        #expect(abs(meter.channels[0].rmsDBFS - -9.03) < 0.01)
        #expect(meter.channels[1].peakDBFS == -.infinity)
        buffer.clear()
        meter.measure(buffer.view(frames: frames))
        #expect(meter.channels[0].peakDBFS == -.infinity)
        #expect(abs(meter.channels[0].heldPeakDBFS - -6.02) < 0.01, "the peak is held")
        meter.resetHold()
        #expect(meter.channels[0].heldPeakDBFS == -.infinity)
    }

    /// One vertical bar 200 pixels tall over −60…0 dBFS: the bars run from 4 to 196, 3.2 pixels per dB.
    /// RMS −6 dBFS reaches y 23.2 (green below −12 dBFS at y 42.4, yellow above), the peak −1 dBFS goes on
    /// dimmed to y 7.2, and the held peak is a red tick just under it.
    @Test(arguments: [1, 2])
    func barsReachTheirLevelsInTheirZoneColours(scale: Int) throws {
        var meter = LevelMeterPlot(channelCount: 1)
        meter.showsScale = false
        meter.update(peakDBFS: -1, rmsDBFS: -6)
        let image = try meter.renderImage(size: PlotSize(width: 40, height: 200), scale: scale)
        let x = 20 * scale
        func color(atY y: Double) -> PlotColor { image.color(x: x, y: Int(y * Double(scale))) }
        func near(_ a: PlotColor, _ b: PlotColor) -> Bool {
            abs(a.red - b.red) < 0.02 && abs(a.green - b.green) < 0.02 && abs(a.blue - b.blue) < 0.02
        }
        #expect(near(color(atY: 150), meter.lowColor))
        #expect(near(color(atY: 30), meter.middleColor))
        #expect(near(color(atY: 24), meter.middleColor))
        #expect(!near(color(atY: 22.5), meter.middleColor), "the RMS bar ends at y 23.2")
        // Over an opaque colour, a colour at alpha a is that colour mixed towards it by a: the track (0.12),
        // then the peak over it (0.45).
        let track = meter.background.mixed(with: meter.highColor, amount: 0.12)
        #expect(near(color(atY: 12), track.mixed(with: meter.highColor, amount: 0.45)), "the peak, dimmed")
        #expect(near(color(atY: 8.2), meter.highColor), "the held peak's tick")
        #expect(near(color(atY: 5), track), "the track")
        #expect(near(color(atY: 2), meter.background), "above the track")
    }

    @Test func aHorizontalMeterGrowsToTheRight() throws {
        var meter = LevelMeterPlot(channelCount: 2, orientation: .horizontal)
        meter.showsScale = false
        meter.update(channel: 0, peakDBFS: -30, rmsDBFS: -30)
        meter.update(channel: 1, peakDBFS: -6, rmsDBFS: -6)
        let image = try meter.renderImage(size: PlotSize(width: 308, height: 40))
        // 300 pixels of bar from x 4: −30 dBFS ends at x 154, −6 dBFS at x 274.
        func lit(x: Int, y: Int) -> Bool { image.color(x: x, y: y).alpha == 1 && image.color(x: x, y: y).green > 0.6 }
        #expect(lit(x: 150, y: 10) && !lit(x: 158, y: 10))
        #expect(lit(x: 270, y: 30) && !lit(x: 278, y: 30))
    }
}
