import DecibelPlot
import DecibelPlotTestSupport
import DecibelTestSupport
import Foundation
import Testing

/// decibel-scope under Xvfb: a live waveform from the Null device's sine input, seen in screenshots.
@Suite("decibel-scope window", .serialized)
struct ScopeTests {
    /// Columns of the waveform band (the top 3/5 of the 900×420 window) with ink on the background.
    private func waveformColumns(_ image: PlotImage) -> Set<Int> {
        var columns = Set<Int>()
        for x in 0..<900 {
            for y in 0..<250 where !image.color(x: x, y: y).isClose(to: .plotBackground, tolerance: 30) {
                columns.insert(x)
                break
            }
        }
        return columns
    }

    @Test("shows a live waveform that moves between screenshots, with the spectrum below, and closes by itself")
    func liveWaveform() throws {
        let xvfb = try XvfbServer(width: 1000, height: 500)
        defer { xvfb.stop() }
        let scope = try ChildProcess(
            TestEnvironment.productsDirectory.appendingPathComponent("decibel-scope").path,
            ["--backend", "null", "--device", "null-in", "--seconds", "6", "--display", xvfb.display],
            standardOutput: .inherit, standardError: .pipe)
        Thread.sleep(forTimeInterval: 1.5)
        let first = try xvfb.screenshot("scope-1.png")
        // A loaded machine can starve the window thread for a moment: look again a few times.
        var moved = 0
        for _ in 0..<6 where moved <= 200 {
            Thread.sleep(forTimeInterval: 0.2)
            let second = try xvfb.screenshot("scope-2.png")
            moved = 0
            for x in stride(from: 0, to: 900, by: 3) {
                for y in stride(from: 2, to: 250, by: 3) where first.color(x: x, y: y) != second.color(x: x, y: y) {
                    moved += 1
                }
            }
        }
        let log = String(decoding: scope.readToEnd().error, as: UTF8.self)
        #expect(scope.wait() == .exited(0), "\(log)")
        #expect(log.contains("closed after"))
        #expect(waveformColumns(first).count > 800, "the waveform should span the window")
        #expect(moved > 200, "the waveform should move between screenshots (\(moved) pixels changed)")
        let spectrumBand = (300..<400).filter { y in
            (0..<900).contains { first.color(x: $0, y: y).isClose(to: .plotWaveform) }
        }
        #expect(!spectrumBand.isEmpty, "the spectrum bars should show below the waveform")
    }

    @Test("with --file it plays the file, shows it, and closes when the file ends")
    func fileMode() throws {
        let xvfb = try XvfbServer(width: 1000, height: 500)
        defer { xvfb.stop() }
        let tone = TestEnvironment.temporaryDirectory("decibel-scope").appendingPathComponent("tone.wav").path
        try #require(try run("sox", ["-n", "-r", "44100", "-c", "2", tone, "synth", "2", "sine", "500"]).status == 0)
        let started = Date()
        let result = try run(
            TestEnvironment.productsDirectory.appendingPathComponent("decibel-scope").path,
            ["--backend", "null", "--file", tone, "--display", xvfb.display], timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("closed after"))
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed > 1.8 && elapsed < 10, "closed after \(elapsed) s for a 2 s file")
    }

    @Test("without a display it says so and exits non-zero")
    func noDisplay() throws {
        let result = try run(
            TestEnvironment.productsDirectory.appendingPathComponent("decibel-scope").path,
            ["--backend", "null", "--seconds", "1", "--display", ":4242"])
        #expect(result.status != 0)
        #expect(result.standardError.contains(":4242"), "\(result.standardError)")
    }
}

extension PlotColor {
    /// Whether every 8-bit component is within `tolerance` of `other`'s.
    func isClose(to other: PlotColor, tolerance: Int = 24) -> Bool {
        let a = rgba8, b = other.rgba8
        return abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }
}
