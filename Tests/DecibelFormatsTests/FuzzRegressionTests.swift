import DecibelCore
import DecibelFormats
import DecibelTestSupport
import Foundation
import Testing

/// Every input the fuzzers (Scripts/fuzz) ever crashed on, kept in `Fuzz/Regressions/TARGET/`, read
/// again the way the fuzz target reads it: each must now give a clear error or a readable result.
@Suite("inputs the fuzzers once crashed on")
struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [String] {
        let directory = TestEnvironment.repositoryRoot.appendingPathComponent("Fuzz/Regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0).path }
    }

    @Test("audio files", arguments: inputs("audio-file"))
    func audioFile(path: String) throws {
        do {
            let file = try AudioFile(path: path, chunkFrames: 1024)
            let buffer = AudioBuffer(channelCount: file.channelCount, frameCapacity: 1024)
            var frames = 0
            while frames < 1 << 18, try file.read(into: buffer) > 0 { frames += buffer.frameLength }
        } catch {
            #expect(!error.message.isEmpty)
        }
    }

    @Test("audiowaveform data", arguments: inputs("waveform-data"))
    func waveformData(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        for read in [{ try WaveformPeaks(dat: $0) }, { try WaveformPeaks(json: $0) }]
            as [(Data) throws -> WaveformPeaks]
        {
            if let peaks = try? read(data) {
                #expect(try WaveformPeaks(dat: peaks.datData()).minimum.count == peaks.channelCount)
            }
        }
    }

}
