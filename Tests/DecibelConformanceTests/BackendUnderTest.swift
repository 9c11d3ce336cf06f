import Decibel
import DecibelTestSupport
import Foundation
import Testing

/// One of the five backends, set up the way the conformance suite runs every behaviour against it: the
/// servers `Scripts/servers` starts (jackd with its dummy driver, pulseaudio with a null sink), a PipeWire
/// instance of the suite's own, alsa-lib's `null` PCM (no sound card here) and the Null device.
enum BackendUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case pipewire, jack, pulse, alsa, null

    var testDescription: String { rawValue }

    /// What the backend needs on the machine (under `Scripts/test` each is there, or the test fails).
    var requirement: TestRequirement? {
        switch self {
        case .pipewire: .pipewire
        case .jack: .jack
        case .pulse: .pulse
        case .alsa: .alsa
        case .null: nil
        }
    }

    /// Whether the test can run here; prints why not when it cannot.
    var isReady: Bool {
        // libjack's threads end by pthread_cancel, which ThreadSanitizer's runtime cannot unwind (Scripts/test).
        if self == .jack && ProcessInfo.processInfo.environment["DECIBEL_TEST_SANITIZER"] == "thread" {
            print("skipping jack under ThreadSanitizer: libjack's cancelled threads abort its runtime")
            return false
        }
        guard requirement?.isMet ?? true else {
            print("skipping \(rawValue): needs \(requirement.map(String.init(describing:)) ?? "")")
            return false
        }
        if self == .pipewire { return ConformancePipeWire.remote != nil }
        return true
    }

    /// A backend instance talking to the test's server.
    func makeBackend() -> any AudioBackend {
        switch self {
        case .pipewire:
            return PipeWireBackend(
                options: .init(remote: ConformancePipeWire.remote, clientName: "Decibel conformance"))
        case .jack: return JACKBackend(options: .init(clientName: "dcb-conformance"))
        case .pulse: return PulseBackend(options: .init(clientName: "Decibel conformance"))
        case .alsa:
            ConformanceALSA.configure()
            return ALSABackend()
        case .null: return NullBackend()
        }
    }

    /// The device a stream of `direction` opens: the default, except on ALSA, whose default PCM needs a sound
    /// card this machine does not have (its `null` PCM, which keeps no time: the backend paces it), and for
    /// PulseAudio's input, whose default here is the monitor of an idle null sink: module-null-sink renders
    /// 2-s blocks while nothing plays, so the first block comes after up to 2 s to any client (parec:
    /// 1.9–2.0 s, against 12 ms from a null source).
    func device(for direction: AudioDirection) -> String? {
        switch self {
        case .alsa: "null"
        case .pulse where direction == .input: ConformancePulse.source
        default: nil
        }
    }

    /// A configuration for a stream of `direction` on this backend, calling `render` on its thread.
    func configuration(
        _ direction: AudioDirection, channels: Int = 2, sampleRate: Double? = nil, name: String = "dcb-conformance",
        render: @escaping RenderCallback = { context in context.output.clear() }
    ) -> StreamConfiguration {
        var configuration = StreamConfiguration(
            direction: direction, sampleRate: sampleRate, channelCount: channels, bufferSize: .frames(256),
            name: name, render: render)
        if direction.hasInput { configuration.inputDevice = device(for: .input) }
        if direction.hasOutput { configuration.outputDevice = device(for: .output) }
        return configuration
    }
}
