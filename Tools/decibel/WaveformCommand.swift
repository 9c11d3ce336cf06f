import ArgumentParser
import Decibel
import DecibelPlot
import DecibelToolSupport
import Foundation

/// `decibel waveform`: a whole-file waveform as a picture or as audiowaveform data.
struct WaveformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waveform",
        abstract: "Draw a file's waveform to PNG/SVG/PDF, or write audiowaveform .dat/.json data for web players.",
        discussion:
            "Examples:\n  decibel waveform take.wav --output take.png\n  decibel waveform take.flac --output take.svg --width 1200 --height 160 --mirror --fill --colors '#101820,orange'\n  decibel waveform take.wav --output take.dat --samples-per-pixel 256"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Option(name: .shortAndLong, help: "Output path ending in .png, .svg, .pdf, .dat or .json.")
    var output: String

    @Option(
        name: .long, help: "Picture width in pixels (and buckets for .dat/.json when --samples-per-pixel is not given)."
    )
    var width: Int = 1800

    @Option(name: .long, help: "Picture height in pixels.")
    var height: Int = 140

    @Flag(name: .long, help: "Mirror about the centre line.")
    var mirror = false

    @Flag(name: .long, help: "Fill the waveform (the default for pictures).")
    var fill = false

    @Flag(name: .long, help: "Draw outlines only.")
    var stroke = false

    @Option(
        name: .long,
        help: ArgumentHelp("Background and waveform colours: #rrggbb, #rrggbbaa or names.", valueName: "BG,FG"))
    var colors: String?

    @Option(name: .long, help: "Frames per bucket (default: the whole file across the width).")
    var samplesPerPixel: Int?

    @Flag(name: .long, help: "Draw a time axis.")
    var axis = false

    func validate() throws {
        guard (16...20_000).contains(width), (16...10_000).contains(height) else {
            throw ValidationError("--width must be 16...20000 and --height 16...10000")
        }
        if let samplesPerPixel {
            guard samplesPerPixel >= 1 else { throw ValidationError("--samples-per-pixel must be at least 1") }
        }
        guard ["png", "svg", "pdf", "dat", "json"].contains(output.fileExtension) else {
            throw ValidationError("--output must end in .png, .svg, .pdf, .dat or .json (got '\(output)')")
        }
    }

    func run() throws {
        let audio = try AudioFile(path: file)
        let resolution: WaveformResolution = samplesPerPixel.map { .samplesPerPixel($0) } ?? .points(width)
        let data = try audio.waveform(resolution)
        switch output.fileExtension {
        case "dat": try write(data.datData())
        case "json": try write(data.jsonData())
        default:
            var style = WaveformStyle(fill: !stroke)
            style.mirror = mirror
            if let colors {
                let parsed = try PlotColor.parseList(colors)
                guard parsed.count == 2 else { throw ValidationError("--colors takes two colours, BG,FG") }
                style.background = parsed[0]
                style.waveform = parsed[1]
                style.secondWaveform = parsed[1]
            }
            try Self.drawPicture(
                data, to: output, size: PlotSize(width: width, height: height), style: style, axis: axis)
        }
        printError("decibel: wrote \(output) (\(data.bucketCount) buckets of \(data.samplesPerBucket) frames)")
    }

    /// Draws `data` as a whole-file overview picture (PNG, SVG or PDF by `path`'s extension).
    static func drawPicture(
        _ data: WaveformPeaks, to path: String, size: PlotSize, style: WaveformStyle = WaveformStyle(fill: true),
        axis: Bool
    ) throws {
        let overview = WaveformOverview(peaks: data.merged(toAtMost: size.width), style: style, showsTimeAxis: axis)
        try overview.write(to: path, size: size)
    }

    private func write(_ data: Data) throws {
        do { try data.write(to: URL(fileURLWithPath: output)) } catch {
            throw AudioError(.fileUnreadable, "\(output): cannot write: \(error.localizedDescription)")
        }
    }
}
