import DecibelTestSupport
import Foundation
import Testing

/// `info`, `convert`, `waveform` and `play` take M4A/AAC/ALAC files; without FFmpeg's libraries they say why.
@Suite("decibel with M4A files")
struct M4ACommandTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-cli-m4a")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }
    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A 2 s stereo tone at -6 dBFS encoded by ffmpeg as AAC in M4A.
    private func makeM4A() throws -> String {
        let wav = path("tone.wav"), m4a = path("tone.m4a")
        // 3 s: AAC's decoded first 250 ms overshoot to -5.3 dBFS (numpy on ffmpeg's decode), and `decibel play` on a
        // pipe shows each second's peak, so one whole second of the steady -6.0 must follow it.
        let sox = try run(
            "sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "3", "sine", "1000", "gain", "-6"])
        try #require(sox.status == 0, "sox failed: \(sox.standardError)")
        let ffmpeg = try run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-b:a", "256k", m4a])
        try #require(ffmpeg.status == 0, "ffmpeg failed: \(ffmpeg.standardError)")
        return m4a
    }

    @Test("info, convert both ways, waveform and play work on M4A")
    func commands() throws {
        let m4a = try makeM4A()
        let info = try run(decibel, ["info", m4a, "--json"])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("\"container\" : \"m4a\""), "\(info.standardOutput)")
        #expect(info.standardOutput.contains("\"encoding\" : \"aac\""))
        #expect(info.standardOutput.contains("\"frames\" : 144000"))

        let wav = path("back.wav")
        let toWAV = try run(decibel, ["convert", m4a, wav])
        #expect(toWAV.status == 0, "\(toWAV.standardError)")
        let soxi = try run("soxi", ["-s", wav])
        #expect(soxi.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "144000")

        for (name, codec) in [("again.m4a", "aac"), ("lossless.m4a", "alac")] {
            let arguments = ["convert", wav, path(name)] + (codec == "alac" ? ["--format", "alac"] : [])
            let converted = try run(decibel, arguments)
            #expect(converted.status == 0, "\(converted.standardError)")
            let probe = try run(
                "ffprobe",
                ["-v", "error", "-show_entries", "stream=codec_name,duration_ts", "-of", "csv=p=0", path(name)])
            #expect(probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "\(codec),144000")
        }

        let png = path("tone.png")
        let waveform = try run(decibel, ["waveform", m4a, "-o", png, "-w", "400", "-h", "100"])
        #expect(waveform.status == 0, "\(waveform.standardError)")
        #expect(FileManager.default.fileExists(atPath: png))

        let play = try run(decibel, ["play", m4a, "--backend", "null"], timeout: 30)
        #expect(play.status == 0, "\(play.standardError)")
        #expect(play.standardError.contains("/ 0:03  peak dBFS  -6.0  -6.0"), "\(play.standardError)")
    }

    @Test("without FFmpeg's libraries an M4A gets one line naming the missing library; WAV still works")
    func missingLibraries() throws {
        let m4a = try makeM4A()
        let environment = ["DECIBEL_AVFORMAT_LIBRARY": "/nonexistent/libavformat.so.59"]
        for arguments in [["info", m4a], ["convert", m4a, path("x.wav")], ["play", m4a, "--backend", "null"]] {
            let result = try run(decibel, arguments, environment: environment, timeout: 30)
            #expect(result.status != 0)
            let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors.count == 1, "\(arguments): \(result.standardError)")
            let line = errors.first.map(String.init) ?? ""
            #expect(
                line.hasPrefix(
                    "Error: \(m4a): cannot be read: cannot load FFmpeg's libavformat (for AAC, ALAC and M4A files) '/nonexistent/libavformat.so.59'"
                ), "\(line)")
            #expect(line.contains("install libavformat59 or set DECIBEL_AVFORMAT_LIBRARY to its path"), "\(line)")
        }
        let wav = path("plain.wav")
        _ = try run("sox", ["-n", "-r", "48000", "-c", "1", wav, "synth", "0.2", "sine", "440"])
        let info = try run(decibel, ["info", wav], environment: environment)
        #expect(info.status == 0, "\(info.standardError)")
    }
}
