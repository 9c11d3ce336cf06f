import ArgumentParser
import Decibel
import DecibelPlot
import DecibelToolSupport
import FoundationEssentials

/// `decibel waveform`: audiowaveform's command line — same options, same defaults, same bytes — plus
/// Decibel's own looks and SVG/PDF output.
struct WaveformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waveform",
        abstract:
            "Waveform data (.dat/.json/.txt) for web players, or a picture (PNG/SVG/PDF): audiowaveform's options.",
        discussion: """
            Takes audiowaveform's options with its meanings and defaults: mono mix at 256 samples per pixel, \
            16 bits, an 800×250 picture of the first 800 pixels with axis labels. -z auto fits the whole \
            input to the width. The input is audio (any format Decibel reads) or .dat/.json data, which \
            can be drawn, converted, or re-zoomed to a coarser level. '-' reads stdin or writes stdout \
            (name the format with --input-format/--output-format).

            Examples:
              decibel waveform -i take.mp3 -o take.dat -z 256 -b 8
              decibel waveform take.wav -o take.png -z auto -w 1200 -h 160 --waveform-style bars
              decibel waveform take.flac -o take.json --pixels-per-second 20 --split-channels
              decibel waveform take.dat -o take.png -s 30 -e 60 --no-axis-labels
              decibel waveform take.wav -o take.svg -z auto --mirror --fill --rms
            """,
        helpNames: [.long]
    )

    @Argument(help: "The input (audio, or .dat/.json data); or give it with -i.")
    var file: String?

    @Option(name: [.customShort("i"), .customLong("input-filename")], help: "The input file ('-' for stdin).")
    var inputFilename: String?

    @Option(
        name: [.customShort("o"), .customLong("output-filename"), .customLong("output")],
        help: "Output ending in .dat, .json, .txt, .png, .svg or .pdf ('-' for stdout).")
    var outputFilename: String?

    @Option(name: .long, help: "Input format when the name does not tell: mp3, wav, flac, ogg, opus, dat, json…")
    var inputFormat: String?

    @Option(name: .long, help: "Output format when the name does not tell: dat, json, txt, png, svg, pdf.")
    var outputFormat: String?

    @Option(
        name: [.customShort("z"), .customLong("zoom"), .customLong("samples-per-pixel")],
        help: ArgumentHelp(
            "Samples per pixel, or 'auto' to fit the input to --width. (default: 256)", valueName: "N|auto"))
    var zoom: String?

    @Option(name: .long, help: "Pixels per second, instead of --zoom.")
    var pixelsPerSecond: Int?

    @Option(
        name: [.customShort("b"), .long],
        help: "Bits per value in .dat/.json, 8 or 16. (default: 16, or the input data's)")
    var bits: Int?

    @Option(name: [.customShort("s"), .long], help: "Picture start time (seconds or m:ss).")
    var start: String?

    @Option(name: [.customShort("e"), .long], help: "End time: sets the zoom so --start…--end fills --width.")
    var end: String?

    @Flag(name: .long, help: "One waveform per channel instead of a mono mix.")
    var splitChannels = false

    @Option(name: .long, help: ArgumentHelp("Vertical zoom, or 'auto' to fill the height.", valueName: "N|auto"))
    var amplitudeScale = "1.0"

    @Option(name: [.customShort("w"), .long], help: "Picture width in pixels.")
    var width = 800

    @Option(name: [.customShort("h"), .long], help: "Picture height in pixels.")
    var height = 250

    @Option(name: [.customShort("c"), .long], help: "Colour scheme: audacity or audition.")
    var colors = "audacity"

    @Option(name: .long, help: "Background colour (rrggbb[aa] or a name).")
    var backgroundColor: String?

    @Option(name: .long, help: "Waveform colour; a comma-separated list colours each channel.")
    var waveformColor: String?

    @Option(name: .long, help: "Border and marker colour.")
    var borderColor: String?

    @Option(name: .long, help: "Axis label colour.")
    var axisLabelColor: String?

    @Flag(name: .long, help: "Draw the border and time labels (the default).")
    var withAxisLabels = false

    @Flag(name: .long, help: "Draw no border or time labels.")
    var noAxisLabels = false

    @Option(name: .long, help: "normal or bars.")
    var waveformStyle = "normal"

    @Option(name: .long, help: "Bar width in pixels.")
    var barWidth = 8

    @Option(name: .long, help: "Gap between bars in pixels.")
    var barGap = 4

    @Option(name: .long, help: "square or rounded.")
    var barStyle = "square"

    @Option(name: .long, help: "PNG compression level: 0 (none) to 9 (best), or -1 (zlib's default).")
    var compression = -1

    @Flag(name: [.customShort("q"), .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Decibel: draw each column's RMS inside its peaks.")
    var rms = false

    @Option(name: .long, help: "Decibel: RMS colour(s), per channel (default: the waveform colour lightened).")
    var rmsColor: String?

    @Flag(name: .long, help: "Decibel's smooth look: mirror about the centre line.")
    var mirror = false

    @Flag(name: .long, help: "Decibel's smooth look: filled.")
    var fill = false

    @Flag(name: .long, help: "Decibel's smooth look: outlines only.")
    var stroke = false

    func validate() throws {
        guard (file == nil) != (inputFilename == nil) else {
            throw ValidationError("give the input once: as the argument or with -i/--input-filename")
        }
        guard outputFilename != nil || outputFormat != nil else {
            throw ValidationError("give an output with -o/--output-filename (or --output-format with -o -)")
        }
        guard (1...20_000).contains(width), (1...10_000).contains(height) else {
            throw ValidationError("--width must be 1...20000 and --height 1...10000")
        }
        if let bits { guard bits == 8 || bits == 16 else { throw ValidationError("--bits must be 8 or 16") } }
        guard (-1...9).contains(compression) else {
            throw ValidationError("--compression must be 0 (none) to 9 (best), or -1 (default)")
        }
        guard ["normal", "bars"].contains(waveformStyle) else {
            throw ValidationError("--waveform-style must be normal or bars (got '\(waveformStyle)')")
        }
        guard ["square", "rounded"].contains(barStyle) else {
            throw ValidationError("--bar-style must be square or rounded (got '\(barStyle)')")
        }
        guard barWidth >= 1, barGap >= 0 else { throw ValidationError("--bar-width must be ≥ 1 and --bar-gap ≥ 0") }
        guard ["audacity", "audition"].contains(colors) else {
            throw ValidationError(
                "--colors takes audacity or audition (audiowaveform's meaning); give colours with --background-color and --waveform-color"
            )
        }
        guard !(withAxisLabels && noAxisLabels) else {
            throw ValidationError("give --with-axis-labels or --no-axis-labels, not both")
        }
        let given = [zoom != nil, pixelsPerSecond != nil, end != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("give one of --zoom, --pixels-per-second and --end") }
        if let pixelsPerSecond {
            guard pixelsPerSecond > 0 else { throw ValidationError("--pixels-per-second must be greater than zero") }
        }
    }

    func run() throws {
        let input = try WaveformInput(path: inputFilename ?? file ?? "-", format: inputFormat)
        let output = try WaveformOutput(path: outputFilename ?? "-", format: outputFormat)
        let plan = try WaveformPlan(command: self, input: input)
        if case .data(.dat) = output.kind, output.path != "-", case .audio(let file) = input.content,
            amplitudeScale != "auto"
        {
            // Straight from the decoder to the file, bucket by bucket: bounded memory for any length. (The
            // automatic scale needs every bucket first, and stdout cannot have its header mended.)
            _ = try amplitudeFactor()
            let perPixel = try plan.samplesPerPixel(of: file)
            let buckets = try file.writeSixteenBitWaveformDat(
                to: output.path, samplesPerPixel: perPixel, splitChannels: splitChannels,
                bits: WaveformPeaks.Bits(rawValue: bits ?? 16) ?? .sixteen)
            report(output, buckets: buckets, samplesPerPixel: perPixel)
            return
        }
        let peaks = try plan.peaks(for: output)
        switch output.kind {
        case .data(let format):
            let bits = WaveformPeaks.Bits(rawValue: bits ?? input.storedBits ?? 16) ?? .sixteen
            try output.write(format.encode(peaks, bits: bits))
        case .picture(let format):
            let drawable = try drawing(peaks, startTime: plan.startTime)
            if format == .png {
                let image = try drawable.renderImage(size: pictureSize)
                try output.write(Data(try image.pngData(compressionLevel: compression)))
            } else {
                try output.write(try drawable.encoded(as: format, size: pictureSize))
            }
        }
        report(output, buckets: peaks.bucketCount, samplesPerPixel: peaks.samplesPerBucket)
    }

    private func report(_ output: WaveformOutput, buckets: Int, samplesPerPixel: Int) {
        guard !quiet else { return }
        printError(
            "decibel: wrote \(output.path == "-" ? "stdout" : output.path) (\(buckets) pixels of \(samplesPerPixel) samples)"
        )
    }

    var pictureSize: PlotSize { PlotSize(width: width, height: height) }

    /// audiowaveform's picture, or Decibel's smooth overview when --mirror, --fill or --stroke asks for it.
    private func drawing(_ peaks: WaveformPeaks, startTime: Double) throws -> any PlotDrawable {
        var scheme = colors == "audition" ? WaveformImage.Colors.audition : .audacity
        if let backgroundColor { scheme.background = try PlotColor(parsing: backgroundColor) }
        if let borderColor { scheme.border = try PlotColor(parsing: borderColor) }
        if let axisLabelColor { scheme.axisLabel = try PlotColor(parsing: axisLabelColor) }
        if let waveformColor { scheme.waveform = try PlotColor.parseList(waveformColor) }
        let rmsColors =
            try rmsColor.map(PlotColor.parseList) ?? scheme.waveform.map { $0.mixed(with: .white, amount: 0.45) }
        let image = WaveformImage(
            peaks: peaks, startTime: startTime, colors: scheme,
            shape: waveformStyle == "bars"
                ? .bars(width: barWidth, gap: barGap, rounded: barStyle == "rounded") : .columns,
            showsAxisLabels: !noAxisLabels,
            amplitudeScale: amplitudeScale == "auto" ? .automatic : .factor(try amplitudeFactor()),
            rmsColors: rms ? rmsColors : nil)
        guard mirror || fill || stroke else { return image }
        let first = min(image.startBucket, peaks.bucketCount)
        var style = WaveformStyle(fill: !stroke)
        style.mirror = mirror
        style.background = scheme.background
        style.waveform = scheme.waveform[0]
        style.secondWaveform = scheme.waveform[scheme.waveform.count > 1 ? 1 : 0]
        return WaveformOverview(
            peaks: peaks.buckets(first..<min(peaks.bucketCount, first + width)), style: style,
            showsTimeAxis: !noAxisLabels, showsRMS: rms, axisColor: scheme.axisLabel)
    }

    /// The numeric --amplitude-scale.
    func amplitudeFactor() throws -> Double {
        guard let value = Double(amplitudeScale), value >= 0, value.isFinite else {
            throw AudioError(
                .invalidArgument, "--amplitude-scale must be a number ≥ 0 or 'auto' (got '\(amplitudeScale)')")
        }
        return value
    }
}
