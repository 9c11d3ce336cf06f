import Decibel
import DecibelTestSupport
import Foundation
import Testing

/// `decibel waveform` given audiowaveform's command lines (and Decibel's spelling of the same), checked
/// byte for byte (.dat) and value for value (.json, .txt) against numpy computing audiowaveform's rules
/// (`audiowaveform_reference.py`) over independently decoded samples: sox's 16-bit decode for WAV and
/// FLAC; for MP3 and Ogg, whose decoders differ between tools, the floats Decibel decoded, with the decode
/// itself compared with ffmpeg's.
@Suite("decibel waveform as audiowaveform")
struct AudiowaveformTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-audiowaveform")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }
    private var reference: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("audiowaveform_reference.py")
            .path
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// An input made by sox/ffmpeg, and the samples the reference computes from.
    struct Input {
        let path: String
        let channels: Int
        let rate: Int
        let samples: String
        let sampleFormat: String
    }

    /// Noise and a tone, odd lengths (the last pixel is partial): stereo WAV, 3-channel FLAC (the mono mix
    /// divides by 3), stereo MP3, mono Ogg.
    private func makeInputs() throws -> [String: Input] {
        func sh(_ tool: String, _ arguments: [String]) throws {
            let result = try run(tool, arguments)
            try #require(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
        }
        try sh(
            "sox",
            [
                "-n", "-r", "44100", "-c", "2", "-b", "16", path("in.wav"), "synth", "1.3", "whitenoise", "sine", "300",
                "gain", "-4", "trim", "0", "57337s",
            ])
        try sh(
            "sox",
            [
                "-n", "-r", "48000", "-c", "3", "-b", "16", path("in.flac"), "synth", "0.7", "whitenoise", "sine",
                "200",
                "square", "90", "gain", "-3", "trim", "0", "30011s",
            ])
        try sh(
            "ffmpeg", ["-v", "error", "-y", "-i", path("in.wav"), "-c:a", "libmp3lame", "-b:a", "128k", path("in.mp3")])
        try sh("sox", [path("in.wav"), "-r", "22050", "-c", "1", path("in.ogg"), "gain", "-6"])
        var inputs: [String: Input] = [:]
        for (name, channels, rate) in [("wav", 2, 44100), ("flac", 3, 48000)] {
            try sh("sox", [path("in.\(name)"), "-t", "raw", "-e", "signed", "-b", "16", path("\(name).s16")])
            inputs[name] = Input(
                path: path("in.\(name)"), channels: channels, rate: rate, samples: path("\(name).s16"),
                sampleFormat: "s16")
        }
        for (name, rule) in [("mp3", "floor"), ("ogg", "round")] {
            let file = try AudioFile(path: path("in.\(name)"))
            var interleaved: [Float] = []
            let block = AudioBuffer(channelCount: file.channelCount, frameCapacity: 4096)
            while !file.isAtEnd {
                let count = try file.read(into: block.view(frames: 4096))
                if count == 0 { break }
                let view = block.view(frames: count)
                for frame in 0..<count {
                    for channel in 0..<file.channelCount { interleaved.append(view.samples(channel)[frame]) }
                }
            }
            try interleaved.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path("\(name).f32"))) }
            inputs[name] = Input(
                path: path("in.\(name)"), channels: file.channelCount, rate: Int(file.sampleRate),
                samples: path("\(name).f32"), sampleFormat: "f32-\(rule)")
        }
        return inputs
    }

    /// One row: audiowaveform's flags, Decibel's spelling, and what the reference computes.
    struct Row: CustomStringConvertible {
        let input: String
        let output: String
        let audiowaveform: [String]
        let decibel: [String]
        let samplesPerPixel: Int
        var split = false
        var bits = 16
        var autoscale = false
        var description: String { "\(input) → \(output) \(audiowaveform)" }
    }

    static let rows: [Row] = [
        Row(input: "wav", output: "dat", audiowaveform: [], decibel: [], samplesPerPixel: 256),
        Row(
            input: "wav", output: "dat", audiowaveform: ["-z", "1000", "-b", "8", "--split-channels"],
            decibel: ["--samples-per-pixel", "1000", "--bits", "8", "--split-channels"], samplesPerPixel: 1000,
            split: true,
            bits: 8),
        Row(
            input: "wav", output: "json", audiowaveform: ["-z", "333", "--amplitude-scale", "auto"],
            decibel: ["--zoom", "333", "--amplitude-scale", "auto"], samplesPerPixel: 333, autoscale: true),
        Row(
            input: "flac", output: "json", audiowaveform: ["--pixels-per-second", "30"],
            decibel: ["--pixels-per-second", "30"], samplesPerPixel: 1600),
        Row(
            input: "flac", output: "dat", audiowaveform: ["-s", "0.25", "-e", "0.5", "-w", "100", "-b", "8"],
            decibel: ["--start", "0:00.25", "--end", "500ms", "--width", "100", "--bits", "8"], samplesPerPixel: 120,
            bits: 8),
        Row(
            input: "flac", output: "txt", audiowaveform: ["-z", "2048", "--split-channels"],
            decibel: ["--zoom", "2048", "--split-channels"], samplesPerPixel: 2048, split: true),
        Row(
            input: "mp3", output: "dat", audiowaveform: ["-z", "512", "--split-channels"],
            decibel: ["--zoom", "512", "--split-channels"], samplesPerPixel: 512, split: true),
        Row(
            input: "mp3", output: "json", audiowaveform: ["-b", "8", "--amplitude-scale", "auto"],
            decibel: ["--bits", "8", "--amplitude-scale", "auto"], samplesPerPixel: 256, bits: 8, autoscale: true),
        Row(
            input: "ogg", output: "dat", audiowaveform: ["-z", "300"], decibel: ["--zoom", "300"], samplesPerPixel: 300),
        Row(
            input: "ogg", output: "json", audiowaveform: ["--pixels-per-second", "7", "-b", "8"],
            decibel: ["--pixels-per-second", "7", "--bits", "8"], samplesPerPixel: 3150, bits: 8),
    ]

    @Test("every row, in both spellings, equals numpy's audiowaveform data")
    func table() throws {
        let inputs = try makeInputs()
        for (index, row) in Self.rows.enumerated() {
            let input = try #require(inputs[row.input])
            let expected = path("expected\(index).\(row.output)")
            let computed = try run(
                "python3",
                [
                    reference, input.samples, input.sampleFormat, "\(input.channels)", "\(input.rate)", expected,
                    "\(row.samplesPerPixel)", row.split ? "1" : "0", "\(row.bits)", row.autoscale ? "1" : "0",
                ])
            try #require(computed.status == 0, "numpy: \(computed.standardError)")
            let want = try Data(contentsOf: URL(fileURLWithPath: expected))
            let forms = [
                ["waveform", "-i", input.path, "-o", path("aw\(index).\(row.output)")] + row.audiowaveform,
                ["waveform", input.path, "--output", path("de\(index).\(row.output)")] + row.decibel,
            ]
            for form in forms {
                let result = try run(decibel, form + ["-q"])
                #expect(result.status == 0, "\(form): \(result.standardError)")
                #expect(result.standardError.isEmpty, "-q prints nothing: \(result.standardError)")
                let got = try Data(contentsOf: URL(fileURLWithPath: form[form[1] == "-i" ? 4 : 3]))
                #expect(got == want, "\(row): \(got.count) bytes against numpy's \(want.count)")
            }
        }
    }

    @Test("stdin to stdout, .dat to .json and re-zoomed .dat agree with numpy")
    func pipesAndStoredData() throws {
        let inputs = try makeInputs()
        let wav = try #require(inputs["wav"])
        let audio = try Data(contentsOf: URL(fileURLWithPath: wav.path))
        let piped = try run(
            decibel,
            ["waveform", "-i", "-", "--input-format", "wav", "-o", "-", "--output-format", "json", "-z", "1024"],
            input: audio)
        #expect(piped.status == 0, "\(piped.standardError)")
        let expected = path("piped.json")
        _ = try run(
            "python3", [reference, wav.samples, "s16", "2", "44100", expected, "1024", "0", "16", "0"])
        #expect(piped.standardOutputData == (try Data(contentsOf: URL(fileURLWithPath: expected))))

        // Stored data: 256 → 700 samples per pixel (not a multiple: audiowaveform's re-zoom spans).
        #expect(try run(decibel, ["waveform", "-i", wav.path, "-o", path("base.dat"), "-q"]).status == 0)
        for (output, bits) in [("dat", "16"), ("json", "8")] {
            let rezoomed = try run(
                decibel,
                ["waveform", "-i", path("base.dat"), "-o", path("re.\(output)"), "-z", "700", "-b", bits, "-q"])
            #expect(rezoomed.status == 0, "\(rezoomed.standardError)")
            _ = try run(
                "python3",
                [reference, wav.samples, "s16", "2", "44100", path("want.\(output)"), "256", "0", bits, "0", "700"])
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: path("re.\(output)")))
                    == Data(contentsOf: URL(fileURLWithPath: path("want.\(output)"))), "re-zoom to 700 as \(output)")
        }
        // Converted without a zoom, the data keeps its bits and values.
        #expect(try run(decibel, ["waveform", path("base.dat"), "-o", path("base.json"), "-q"]).status == 0)
        #expect(try run(decibel, ["waveform", path("base.json"), "-o", path("back.dat"), "-q"]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path("back.dat")))
                == Data(contentsOf: URL(fileURLWithPath: path("base.dat"))))
    }

    @Test("MP3 and Ogg: Decibel's decode gives data within a few steps of ffmpeg's decode, same length")
    func lossyDecodesAgreeWithFFmpeg() throws {
        let inputs = try makeInputs()
        for name in ["mp3", "ogg"] {
            let input = try #require(inputs[name])
            let raw = path("\(name).ffmpeg.s16")
            #expect(
                try run("ffmpeg", ["-v", "error", "-y", "-i", input.path, "-f", "s16le", "-acodec", "pcm_s16le", raw])
                    .status == 0)
            let fromFFmpeg = path("\(name).ffmpeg.json")
            _ = try run(
                "python3",
                [reference, raw, "s16", "\(input.channels)", "\(input.rate)", fromFFmpeg, "256", "1", "16", "0"])
            #expect(
                try run(decibel, ["waveform", input.path, "-o", path("\(name).json"), "--split-channels", "-q"]).status
                    == 0)
            func values(_ file: String) throws -> [Int] {
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
                return (object as? [String: Any])?["data"] as? [Int] ?? []
            }
            let ours = try values(path("\(name).json")), theirs = try values(fromFFmpeg)
            #expect(
                ours.count == theirs.count && !ours.isEmpty, "\(name): \(ours.count) values against \(theirs.count)")
            let worst = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0
            print("\(name): largest difference from ffmpeg's decode \(worst) of 32768")
            #expect(worst <= 4, "\(name): data differs from ffmpeg's decode by up to \(worst)")
        }
    }
}
