import CCairo
import DecibelCore
import Foundation
import Testing

@testable import DecibelPlot

/// Drawing into a Cairo context the caller owns: at an offset, inside a group, at scale 2.
@Suite struct PlotContextTests {
    /// Noise whose loudness jumps every 60 frames: at 24 000 frames over 400 pixel columns each column
    /// has its own height, so a picture drawn at half the resolution and scaled up cannot pass for it.
    static let jumpy: [Float] = {
        var generator = SystemRandomNumberGenerator()
        return (0..<24_000).map { index in
            let loudness = Float(0.15 + 0.8 * abs(sin(Double(index / 60) * 1.7)))
            return loudness * Float.random(in: -1...1, using: &generator)
        }
    }()

    /// Per pixel column, the first and last row that is not `background`.
    static func extents(_ image: PlotImage, background: PlotColor) -> [(Int, Int)] {
        (0..<image.width).map { x in
            let rows = image.inkedRows(x: x, background: background)
            return (rows.first ?? -1, rows.last ?? -1)
        }
    }

    /// The largest gap, in rows, between two pictures' per-column extents.
    static func largestGap(_ a: [(Int, Int)], _ b: [(Int, Int)]) -> Int {
        zip(a, b).map { max(abs($0.0 - $1.0), abs($0.1 - $1.1)) }.max() ?? .max
    }

    @Test(arguments: [true, false])
    func aWaveformAtScaleTwoIsAsSharpAsAtTwiceTheSize(spans: Bool) throws {
        func render(size: PlotSize, scale: Int, lineWidth: Double) throws -> PlotImage {
            let plot = WaveformPlot(style: WaveformStyle(lineWidth: lineWidth, fill: true))
            plot.usesColumnSpans = spans
            plot.setBuffer([Self.jumpy])
            return try plot.renderImage(size: size, scale: scale)
        }
        let hidpi = try render(size: PlotSize(width: 200, height: 60), scale: 2, lineWidth: 1)
        let large = try render(size: PlotSize(width: 400, height: 120), scale: 1, lineWidth: 2)
        let small = try render(size: PlotSize(width: 200, height: 60), scale: 1, lineWidth: 1)
        #expect(hidpi.width == 400 && hidpi.height == 120)
        let background = WaveformStyle().background
        let sharp = Self.extents(hidpi, background: background), reference = Self.extents(large, background: background)
        // The centre line of an odd line width sits on a pixel centre (row 60.5 at scale 2) and of an even
        // one on a pixel edge (row 60 at twice the size): the two pictures may differ by that one row.
        #expect(Self.largestGap(sharp, reference) <= 1, "scale 2 against twice the size")
        // A picture at scale 1 blown up to twice its size repeats each column and misses the others.
        let blownUp = Self.extents(small, background: background).flatMap {
            [($0.0 * 2, $0.1 * 2), ($0.0 * 2, $0.1 * 2)]
        }
        #expect(Self.largestGap(blownUp, reference) > 4, "scale 1 scaled up is visibly coarser")
    }

    @Test func anOverviewAtScaleTwoIsAsSharpAsAtTwiceTheSize() throws {
        let peaks = WaveformPeaks.summarize([Self.jumpy], sampleRate: 48_000, bucketCount: 800)
        func render(size: PlotSize, scale: Int, lineWidth: Double) throws -> PlotImage {
            var style = WaveformStyle(lineWidth: lineWidth, fill: true)
            style.waveform = .white
            return try WaveformOverview(peaks: peaks, style: style, showsRMS: false).renderImage(
                size: size, scale: scale)
        }
        let hidpi = try render(size: PlotSize(width: 200, height: 60), scale: 2, lineWidth: 1)
        let large = try render(size: PlotSize(width: 400, height: 120), scale: 1, lineWidth: 2)
        let background = WaveformStyle().background
        #expect(
            Self.largestGap(Self.extents(hidpi, background: background), Self.extents(large, background: background))
                <= 1)
    }

    /// A plot drawn into a bigger surface at (50, 40), through a group as GTK draws widgets: the rectangle
    /// holds what the plot draws alone, every pixel outside it is untouched, and the context's own state
    /// (source, line width, operator) is as it was.
    @Test(arguments: [1, 2])
    func aPlotDrawsIntoACallersContextAtAnOffsetAndTouchesNothingElse(scale: Int) throws {
        let plot = WaveformPlot(style: WaveformStyle(fill: true))
        plot.setBuffer([Self.jumpy])
        let size = PlotSize(width: 200, height: 100)
        let alone = try plot.renderImage(size: size, scale: scale)

        let surface = try #require(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(300 * scale), Int32(200 * scale)))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let context = try #require(cairo_create(surface))
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 0, 1)
        cairo_paint(context)
        cairo_set_line_width(context, 7)
        cairo_translate(context, 50, 40)
        cairo_push_group(context)
        try plot.draw(into: context, size: size)
        #expect(cairo_get_line_width(context) == 7)
        #expect(cairo_get_operator(context) == CAIRO_OPERATOR_OVER)
        cairo_pop_group_to_source(context)
        cairo_paint(context)
        cairo_surface_flush(surface)
        let whole = try PlotImage(copying: surface)

        let magenta = PlotColor(red: 1, green: 0, blue: 1)
        var outside = 0, inside = 0, insideDifferent = 0
        for y in 0..<whole.height {
            for x in 0..<whole.width {
                let px = x - 50 * scale, py = y - 40 * scale
                if px >= 0, px < alone.width, py >= 0, py < alone.height {
                    inside += 1
                    if whole.argb(x: x, y: y) != alone.argb(x: px, y: py) { insideDifferent += 1 }
                } else if !whole.matches(x: x, y: y, magenta, tolerance: 0) {
                    outside += 1
                }
            }
        }
        #expect(inside == alone.width * alone.height)
        #expect(insideDifferent == 0, "\(insideDifferent) pixels differ from the plot drawn alone")
        #expect(outside == 0, "\(outside) pixels outside the plot's rectangle were drawn on")
    }

    @Test func aContextAlreadyInErrorIsReportedNotDrawnInto() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10))
        defer { cairo_surface_destroy(surface) }
        let context = try #require(cairo_create(surface))
        defer { cairo_destroy(context) }
        cairo_restore(context)  // a restore without a save puts the context in an error state
        let error = #expect(throws: AudioError.self) {
            try LevelMeterPlot().draw(into: context, size: PlotSize(width: 10, height: 10))
        }
        #expect(error?.kind == .backendError)
        #expect(error?.message.contains("the Cairo context handed in") == true)
    }

    @Test func scalesBelowOneAndSizesPastCairosLimitAreRefused() {
        let plot = LevelMeterPlot()
        #expect(throws: AudioError.self) { try plot.renderImage(size: PlotSize(width: 10, height: 10), scale: 0) }
        #expect(throws: AudioError.self) { try plot.renderImage(size: PlotSize(width: 20_000, height: 10), scale: 2) }
        #expect(throws: AudioError.self) { try PlotSurface(size: PlotSize(width: 10, height: 10), scale: 0) }
    }
}
