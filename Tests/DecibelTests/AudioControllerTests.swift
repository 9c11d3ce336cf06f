import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// The controller on the Null device: its input is a 440 Hz sine at 0.5 (`null-in`), its output a clock.
@Suite("AudioController", .serialized)
struct AudioControllerTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-controller")

    private func tone(_ frequency: Int) throws -> String {
        try halfScaleTone(frequency, in: directory, name: "controller-\(frequency).wav")
    }

    /// The level of `frequency` in the last second of `samples` (Goertzel over whole cycles).
    private func level(_ frequency: Double, in samples: [Float]) -> Double {
        SignalAnalysis.magnitude(of: frequency, in: Array(samples.suffix(48_000)), sampleRate: 48_000)
    }

    @Test("a microphone, two players and a recorder of two of them share one graph on one duplex stream")
    func partsShareOneGraph() throws {
        let controller = try AudioController(backend: NullBackend())
        let first = try AudioPlayer(path: try tone(1000), on: controller)
        let second = try AudioPlayer(path: try tone(300), on: controller)
        let microphone = try Microphone(on: controller)
        microphone.isMonitoring = true
        first.volume = 0.5
        second.volume = 0.5
        let path = directory.appendingPathComponent("controller-take.wav").path
        let recorder = try Recorder(path: path, format: .wav(bits: 32, float: true), on: controller, channelCount: 1)
        let take = try recorder.record(mixing: [microphone, first], on: controller)
        let heard = BufferCollector(channels: 2, limit: 96_000)
        let tap = try controller.engine.installTap(on: controller.engine.mainGroup) { heard.append($0) }
        try microphone.start()
        try controller.start()
        first.play()
        second.play()
        #expect(waitUntil(6) { heard.frames >= 96_000 })
        try take.stop(in: controller.engine)
        try controller.engine.removeTap(tap)
        try controller.stop()
        let summary = try recorder.close()

        // One stream, duplex, shared by every part.
        #expect(controller.stream.format.inputChannelCount == 1 && controller.stream.format.outputChannelCount == 2)
        #expect(first.output.stream === controller.stream && second.output.stream === controller.stream)
        #expect(microphone.controller === controller)
        let output = heard.channel(0)
        let outputLevels = [440.0, 1000, 300].map { level($0, in: output) }
        print("controller output levels at 440/1000/300 Hz: \(outputLevels)")
        #expect(abs(outputLevels[0] - 0.5) < 0.01 && abs(outputLevels[1] - 0.25) < 0.01)
        #expect(abs(outputLevels[2] - 0.25) < 0.01)
        // The take holds the microphone and the first player, sample-aligned, and not the second player.
        let file = try AudioFile(path: path).readAll()
        let recorded = Array(file[0])
        let takeLevels = [440.0, 1000, 300].map { level($0, in: recorded) }
        print("controller take: \(summary.fileFrames) frames, levels at 440/1000/300 Hz: \(takeLevels)")
        #expect(summary.fileFrames >= 48_000)
        #expect(abs(takeLevels[0] - 0.5) < 0.01 && abs(takeLevels[1] - 0.25) < 0.01 && takeLevels[2] < 0.001)
    }

    @Test("the stream becomes duplex when the first microphone starts, and plays on")
    func inputOpensWhenAMicrophoneNeedsIt() throws {
        let controller = try AudioController(backend: NullBackend())
        let events = Locked<[AudioController.Event]>([])
        controller.addObserver { event in events.withLock { $0.append(event) } }
        #expect(controller.stream.format.inputChannelCount == 0 && !controller.usesInput)
        try controller.start()
        let buffers = BufferCollector(channels: 1, limit: 24_000)
        let microphone = try Microphone(on: controller, bufferSize: 480) { buffers.append($0) }
        try microphone.start()
        #expect(controller.usesInput && controller.isRunning)
        #expect(controller.stream.format.inputChannelCount == 1)
        #expect(events.withLock { $0.contains(.inputOpened) })
        #expect(waitUntil(3) { buffers.frames >= 24_000 })
        let samples = Array(buffers.channel(0).suffix(9_600))
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 440) < 0.5)
        try microphone.stop()
        let delivered = buffers.frames
        Thread.sleep(forTimeInterval: 0.2)
        #expect(controller.isRunning, "stopping a microphone on a shared controller stops its delivery, not the stream")
        #expect(buffers.frames == delivered)
        controller.close()
    }

    @Test("a recorder refuses a part of another controller, naming it")
    func recorderRefusesAPartOfAnotherController() throws {
        let one = try AudioController(backend: NullBackend()), other = try AudioController(backend: NullBackend())
        let player = try AudioPlayer(on: other)
        let recorder = try Recorder(
            path: directory.appendingPathComponent("controller-refused.wav").path, format: .wav(bits: 16), on: one)
        #expect {
            _ = try recorder.record(mixing: [player], on: one)
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .invalidArgument
                && error?.message
                    == "AudioPlayer is not on this controller; create it with on: controller to record it here"
        }
        _ = try recorder.close()
    }

    @Test("an unknown output device is refused and the controller plays on where it was")
    func unknownDeviceKeepsTheOldStream() throws {
        let controller = try AudioController(backend: NullBackend())
        let moves = Locked<[String?]>([])
        let output = try Output(on: controller)
        output.observeDevice { device in moves.withLock { $0.append(device) } }
        try controller.start()
        #expect(throws: AudioError.self) { try controller.setOutputDevice("nowhere") }
        #expect(controller.isRunning && controller.outputDevice == nil)
        try output.setDevice("null-out")
        #expect(controller.isRunning && controller.outputDevice == "null-out")
        #expect(moves.withLock { $0 } == ["null-out"])
        controller.close()
        #expect(throws: AudioError.self) { try controller.start() }
    }

    @Test("a microphone posts its device changes, on a controller and on its own")
    func microphoneDeviceEvents() throws {
        final class Listener: MicrophoneDelegate, @unchecked Sendable {
            let devices = Locked<[String?]>([])
            func microphone(_ microphone: Microphone, didReceive buffer: AudioBufferView) {}
            func microphone(_ microphone: Microphone, didChangeDevice device: String?) {
                devices.withLock { $0.append(device) }
            }
        }
        let controller = try AudioController(backend: NullBackend(), usesInput: true)
        let shared = try Microphone(on: controller)
        let listener = Listener()
        shared.delegate = listener
        let observed = Locked<[String?]>([])
        shared.observeDevice { device in observed.withLock { $0.append(device) } }
        try shared.setDevice("null-silence")
        #expect(shared.device == "null-silence" && controller.inputDevice == "null-silence")
        #expect(listener.devices.withLock { $0 } == ["null-silence"] && observed.withLock { $0 } == ["null-silence"])

        let alone = try Microphone(backend: NullBackend())
        let aloneSeen = Locked<[String?]>([])
        alone.observeDevice { device in aloneSeen.withLock { $0.append(device) } }
        try alone.setDevice("null-noise")  // not started: remembered, and posted
        try alone.start()
        #expect(alone.controller?.inputDevice == "null-noise")
        #expect(throws: AudioError.self) { try alone.setDevice("nowhere") }
        #expect(alone.device == "null-noise" && alone.isRunning)
        try alone.setDevice(nil)
        #expect(aloneSeen.withLock { $0 } == ["null-noise", nil])
        try alone.stop()
        controller.close()
    }

    @Test("an observer may call into the controller and its microphone while a device switch waits on the stream")
    func observersMayCallBack() throws {
        let controller = try AudioController(backend: NullBackend(), usesInput: true)
        let microphone = try Microphone(on: controller)
        let answers = Atomic<Int>(0)
        controller.addObserver { event in
            // Stream events arrive on the controller's own thread, not the stream's, so these may lock.
            _ = microphone.isRunning
            _ = controller.outputDevice
            if case .stream(.stopped) = event { answers.add(1, ordering: .relaxed) }
        }
        try microphone.start()
        try controller.start()
        let switched = Atomic<Bool>(false)
        let switcher = Thread {
            try? controller.setOutputDevice("null-out")
            try? microphone.setDevice("null-silence")
            switched.store(true, ordering: .releasing)
        }
        switcher.start()
        #expect(waitUntil(5) { switched.load(ordering: .acquiring) }, "the switches finished")
        #expect(waitUntil(2) { answers.load(ordering: .relaxed) >= 2 })
        #expect(controller.isRunning && controller.inputDevice == "null-silence")
        controller.close()
    }

    @Test("closing an output on a shared controller takes what it added out of the graph")
    func closingASharedOutputDetachesItsNodes() throws {
        let controller = try AudioController(backend: NullBackend())
        let calls = Atomic<Int>(0)
        let output = try Output(on: controller) { _, _ in calls.add(1, ordering: .relaxed) }
        _ = try output.playedAudio { _ in }  // its consumer thread ends with close()
        try controller.start()
        #expect(waitUntil(2) { calls.load(ordering: .relaxed) > 10 })
        output.close()
        let plans = controller.engine.adoptedPlanCount
        #expect(waitUntil(2) { controller.engine.adoptedPlanCount > plans || calls.load(ordering: .relaxed) == 0 })
        let after = calls.load(ordering: .relaxed)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(calls.load(ordering: .relaxed) == after, "the data source is no longer rendered")
        controller.close()
    }
}
