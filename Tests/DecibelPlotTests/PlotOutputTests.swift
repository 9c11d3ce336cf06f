import DecibelCore
import DecibelPlot
import DecibelPlotTestSupport
import DecibelTestSupport
import Foundation
import Testing

@Suite struct PlotOutputTests {
    let size = PlotSize(width: 400, height: 120)

    func overview() -> WaveformOverview {
        // Ten seconds of a decaying two-tone burst every second, stereo, summarised like Formats would.
        let rate = 8_000.0, frames = 80_000
        let left = (0..<frames).map { index -> Float in
            let t = Double(index) / rate, decay = exp(-4 * (t - t.rounded(.down)))
            return Float(decay * (0.7 * sin(2 * .pi * 220 * t) + 0.2 * sin(2 * .pi * 1330 * t)))
        }
        let right = left.enumerated().map { $1 * Float(0.3 + 0.7 * Double($0) / Double(frames)) }
        let peaks = WaveformPeaks.summarize([left, right], sampleRate: rate, bucketCount: 4000)
        return WaveformOverview(peaks: peaks, showsTimeAxis: true)
    }

    /// The SVG and PDF outputs open with librsvg's and poppler's own tools and, rasterised at the same
    /// size, match the PNG: mean difference at most 2/255 per component, and at most 3% of pixels
    /// (anti-aliased edges and text, rasterised by other engines) differ by more than 40/255.
    @Test func svgAndPDFOpenWithRealToolsAndMatchThePNG() throws {
        let directory = PlotArtifacts.directory.path
        let plot = overview()
        let png = directory + "/overview.png", svg = directory + "/overview.svg", pdf = directory + "/overview.pdf"
        try plot.write(to: png, size: size)
        try plot.write(to: svg, size: size)
        try plot.write(to: pdf, size: size)
        let reference = try PlotImage(contentsOfPNG: png)
        #expect(reference.width == size.width && reference.height == size.height)

        let fromSVG = directory + "/overview-rsvg.png"
        let rsvg = try run("rsvg-convert", ["-w", "\(size.width)", "-h", "\(size.height)", "-o", fromSVG, svg])
        #expect(rsvg.status == 0, "rsvg-convert: \(rsvg.standardError)")
        let pdfBase = directory + "/overview-pdftoppm"
        let poppler = try run("pdftoppm", ["-png", "-r", "72", "-singlefile", pdf, pdfBase])
        #expect(poppler.status == 0, "pdftoppm: \(poppler.standardError)")

        for path in [fromSVG, pdfBase + ".png"] {
            let image = try PlotImage(contentsOfPNG: path)
            #expect(
                image.width == size.width && image.height == size.height, "\(path) is \(image.width)×\(image.height)")
            guard image.width == size.width, image.height == size.height else { continue }
            let (mean, overLimit) = image.difference(to: reference, limit: 40)
            #expect(
                mean <= 2 && overLimit <= 0.03,
                "\(path): mean difference \(mean), \(overLimit * 100)% of pixels over 40")
        }
    }

    @Test func formatComesFromTheExtensionAndBadInputIsAnError() throws {
        #expect(PlotFileFormat(path: "/tmp/a.PNG") == .png)
        #expect(PlotFileFormat(path: "/tmp/a.svg") == .svg)
        #expect(PlotFileFormat(path: "/tmp/x.pdf/a") == nil)
        let plot = WaveformPlot()
        #expect(throws: AudioError.self) { try plot.write(to: "/tmp/decibel-plot-tests/a.gif", size: size) }
        #expect(throws: AudioError.self) { try plot.renderImage(size: PlotSize(width: 0, height: 10)) }
        #expect(throws: AudioError.self) { try plot.write(to: "/nonexistent-dir/a.png", size: size) }
        #expect(throws: AudioError.self) { try PlotImage(contentsOfPNG: "/nonexistent.png") }
    }

    @Test func overviewDrawsAnyLengthWithATimeAxis() throws {
        let plot = overview()
        let image = try plot.renderImage(size: PlotSize(width: 800, height: 160))
        try image.writePNG(to: PlotArtifacts.path("overview-800.png"))
        // The axis strip at the bottom has labels (non-background pixels) and the lanes have waveform.
        let axisTop = 160 - Int(WaveformOverview.timeAxisHeight)
        let axisInk = (0..<800).reduce(0) { sum, x in
            sum + (axisTop..<160).filter { !image.matches(x: x, y: $0, plot.style.background) }.count
        }
        #expect(axisInk > 200)
        // Each one-second burst starts loud: the column at 0.01 s is taller than the one just before 1 s.
        let loud = image.inkedRows(x: 1, background: plot.style.background).filter { $0 < axisTop }.count
        let quiet = image.inkedRows(x: 78, background: plot.style.background).filter { $0 < axisTop }.count
        #expect(loud > quiet + 10, "loud \(loud) rows, quiet \(quiet) rows")
        // Fewer buckets than columns and more buckets than columns both draw.
        let merged = WaveformOverview(peaks: plot.peaks.merged(toAtMost: 100))
        #expect(merged.peaks.bucketCount == 100)
        try merged.write(to: PlotArtifacts.path("overview-100-buckets.png"), size: PlotSize(width: 800, height: 120))
    }
}
