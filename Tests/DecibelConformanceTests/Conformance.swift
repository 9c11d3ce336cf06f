import DecibelTestSupport
import Foundation
import Testing

/// A behaviour every backend must have: a row of the README's behaviour × backend table, whose every cell
/// is the outcome of one test case of this suite.
enum Behaviour: String, CaseIterable, Sendable {
    case lifecycle = "start, stop and close in any order, twice; callbacks only between start and stop"
    case otherThreads = "open, start, stop and close from other threads, and start/stop racing"
    case startRacingClose = "`start()` racing `close()`: ends closed, no callback once `close()` returns"
    case firstCallback = "first callback within 1 s of `start()`"
    case events = "events: `started`, `stopped`, and the sequence ends at `close()`"
    case defaultDevice = "`defaultDevice(for:)`: one rule for input, output and duplex"
    case refusedConfiguration = "a channel count or rate out of range: `invalidArgument`, before the server"
    case unusualFormat =
        "a rate or channel count the device does not run: opened as asked or `unsupportedConfiguration`; `makeAdaptedStream` always opens it"
    case openCloseCycles = "200 open/start/stop/close cycles: no file descriptor, thread or memory growth"
    case duplex = "duplex: one callback carries input and output of the same frames, channels as configured"
    case outputHeard =
        "output heard from outside (pw-record, jack_capture, parec; ALSA: a `file` PCM's file): frequency and level"
    case inputDelivered =
        "input delivered: what paplay, pw-play, jack_simple_client play (ALSA: a `file` PCM's infile) arrives"
    case inputChannels =
        "`inputChannels: [1]`: the stream captures up to the second channel and the engine delivers it alone, at its level"
    case deviceRemoved =
        "device removed under a running stream: `deviceLost` within 2 s, the stream invalidated, the watcher reports it"
    case latencyReported =
        "latency reported while running, as `jack_lsp -l`, `pactl list sink-inputs` or `pw-dump` show it"
    case stallIsXrun = "a callback 200 ms late: counted as an xrun and reported as an event"
    case serverKilled =
        "server killed (SIGKILL): `serverShutDown` within 1 s; the device watcher reports every device gone"
}

/// Records outcomes and holds the declared exceptions.
enum Conformance {
    /// What a backend cannot do, by nature, with the reason: a declared, named exception, shown in the table.
    static let exceptions: [Behaviour: [BackendUnderTest: String]] = [
        .outputHeard: [
            .null: "The Null device plays into nothing: no other client can hear it (its tests read what it played)."
        ],
        .deviceRemoved: [
            .jack:
                "JACK's devices are its driver's ports (`system`): they leave only with the server (`serverKilled`).",
            .null: "The Null device's two devices are built in: there is nothing to remove.",
        ],
        .latencyReported: [
            .alsa:
                "ALSA has no server tool to ask: the latency is alsa-lib's `snd_pcm_delay`, checked against the negotiated buffer in DecibelALSATests.",
            .null: "The Null device has no outside to compare with: its latency is its one buffer.",
        ],
        .serverKilled: [
            .alsa: "ALSA has no server: alsa-lib drives the kernel's devices (a device that vanishes is `deviceLost`).",
            .null: "The Null device has no server: it runs inside the process.",
        ],
    ]

    /// Runs `check` for `behaviour` on `backend` unless the backend is excepted or not ready, records the
    /// outcome for the table, and fails the test with the problems it found.
    static func verify(
        _ behaviour: Behaviour, on backend: BackendUnderTest, sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (inout Findings) throws -> Void
    ) rethrows {
        if let reason = exceptions[behaviour]?[backend] {
            record(behaviour, backend, outcome: "exception", detail: reason)
            return
        }
        guard backend.isReady else { return }
        var findings = Findings()
        do {
            try check(&findings)
        } catch {
            findings.problem("threw \(error)")
        }
        record(behaviour, backend, outcome: findings.problems.isEmpty ? "pass" : "fail", detail: findings.summary)
        #expect(findings.problems.isEmpty, "\(backend): \(findings.summary)", sourceLocation: sourceLocation)
        if !findings.notes.isEmpty {
            print("\(backend) · \(behaviour.rawValue): \(findings.notes.joined(separator: "; "))")
        }
    }

    /// Appends one line of JSON to the file `DECIBEL_CONFORMANCE_RESULTS` names (`Scripts/conformance-table`
    /// makes the README's table from it).
    private static func record(_ behaviour: Behaviour, _ backend: BackendUnderTest, outcome: String, detail: String) {
        guard let path = ProcessInfo.processInfo.environment["DECIBEL_CONFORMANCE_RESULTS"] else { return }
        let row: [String: Any] = [
            "behaviour": behaviour.rawValue, "row": Behaviour.allCases.firstIndex(of: behaviour) ?? 0,
            "backend": backend.rawValue, "outcome": outcome, "detail": detail,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]) else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = (data + Data("\n".utf8)).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// What one check found: problems (the behaviour does not hold) and notes (figures worth printing).
struct Findings {
    private(set) var problems: [String] = []
    private(set) var notes: [String] = []

    mutating func problem(_ text: String) { problems.append(text) }
    mutating func note(_ text: String) { notes.append(text) }

    /// Records a problem unless `condition` holds.
    mutating func require(_ condition: Bool, _ text: @autoclosure () -> String) {
        if !condition { problems.append(text()) }
    }

    var summary: String { problems.isEmpty ? notes.joined(separator: "; ") : problems.joined(separator: "; ") }
}
