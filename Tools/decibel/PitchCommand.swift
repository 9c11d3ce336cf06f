import ArgumentParser
import Decibel
import DecibelAnalysis
import DecibelToolSupport
import FoundationEssentials

/// `decibel pitch`: a file's pitch track.
struct PitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pitch",
        abstract: "Print a file's pitch track (McLeod pitch method) as CSV or JSON.",
        discussion:
            "One row per hop: time of the window's centre (s), frequency (Hz), clarity (0-1), note and cents; frequency, note and cents are empty (null in JSON) where there is no pitch. Channels are mixed to mono.\n\nExamples:\n  decibel pitch voice.wav\n  decibel pitch cello.flac --hop 256 --min 60 --max 1000 --json"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Option(name: .long, help: "Frames between estimates.")
    var hop = 512

    @Option(name: .long, help: "Lowest pitch reported, in Hz.")
    var min = 40.0

    @Option(name: .long, help: "Highest pitch reported, in Hz.")
    var max = 4_200.0

    @Option(name: .long, help: "The frequency of A4 for note names, in Hz.")
    var reference = 440.0

    @Flag(name: .long, help: "Print a JSON array instead of CSV.")
    var json = false

    func validate() throws {
        guard (16...65_536).contains(hop) else { throw ValidationError("--hop must be 16 to 65536 frames") }
        guard min.isFinite, max.isFinite, min > 0, max > min else {
            throw ValidationError("--min must be above 0 and below --max")
        }
        guard reference > 0, reference.isFinite else { throw ValidationError("--reference must be a frequency in Hz") }
    }

    func run() throws {
        let source = try AudioFile(path: file)
        let detector = try PitchDetector(
            sampleRate: source.sampleRate,
            configuration: .init(minimumFrequency: min, maximumFrequency: max))
        let block = AudioBuffer(channelCount: source.channelCount, frameCapacity: hop)
        var mono = [Float](repeating: 0, count: hop)
        var rows: [String] = []
        var framesRead = 0
        print(json ? "[" : "time,frequency,clarity,note,cents")
        while !source.isAtEnd {
            let count = try source.read(into: block.view(frames: hop))
            if count == 0 { break }
            for i in 0..<count {
                var sum: Float = 0
                for channel in 0..<source.channelCount { sum += block.view.samples(channel)[i] }
                mono[i] = sum / Float(source.channelCount)
            }
            mono.withUnsafeBufferPointer { detector.append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            framesRead += count
            guard framesRead >= detector.windowSize else { continue }
            let time = Double(framesRead - detector.windowSize / 2) / source.sampleRate
            let row = Self.row(time: time, estimate: detector.estimate(), reference: reference, json: json)
            if json { rows.append(row) } else { print(row) }
        }
        if json { print(rows.joined(separator: ",\n") + "\n]") }
    }

    static func row(time: Double, estimate: PitchEstimate?, reference: Double, json: Bool) -> String {
        let seconds = String(printf: "%.4f", time)
        guard let estimate else {
            return json
                ? "{\"time\": \(seconds), \"frequency\": null, \"clarity\": null, \"note\": null, \"cents\": null}"
                : "\(seconds),,,,"
        }
        let note = estimate.note(reference: reference)
        let frequency = String(printf: "%.3f", estimate.frequency), clarity = String(printf: "%.3f", estimate.clarity)
        let cents = String(printf: "%.1f", note.cents)
        return json
            ? "{\"time\": \(seconds), \"frequency\": \(frequency), \"clarity\": \(clarity), \"note\": \"\(note)\", \"cents\": \(cents)}"
            : "\(seconds),\(frequency),\(clarity),\(note),\(cents)"
    }
}
