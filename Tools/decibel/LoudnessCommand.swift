import ArgumentParser
import Decibel
import DecibelAnalysis
import DecibelToolSupport
import FoundationEssentials

/// `decibel loudness`: a file's loudness to EBU R128.
struct LoudnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loudness",
        abstract: "Measure a file's loudness to EBU R128 / ITU-R BS.1770-4: integrated, range, true peak.",
        discussion:
            "Channels are weighted by their usual role (mono; L R; L R C; L R Ls Rs; L R C Ls Rs; L R C LFE Ls Rs).\n\nExamples:\n  decibel loudness episode.flac\n  decibel loudness episode.wav --json"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    func run() throws {
        let measurement = try Self.measure(file)
        if json {
            print(LoudnessReport(measurement).json)
        } else {
            print(LoudnessReport(measurement).table)
        }
    }

    /// Reads `path` through a loudness meter.
    static func measure(_ path: String) throws(AudioError) -> LoudnessMeasurement {
        let source = try AudioFile(path: path)
        let meter = try LoudnessMeter(sampleRate: source.sampleRate, channelCount: source.channelCount)
        let block = AudioBuffer(channelCount: source.channelCount, frameCapacity: source.chunkFrames)
        while !source.isAtEnd {
            let count = try source.read(into: block.view(frames: block.frameCapacity))
            if count == 0 { break }
            meter.process(block.view(frames: count))
        }
        return meter.measurement
    }
}

/// A measurement as `decibel loudness` prints it.
struct LoudnessReport {
    let measurement: LoudnessMeasurement

    init(_ measurement: LoudnessMeasurement) { self.measurement = measurement }

    private var rows: [(key: String, label: String, value: Double, unit: String)] {
        [
            ("integrated", "integrated", measurement.integrated, "LUFS"),
            ("loudnessRange", "loudness range", measurement.loudnessRange, "LU"),
            ("truePeak", "true peak", measurement.truePeak, "dBTP"),
            ("samplePeak", "sample peak", measurement.samplePeak, "dBFS"),
            ("maximumMomentary", "max momentary", measurement.maximumMomentary, "LUFS"),
            ("maximumShortTerm", "max short-term", measurement.maximumShortTerm, "LUFS"),
            ("duration", "duration", measurement.duration, "s"),
        ]
    }

    private static func number(_ value: Double) -> String {
        value.isFinite ? String(printf: "%.1f", value) : (value < 0 ? "-inf" : "inf")
    }

    var table: String {
        rows.map { column($0.label, 16) + Self.number($0.value).leftPadded(to: 7) + " " + $0.unit }.joined(
            separator: "\n")
    }

    /// JSON with `null` for values never measured (JSON has no infinity).
    var json: String {
        "{"
            + rows.map { "\"\($0.key)\": \($0.value.isFinite ? String(printf: "%.1f", $0.value) : "null")" }.joined(
                separator: ", ") + "}"
    }
}
