import DecibelCore
import DecibelPlot
import DecibelPlotTestSupport
import Foundation
import Testing

/// Renders the pictures a person should look at (in /tmp/decibel-plot-tests) after a change to drawing:
/// a live-style buffer plot, EZAudio-style filled and mirrored plots, and a rolling plot.
@Suite struct PlotGalleryTests {
    @Test func gallery() throws {
        let size = PlotSize(width: 800, height: 200)
        let sine = Signals.sine(frequency: 440, amplitude: 0.8, frames: 1024)
        let speech = (0..<48_000).map { index -> Float in
            let t = Double(index) / 48_000
            let syllables = max(0, sin(2 * .pi * 3 * t)) * (0.6 + 0.4 * sin(2 * .pi * 0.7 * t))
            return Float(
                syllables * (0.6 * sin(2 * .pi * 180 * t) + 0.3 * sin(2 * .pi * 1270 * t + 0.3 * sin(2 * .pi * 5 * t))))
        }
        let styles: [(String, WaveformStyle)] = [
            ("stroked", WaveformStyle(lineWidth: 1.5)),
            ("filled", WaveformStyle(fill: true)),
            ("mirrored-filled", WaveformStyle(fill: true, mirror: true)),
            ("mirrored-stroked", WaveformStyle(mirror: true)),
        ]
        for (name, style) in styles {
            try WaveformPlot(style: style).with { $0.setBuffer([sine]) }.write(
                to: PlotArtifacts.path("gallery-sine-\(name).png"), size: size)
            try WaveformPlot(style: style).with { $0.setBuffer([speech]) }.write(
                to: PlotArtifacts.path("gallery-speech-\(name).png"), size: size)
        }
        let rolling = WaveformPlot(
            mode: .rolling(points: 400, framesPerPoint: 120), style: WaveformStyle(fill: true, mirror: true))
        rolling.setBuffer([speech])
        try rolling.write(to: PlotArtifacts.path("gallery-rolling.png"), size: size)
        try WaveformPlot(style: WaveformStyle(fill: true)).with { $0.setBuffer([speech]) }.write(
            to: PlotArtifacts.path("gallery-speech-filled-scale2.png"), size: PlotSize(width: 400, height: 100),
            scale: 2)
        var meter = LevelMeterPlot(channelCount: 2)
        meter.update(channel: 0, peakDBFS: -1.5, rmsDBFS: -8)
        meter.update(channel: 1, peakDBFS: -14, rmsDBFS: -20)
        try meter.write(to: PlotArtifacts.path("gallery-meter.png"), size: PlotSize(width: 80, height: 240), scale: 2)
        meter.orientation = .horizontal
        try meter.write(to: PlotArtifacts.path("gallery-meter-horizontal.png"), size: PlotSize(width: 320, height: 60))
        #expect(FileManager.default.fileExists(atPath: PlotArtifacts.path("gallery-rolling.png")))
    }
}
