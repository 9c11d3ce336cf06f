import DecibelCore
import Foundation
import Testing

@testable import DecibelPlot

/// The column-span fill of images against Cairo's own polygon fill of the same envelope.
@Suite struct ColumnSpanTests {
    /// A 3 kHz tone under a slow swell: every column (120 samples) holds whole periods, so the envelope
    /// is smooth from column to column and only the shape's edges can differ between the two fills.
    /// (Where the envelope jumps between neighbouring columns the spans keep each column's own height,
    /// as audiowaveform's columns do, and Cairo's polygon slants between column centres.)
    static let signal: [Float] = (0..<48_000).map { index in
        let t = Double(index) / 48_000
        let swell = 0.5 + 0.45 * sin(2 * Double.pi * 1.5 * t)
        return Float(swell * sin(2 * Double.pi * 3_000 * t))
    }

    static func render(_ style: WaveformStyle, spans: Bool) throws -> PlotImage {
        let surface = try PlotSurface(size: PlotSize(width: 400, height: 120))
        let plot = WaveformPlot(style: style)
        plot.usesColumnSpans = spans
        plot.setBuffer([signal])
        try surface.draw(plot)
        return try surface.image()
    }

    @Test(arguments: [
        WaveformStyle(), WaveformStyle(fill: true), WaveformStyle(fill: true, mirror: true),
        WaveformStyle(waveform: PlotColor(red: 1, green: 0.65, blue: 0, alpha: 0.5), fill: true),
    ])
    func spansLookLikeCairosFill(style: WaveformStyle) throws {
        let spans = try Self.render(style, spans: true), cairo = try Self.render(style, spans: false)
        var total = 0, far = 0
        for (a, b) in zip(spans.pixels, cairo.pixels) {
            var largest = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
            total += largest
            if largest > 128 { far += 1 }
        }
        let mean = Double(total) / Double(spans.pixels.count)
        // Only edge pixels differ (a column's span is square where Cairo's polygon slants between column
        // centres); inside and outside the shape the pixels are the same.
        #expect(mean < 3, "mean difference \(mean) levels")
        #expect(Double(far) < 0.01 * Double(spans.pixels.count), "\(far) pixels differ by more than half")
    }

    /// A constant ±0.5 in a 120-pixel lane spans y 30.25…90.75 (centre 60.5, half height 59.5, widened by
    /// half the line width): rows 31…89 solid, rows 30 and 90 three-quarters covered — pixel for pixel
    /// what Cairo's fill makes of the same rectangle.
    @Test func aConstantAmplitudeCoversItsRowsAsCairoDoes() throws {
        let style = WaveformStyle(fill: true)
        func render(spans: Bool) throws -> PlotImage {
            let surface = try PlotSurface(size: PlotSize(width: 50, height: 120))
            let plot = WaveformPlot(style: style)
            plot.usesColumnSpans = spans
            plot.setBuffer([(0..<5_000).map { $0 % 2 == 0 ? 0.5 : -0.5 }])
            try surface.draw(plot)
            return try surface.image()
        }
        let image = try render(spans: true), cairo = try render(spans: false)
        for x in [0, 25, 49] {
            let inked = image.inkedRows(x: x, background: style.background)
            #expect(inked.first == 30 && inked.last == 90, "column \(x): rows \(inked.first ?? -1)…\(inked.last ?? -1)")
            #expect(image.matches(x: x, y: 31, style.waveform) && image.matches(x: x, y: 89, style.waveform))
            #expect(!image.matches(x: x, y: 30, style.waveform, tolerance: 10))
            for y in 0..<120 {
                #expect(image.matches(x: x, y: y, cairo.color(x: x, y: y), tolerance: 1), "pixel \(x), \(y)")
            }
        }
    }
}
