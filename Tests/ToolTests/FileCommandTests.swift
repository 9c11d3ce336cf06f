import DecibelTestSupport
import Foundation
import Testing

/// `info`, `convert`, `waveform` and `spectrum` on files made by sox.
@Suite("decibel file commands")
struct FileCommandTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-cli-files")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    /// A 2 s stereo file: 1 kHz on the left, 440 Hz on the right, at -6 dBFS.
    private func makeTone(_ name: String = "tone.wav") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let sox = try run(
            "sox",
            [
                "-n", "-r", "48000", "-c", "2", "-b", "16", path, "synth", "2", "sine", "1000", "sine", "440", "gain",
                "-6",
            ])
        try #require(sox.status == 0, "sox failed: \(sox.standardError)")
        return path
    }

    @Test("audiowaveform data as input: merged to a coarser zoom it equals the audio summarised at that zoom")
    func storedDataAsInput() throws {
        let tone = try makeTone()
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        func waveform(_ arguments: String...) throws -> ProcessResult {
            let result = try run(decibel, ["waveform"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result
        }
        _ = try waveform(tone, "-o", path("a256.dat"), "--samples-per-pixel", "256")
        _ = try waveform(tone, "-o", path("a1024.dat"), "--samples-per-pixel", "1024")
        _ = try waveform(tone, "-o", path("a1024.json"), "--samples-per-pixel", "1024")
        _ = try waveform(path("a256.dat"), "-o", path("m1024.dat"), "--samples-per-pixel", "1024")
        _ = try waveform(path("a256.dat"), "-o", path("m1024.json"), "--samples-per-pixel", "1024")
        _ = try waveform(path("m1024.json"), "-o", path("j1024.dat"))
        _ = try waveform(path("a256.dat"), "-o", path("drawn.png"), "--width", "200", "-z", "auto")
        let expected = try Data(contentsOf: URL(fileURLWithPath: path("a1024.dat")))
        #expect(expected.count == 20 + 94 * 2 * 2)  // mono: 96000 frames make 93 full pixels and a partial one
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("m1024.dat"))) == expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("j1024.dat"))) == expected)
        let json = try Data(contentsOf: URL(fileURLWithPath: path("a1024.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("m1024.json"))) == json)
        #expect(FileManager.default.fileExists(atPath: path("drawn.png")))

        let finer = try run(
            decibel, ["waveform", path("a1024.dat"), "-o", path("x.dat"), "--samples-per-pixel", "300"])
        #expect(finer.status != 0)
        #expect(finer.standardError.contains("the zoom can only be that or coarser"), "\(finer.standardError)")
        let broken = path("broken.json")
        try Data("{\"bits\": 8}".utf8).write(to: URL(fileURLWithPath: broken))
        let refused = try run(decibel, ["waveform", broken, "-o", path("y.png")])
        #expect(refused.status != 0)
        #expect(
            refused.standardError.contains("broken.json: not an audiowaveform .json file"), "\(refused.standardError)")
    }

    @Test("info agrees with soxi; --json carries the same numbers")
    func info() throws {
        let tone = try makeTone()
        let text = try run(decibel, ["info", tone])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Sample rate: 48000 Hz"))
        #expect(text.standardOutput.contains("Frames:      96000"))
        let soxi = try run("soxi", ["-s", tone])
        #expect(soxi.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "96000")
        let json = try run(decibel, ["info", "--json", tone])
        let object = try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any]
        #expect(object?["frames"] as? Int == 96000)
        #expect(object?["channels"] as? Int == 2)
    }

    @Test("a damaged MP3 converts without libmpg123's messages on stderr")
    func damagedMP3IsQuiet() throws {
        let clean = directory.appendingPathComponent("clean.mp3").path
        let sox = try run("sox", ["-n", "-r", "44100", "-c", "1", clean, "synth", "1", "sine", "440"])
        try #require(sox.status == 0, "sox failed: \(sox.standardError)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clean)))
        for index in stride(from: 2_000, to: bytes.count, by: 97) { bytes[index] ^= 0x5A }
        let damaged = directory.appendingPathComponent("damaged.mp3").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        // The damage is real: ffmpeg's decoder reports it.
        let ffmpeg = try run("ffmpeg", ["-v", "error", "-i", damaged, "-f", "null", "-"])
        #expect(!ffmpeg.standardError.isEmpty, "ffmpeg found nothing wrong with the damaged file")

        let output = directory.appendingPathComponent("damaged.wav").path
        let result = try run(decibel, ["convert", damaged, output])
        #expect(result.status == 0, "convert failed: \(result.standardError)")
        #expect(!result.standardError.contains("libmpg123"), "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("resync"), "stderr: \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "stderr: \(result.standardError)")
    }

    @Test("convert changes container, rate and depth, and the result reads back")
    func convert() throws {
        let tone = try makeTone()
        let flac = directory.appendingPathComponent("tone.flac").path
        let result = try run(decibel, ["convert", tone, flac, "--rate", "44100", "--bits", "24"])
        #expect(result.status == 0, "\(result.standardError)")
        let soxi = try run("soxi", [flac])
        #expect(soxi.standardOutput.contains("44100"))
        #expect(soxi.standardOutput.contains("24-bit"))
        #expect(soxi.standardOutput.contains("FLAC"))
    }

    @Test("convert --channels 2 mixes 5.1 down with the ITU coefficients, checked by sox and numpy")
    func convertChannels() throws {
        let surround = directory.appendingPathComponent("surround.wav").path
        // L R C LFE Ls Rs: six tones, 24-bit.
        let sox = try run(
            "sox",
            ["-n", "-r", "48000", "-c", "6", "-b", "24", surround, "synth", "0.5"]
                + [200, 300, 500, 700, 1100, 1300].flatMap { ["sine", "\($0)"] } + ["gain", "-12"])
        try #require(sox.status == 0, "sox failed: \(sox.standardError)")
        let stereo = directory.appendingPathComponent("stereo.wav").path
        let result = try run(decibel, ["convert", surround, stereo, "--channels", "2", "--bits", "32"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("2 ch"), "\(result.standardError)")
        // sox decodes both files to raw float; numpy applies the matrix.
        let check = """
            import subprocess, sys, numpy as np
            def raw(path, channels):
                data = subprocess.run(["sox", path, "-t", "f32", "-"], capture_output=True, check=True).stdout
                return np.frombuffer(data, dtype=np.float32).reshape(-1, channels).astype(np.float64)
            x, y = raw(sys.argv[1], 6), raw(sys.argv[2], 2)
            g = 0.5 ** 0.5
            left = x[:, 0] + g * x[:, 2] + g * x[:, 4]
            right = x[:, 1] + g * x[:, 2] + g * x[:, 5]
            assert len(x) == len(y) == 24000, (len(x), len(y))
            print(max(abs(y[:, 0] - left).max(), abs(y[:, 1] - right).max()))
            """
        let numpy = try run("python3", ["-c", check, surround, stereo])
        try #require(numpy.status == 0, "\(numpy.standardError)")
        let error = Double(numpy.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1
        #expect(error < 1e-6, "largest difference from numpy's down-mix: \(error)")

        let mono = directory.appendingPathComponent("mono.wav").path
        #expect(try run(decibel, ["convert", stereo, mono, "--channels", "1"]).status == 0)
        #expect(try run("soxi", ["-c", mono]).standardOutput.hasPrefix("1"))
        let refused = try run(decibel, ["convert", surround, mono, "--channels", "2", "--normalize", "-16"])
        #expect(refused.status != 0 && refused.standardError.contains("convert first and normalize the result"))
    }

    @Test("waveform writes a PNG of the asked size and audiowaveform .dat version 2 with --split-channels")
    func waveform() throws {
        let tone = try makeTone()
        let png = directory.appendingPathComponent("wave.png").path
        let picture = try run(
            decibel,
            [
                "waveform", tone, "--output", png, "--width", "600", "--height", "100", "--mirror",
                "--background-color", "#101820", "--waveform-color", "orange",
            ])
        #expect(picture.status == 0, "\(picture.standardError)")
        let header = try Data(contentsOf: URL(fileURLWithPath: png)).prefix(24)
        #expect(header.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) },
            height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 600 && height == 100)
        let dat = directory.appendingPathComponent("wave.dat").path
        #expect(
            try run(decibel, ["waveform", tone, "--output", dat, "--samples-per-pixel", "480", "--split-channels"])
                .status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: dat))
        let version = data.prefix(4).withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        // Header: version, flags, sample rate, samples per pixel, length, channels (little-endian 32-bit).
        let field = { (index: Int) in
            data[(index * 4)..<(index * 4 + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        }
        #expect(version == 2 && field(2) == 48000 && field(3) == 480 && field(4) == 200 && field(5) == 2)
    }

    @Test("spectrum finds the tones and writes the picture")
    func spectrum() throws {
        let tone = try makeTone()
        let png = directory.appendingPathComponent("spectrum.png").path
        let result = try run(decibel, ["spectrum", tone, "--output", png])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains("peak near 996 Hz") || result.standardError.contains("peak near 1008 Hz")
                || result.standardError.contains("peak near 433 Hz")
                || result.standardError.contains("peak near 445 Hz"))
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test(
        "bad paths, non-audio files, unknown formats and out-of-range values are one clear line on stderr",
        arguments: [
            (["info", "/nonexistent/take.wav"], "/nonexistent/take.wav: no such file"),
            (["waveform", "/nonexistent/take.wav", "--output", "/tmp/x.png"], "no such file"),
            (["waveform", "NOTAUDIO", "--output", "/tmp/x.png"], "is not an audio file"),
            (
                ["waveform", "TONE", "--output", "/tmp/x.bmp"],
                "the output must be .dat, .json, .txt, .png, .svg or .pdf"
            ),
            (["waveform", "TONE", "--output", "/tmp/x.png", "--waveform-color", "#zzzzzz,blue"], "zzzzzz"),
            (
                ["waveform", "TONE", "-o", "/tmp/x.png", "--colors", "#101820,orange"],
                "--colors takes audacity or audition"
            ),
            (
                ["waveform", "TONE", "-o", "/tmp/x.dat", "-z", "256", "-e", "1"],
                "give one of --zoom, --pixels-per-second"
            ),
            (["waveform", "TONE", "-o", "/tmp/x.dat", "-z", "1"], "the minimum is 2"),
            (["waveform", "TONE", "-o", "/tmp/x.dat", "-b", "12"], "--bits must be 8 or 16"),
            (["waveform", "-o", "/tmp/x.dat"], "give the input once"),
            (["convert", "TONE", "/tmp/x.mp9"], "cannot tell the output format from '.mp9'"),
            (["convert", "TONE", "/tmp/x.wav", "--bits", "12"], "--bits must be 8, 16, 24 or 32"),
            (
                ["spectrum", "TONE", "--output", "/tmp/s.png", "--fft-size", "1000"],
                "--fft-size must be a power of two"
            ),
            (["play", "/nonexistent.wav", "--backend", "null"], "no such file"),
            (["play", "TONE", "--backend", "null", "--volume", "9"], "--volume must be between 0 and 4"),
            (["play", "TONE", "--backend", "null", "--start", "99"], "is past the end"),
            (["play", "TONE", "--backend", "null", "--channels", "0"], "--channels must be between 1 and 64"),
            (["record", "OUT.xyz", "--backend", "null", "--duration", "1"], "unknown output format 'xyz'"),
            (
                ["record", "OUT.wav", "--backend", "null", "--device", "no-mic", "--duration", "1"],
                "no device 'no-mic'"
            ),
        ])
    func mistakes(arguments: [String], message: String) throws {
        let tone = try makeTone()
        let notAudio = directory.appendingPathComponent("notes.wav").path
        try Data("this is not audio".utf8).write(to: URL(fileURLWithPath: notAudio))
        let resolved = arguments.map {
            $0 == "TONE"
                ? tone
                : $0 == "NOTAUDIO" ? notAudio : $0.hasPrefix("OUT") ? directory.appendingPathComponent($0).path : $0
        }
        let result = try run(decibel, resolved, timeout: 30)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Error: ") }.count == 1 && lines.last?.hasPrefix("Error: ") == true)
        #expect(!result.standardError.contains("Fatal error"))
    }
}
