import DecibelCore
import DecibelFormats
import DecibelGraph
import Synchronization

/// One backend's soak: a stream driving the soak graph, a recorder writing its output to a float WAV,
/// and the figures the report prints.
final class SoakRun: @unchecked Sendable {
    let label: String
    let path: String
    let engine: AudioEngine
    let stream: any AudioStream
    let timer = RenderTimer()
    let recorder: Recorder
    let tap: GraphTap
    private let ended = Locked<StreamEvent?>(nil)
    /// Frames rendered but not yet handed to the recorder (the tap's ring), and handed but not yet
    /// written (the recorder's ring), sampled by the monitor.
    private(set) var tapBacklog = (low: Int.max, high: 0)
    private(set) var recorderBacklog = (low: Int.max, high: 0)
    private let handed = FrameCounter()

    init(label: String, backend: any AudioBackend, bufferSize: BufferSize, directory: String) throws(AudioError) {
        self.label = label
        path = "\(directory)/soak-\(label).wav"
        let ended = self.ended
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, maximumFrameCount: 4096)
        let configuration = StreamConfiguration(
            direction: .output, channelCount: 2, bufferSize: bufferSize, name: "decibel-soak",
            onEvent: { event in
                switch event {
                case .serverShutDown, .deviceLost: ended.withLock { $0 = event }
                default: break
                }
            },
            render: timer.wrap(engine.renderCallback))
        stream = try backend.makeStream(configuration)
        try engine.attach(to: stream)
        self.engine = engine
        try SoakGraph.build(on: engine, sampleRate: stream.format.sampleRate)
        recorder = try Recorder(
            path: path, format: .wav(bits: 32, float: true), sampleRate: stream.format.sampleRate, channelCount: 2,
            ringSeconds: 4)
        let recorder = self.recorder, handed = self.handed
        tap = try engine.installTap(on: engine.mainGroup, bufferSize: 256, ringFrames: 1 << 17) { block in
            recorder.append(block)
            handed.add(block.frameCount)
        }
    }

    func start() throws(AudioError) { try stream.start() }

    /// Called by the monitor every few milliseconds.
    func sample() {
        let rendered = Int(engine.sampleTime), delivered = handed.value
        let tapFill = max(0, rendered - delivered), recorderFill = max(0, delivered - recorder.framesWritten)
        tapBacklog = (min(tapBacklog.low, tapFill), max(tapBacklog.high, tapFill))
        recorderBacklog = (min(recorderBacklog.low, recorderFill), max(recorderBacklog.high, recorderFill))
        engine.deliverEvents()
    }

    var endedBy: StreamEvent? { ended.withLock { $0 } }

    /// Stops the stream, finishes the file and compares it with an offline render of the same graph.
    func finish() throws(AudioError) -> SoakResult {
        try stream.stop()
        try engine.removeTap(tap)
        let summary = try recorder.close()
        stream.close()
        let file = try AudioFile(path: path)
        let recorded = try file.readAll()
        let offline = AudioEngine(sampleRate: file.sampleRate, channelCount: 2, maximumFrameCount: 4096)
        try SoakGraph.build(on: offline, sampleRate: file.sampleRate)
        let expected = AudioBuffer(channelCount: 2, frameCapacity: max(1, recorded.frameLength))
        try offline.render(into: expected, blockSize: stream.format.bufferSize)
        var firstDifference: Int?
        search: for frame in 0..<recorded.frameLength {
            for channel in 0..<2 where recorded[channel][frame] != expected[channel][frame] {
                firstDifference = frame
                break search
            }
        }
        return SoakResult(
            label: label, period: stream.format.bufferSize, sampleRate: stream.format.sampleRate,
            callbacks: timer.callbacks, renderedFrames: Int(engine.sampleTime), serverXruns: stream.xrunCount,
            tapDrops: tap.droppedFrames, recorderOverflow: summary.overflowFrames, worstCallback: timer.worst,
            tapBacklog: tapBacklog, recorderBacklog: recorderBacklog, recordedFrames: recorded.frameLength,
            firstDifference: firstDifference, endedBy: endedBy)
    }
}

/// What one backend's soak measured.
struct SoakResult {
    let label: String
    let period: Int
    let sampleRate: Double
    let callbacks: Int
    let renderedFrames: Int
    let serverXruns: Int
    let tapDrops: Int
    let recorderOverflow: Int
    let worstCallback: Double
    let tapBacklog: (low: Int, high: Int)
    let recorderBacklog: (low: Int, high: Int)
    let recordedFrames: Int
    let firstDifference: Int?
    let endedBy: StreamEvent?

    /// Audio Decibel itself lost or changed (server xruns are the server's and reported apart).
    var decibelLost: Bool {
        tapDrops > 0 || recorderOverflow > 0 || firstDifference != nil || recordedFrames != renderedFrames
            || endedBy != nil
    }
}

/// A frame count shared between the tap's consumer thread and the monitor.
final class FrameCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add(_ frames: Int) { count.wrappingAdd(frames, ordering: .relaxed) }
}
