import DecibelCore
import Foundation
import Testing

@testable import DecibelPipeWire

/// Where the backend looks for the daemon before it loads libpipewire.
@Suite struct PipeWireSocketTests {
    @Test func theSocketIsResolvedAsLibpipewireResolvesIt() {
        let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(PipeWireBackend.socketPath(remote: nil, environment: runtime) == "/run/user/1000/pipewire-0")
        #expect(PipeWireBackend.socketPath(remote: "/tmp/pw/socket", environment: [:]) == "/tmp/pw/socket")
        #expect(PipeWireBackend.socketPath(remote: "other-0", environment: runtime) == "/run/user/1000/other-0")
        #expect(
            PipeWireBackend.socketPath(
                remote: nil, environment: runtime.merging(["PIPEWIRE_REMOTE": "named-0"]) { $1 })
                == "/run/user/1000/named-0")
        // The options' remote (a property of the connection) comes before PIPEWIRE_REMOTE, as in libpipewire.
        #expect(
            PipeWireBackend.socketPath(
                remote: "mine-0", environment: runtime.merging(["PIPEWIRE_REMOTE": "named-0"]) { $1 })
                == "/run/user/1000/mine-0")
        #expect(
            PipeWireBackend.socketPath(
                remote: nil, environment: runtime.merging(["PIPEWIRE_RUNTIME_DIR": "/tmp/pw"]) { $1 })
                == "/tmp/pw/pipewire-0")
        // Where libpipewire must decide, the backend connects and lets it.
        #expect(PipeWireBackend.socketPath(remote: nil, environment: [:]) == nil)
        #expect(PipeWireBackend.socketPath(remote: "pipewire-0-manager,pipewire-0", environment: runtime) == nil)
    }

    @Test func aMissingSocketIsReportedWithoutLoadingLibpipewire() {
        // A library that cannot load: had the backend tried it first, the reason would name it.
        let backend = PipeWireBackend(
            options: .init(
                remote: "/nonexistent/decibel-pipewire-0",
                environment: ["DECIBEL_PIPEWIRE_LIBRARY": "libdecibel-no-such-pipewire.so.0"]))
        let availability = backend.availability
        print("availability: \(availability)")
        #expect(!availability.isAvailable)
        #expect(availability.explanation.contains("/nonexistent/decibel-pipewire-0 (no such socket)"))
        #expect(!availability.explanation.contains("libdecibel-no-such-pipewire"))
    }
}
