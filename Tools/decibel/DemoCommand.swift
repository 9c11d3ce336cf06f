import ArgumentParser
import Decibel
import DecibelPlot
import DecibelToolSupport
import FoundationEssentials

/// `decibel demo`: the whole library in one run — pick a backend, play a generated piece through the
/// graph while recording it, then draw the recording's waveform and spectrum.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a short generated piece through the graph while recording it; draw its waveform and spectrum.",
        discussion: "Examples:\n  decibel demo\n  decibel demo --output /tmp/decibel-demo --seconds 8 --backend jack"
    )

    @Option(name: .long, help: "Folder for demo.wav, demo-waveform.png and demo-spectrum.png.")
    var output: String = "decibel-demo"

    @Option(name: .long, help: "Seconds to play.")
    var seconds: Double = 6

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        guard seconds.isFinite, (1...120).contains(seconds) else {
            throw ValidationError("--seconds must be between 1 and 120")
        }
    }

    /// `name` in the output folder, as the folder was given (relative stays relative).
    private func inOutputFolder(_ name: String) -> String {
        output.hasSuffix("/") ? output + name : output + "/" + name
    }

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw AudioError(.fileUnreadable, "\(output): cannot create the folder: \(SystemCalls.reason(error))")
        }
        let backend = try choice.select(verbose: true)
        let device = try choice.checkedDevice(on: backend, direction: .output)
        let session = try PlaybackSession(backend: backend) { onEvent in
            StreamConfiguration(
                direction: .output, device: device, channelCount: 2, name: "decibel demo", onEvent: onEvent
            ) { _ in }
        }
        let engine = session.engine
        let rate = session.stream.format.sampleRate
        let piece = DemoPiece(sampleRate: rate)
        try piece.attach(to: engine.mainGroup)
        let meter = LevelMeter(channelCount: 2)
        try engine.mainGroup.setFilters([GraphicEQ(), meter])
        let recording = inOutputFolder("demo.wav")
        let recorder = try Recorder(path: recording, format: .wav(bits: 24), sampleRate: rate, channelCount: 2)
        let frames = Int((seconds * rate).rounded())
        let tap = try recorder.record(engine.mainGroup, in: engine, frameLimit: frames)
        piece.schedule(until: 1, start: 0)
        printError(
            "decibel: playing a \(Int(seconds)) s piece through the graph on \(backend.id):\(device ?? "default") (\(session.stream.format)), recording to \(recording)"
        )
        var failure: Error?
        do {
            try session.run(label: "demo", duration: seconds, meter: meter) { position in
                piece.schedule(until: position + 1, start: 0)
                return false
            }
        } catch {
            failure = error
        }
        try engine.removeTap(tap)
        let summary = try recorder.close()
        if let failure { throw failure }
        let waveformPath = inOutputFolder("demo-waveform.png")
        let spectrumPath = inOutputFolder("demo-spectrum.png")
        let peaks = try AudioFile(path: recording).waveform(.points(1800))
        try WaveformOverview(peaks: peaks.merged(toAtMost: 1800), showsTimeAxis: true).write(
            to: waveformPath, size: PlotSize(width: 1800, height: 280))
        let spectrum = try SpectrumCommand.averageSpectrum(of: recording)
        let plot = SpectrumPlot(shape: .bars, frequencyScale: .logarithmic, barCount: 96)
        plot.spectrum = spectrum.spectrum
        try plot.write(to: spectrumPath, size: PlotSize(width: 1000, height: 360))
        print("recording: \(recording) (\(summary.framesWritten) frames)")
        print("waveform:  \(waveformPath)")
        print("spectrum:  \(spectrumPath)")
    }
}
