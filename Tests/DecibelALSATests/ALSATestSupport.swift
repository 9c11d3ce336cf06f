import DecibelCore
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelALSA

/// The ALSA configuration every test in this target runs under: alsa-lib's global `alsa.conf` (so
/// `null`, `pulse` and the rest stay defined) plus `type file` PCMs writing into a temporary folder.
///
/// `ALSA_CONFIG_PATH` replaces alsa-lib's top-level configuration file for the whole process, so it is
/// set once, before any test opens a PCM, and never changed.
enum ALSATestConfig {
    /// The folder the `type file` PCMs write into.
    static let directory: URL = {
        let directory = TestEnvironment.temporaryDirectory("decibel-alsa")
        var text = "</usr/share/alsa/alsa.conf>\n"
        for name in filePCMs {
            text +=
                "pcm.decibel_file_\(name) { type file slave.pcm null file \"\(directory.path)/\(name).raw\" format raw }\n"
        }
        for name in inputFilePCMs {
            text +=
                "pcm.decibel_infile_\(name) { type file slave.pcm null file \"/dev/null\" infile \"\(directory.path)/in_\(name).raw\" format raw }\n"
        }
        let socket = directory.appendingPathComponent("private-pulse/pulse/native").path
        text += "pcm.decibel_pulse_private { type pulse server \"unix:\(socket)\" }\n"
        let path = directory.appendingPathComponent("asound.conf")
        try? text.write(to: path, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", path.path, 1)
        return directory
    }()

    /// The runtime folder of the test's private PulseAudio server (`Scripts/servers` with
    /// `DECIBEL_RUNTIME_DIR` set to it), which the `decibel_pulse_private` PCM connects to.
    static var privatePulseDirectory: URL { directory.appendingPathComponent("private-pulse") }

    /// One `type file` PCM per test that needs one, so parallel tests never share a file.
    static let filePCMs = ["s16", "s32", "s24", "float", "planar", "any"]

    /// One capture PCM per format, reading `in_<name>.raw` (which the test writes before opening it).
    static let inputFilePCMs = ["s16", "s24", "s32", "float"]

    /// The raw file the PCM `decibel_infile_<name>` reads.
    static func inputFile(_ name: String) -> URL { directory.appendingPathComponent("in_\(name).raw") }

    /// Makes sure the configuration is in place, then returns the backend.
    static func backend(access: ALSAAccess = .interleavedFirst) -> ALSABackend {
        _ = directory
        return ALSABackend(options: .init(streams: .init(access: access)))
    }

    /// The raw file the PCM `decibel_file_<name>` writes.
    static func file(_ name: String) -> URL { directory.appendingPathComponent("\(name).raw") }

    /// The config file's path (for `aplay -L` run under the same configuration).
    static var path: String { directory.appendingPathComponent("asound.conf").path }
}

/// What a render callback saw, collected without locks.
final class CallbackLog: Sendable {
    let callbacks = Atomic<Int>(0)
    let frames = Atomic<Int>(0)
    let firstHostTime = Atomic<UInt64>(0)
    let lastHostTime = Atomic<UInt64>(0)
    let nonZeroInputs = Atomic<Int>(0)
    /// The longest time between two callbacks after the first `settle` ones, in nanoseconds.
    let longestInterval = Atomic<UInt64>(0)
    let settle: Int
    private let settledHostTime = Atomic<UInt64>(0)
    private let settledFrames = Atomic<Int>(0)

    init(settle: Int = 8) { self.settle = settle }

    func record(_ context: RenderContext) {
        let index = callbacks.wrappingAdd(1, ordering: .relaxed).oldValue
        if index == 0 {
            firstHostTime.store(context.timestamp.hostTime, ordering: .relaxed)
        }
        if index == settle { settledHostTime.store(context.timestamp.hostTime, ordering: .relaxed) }
        if index >= settle { settledFrames.wrappingAdd(context.frameCount, ordering: .relaxed) }
        let previous = lastHostTime.exchange(context.timestamp.hostTime, ordering: .relaxed)
        if index > settle {
            let interval = context.timestamp.hostTime &- previous
            if interval > longestInterval.load(ordering: .relaxed) {
                longestInterval.store(interval, ordering: .relaxed)
            }
        }
        frames.wrappingAdd(context.frameCount, ordering: .relaxed)
        for channel in 0..<context.input.channelCount {
            for sample in context.input[channel] where sample != 0 {
                nonZeroInputs.wrappingAdd(1, ordering: .relaxed)
            }
        }
    }

    /// Frames per second from the `settle`-th callback (after start-up and buffer filling) to the last.
    var steadyFramesPerSecond: Double {
        let span = Double(lastHostTime.load(ordering: .relaxed) &- settledHostTime.load(ordering: .relaxed)) / 1e9
        let count = callbacks.load(ordering: .relaxed) - settle
        guard span > 0, count > 1 else { return 0 }
        return Double(settledFrames.load(ordering: .relaxed)) * Double(count - 1) / Double(count) / span
    }

    /// Frames per second between the first and the last callback.
    var framesPerSecond: Double {
        let span = Double(lastHostTime.load(ordering: .relaxed) &- firstHostTime.load(ordering: .relaxed)) / 1e9
        let count = callbacks.load(ordering: .relaxed)
        guard span > 0, count > 1 else { return 0 }
        return Double(frames.load(ordering: .relaxed)) * Double(count - 1) / Double(count) / span
    }
}

/// Collects stream events.
final class EventLog: Sendable {
    private let events = Locked<[StreamEvent]>([])
    func record(_ event: StreamEvent) { events.withLock { $0.append(event) } }
    var all: [StreamEvent] { events.withLock { $0 } }
}

/// The PulseAudio server `Scripts/servers start pulse` runs: cancels the test when it does not answer
/// (or fails it when `Scripts/test` runs the suite and servers are required).
func requirePulseServer() throws {
    let answers = (try? run("pactl", ["info"], timeout: 5).status) == 0
    if answers { return }
    let message =
        "no PulseAudio server answers at PULSE_SERVER=\(ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? "(unset)"); run Scripts/servers start pulse"
    if TestEnvironment.serversRequired {
        Issue.record(Comment(rawValue: message))
        throw CancellationError()
    }
    try Test.cancel(Comment(rawValue: message))
}

/// A deterministic test sample: `r / 32768` with `r` a pseudo-random 16-bit integer, so the value is
/// exact in Float32 and in every integer format (S16 `r`, S24 `r << 8`, S32 `r << 16`).
func testInteger(frame: Int, channel: Int) -> Int16 {
    var x = UInt32(truncatingIfNeeded: frame &* 2 &+ channel) &* 2_654_435_761
    x ^= x >> 15
    return Int16(truncatingIfNeeded: x)
}

func testSample(frame: Int, channel: Int) -> Float { Float(testInteger(frame: frame, channel: channel)) / 32768 }
