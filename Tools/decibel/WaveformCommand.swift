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
            "The input is an audio file, or audiowaveform .dat/.json data (drawn, converted, or merged to a coarser --samples-per-pixel).\n\nExamples:\n  decibel waveform take.wav --output take.png\n  decibel waveform take.flac --output take.svg --width 1200 --height 160 --mirror --fill --colors '#101820,orange'\n  decibel waveform take.wav --output take.dat --samples-per-pixel 256\n  decibel waveform take.dat --output take.json --samples-per-pixel 1024"
    )

    @Argument(help: "The audio file, or audiowaveform .dat/.json data.")
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
        let data = try ["dat", "json"].contains(file.fileExtension) ? storedPeaks() : audioPeaks()
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

    private func audioPeaks() throws -> WaveformPeaks {
        let audio = try AudioFile(path: file)
        let resolution: WaveformResolution = samplesPerPixel.map { .samplesPerPixel($0) } ?? .points(width)
        return try audio.waveform(resolution)
    }

    /// Reads audiowaveform data and merges it to `--samples-per-pixel`, which, as in audiowaveform, can only
    /// be coarser: a multiple of the data's own.
    private func storedPeaks() throws -> WaveformPeaks {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            let missing = !FileManager.default.fileExists(atPath: file)
            throw AudioError(
                missing ? .fileNotFound : .fileUnreadable, "\(file): \(missing ? "no such file" : "cannot read it")")
        }
        let stored: WaveformPeaks
        do {
            stored = try file.fileExtension == "dat" ? WaveformPeaks(dat: bytes) : WaveformPeaks(json: bytes)
        } catch {
            throw AudioError(error.kind, "\(file): \(error.message)")
        }
        guard let samplesPerPixel else { return stored }
        guard samplesPerPixel % stored.samplesPerBucket == 0 else {
            throw AudioError(
                .invalidArgument,
                "\(file) holds \(stored.samplesPerBucket) samples per pixel; --samples-per-pixel must be a multiple of it"
            )
        }
        return stored.merged(by: samplesPerPixel / stored.samplesPerBucket)
    }

    private func write(_ data: Data) throws {
        do { try data.write(to: URL(fileURLWithPath: output)) } catch {
            throw AudioError(.fileUnreadable, "\(output): cannot write: \(error.localizedDescription)")
        }
    }
}
