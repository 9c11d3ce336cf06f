import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

extension PulseTests {
    /// How many connections a stream makes: the one it asked the server's devices through is the one it plays on.
    @Suite struct PulseStreamConnectionTests {
        @Test(
            "a stream is one client of the server from makeStream to close; after a restart before start(), a fresh one"
        )
        func oneConnectionFromOpenToClose() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let name = "decibel-one-connection-\(getpid())"
            func clients() throws -> Int {
                try server.pactl(["list", "clients"]).standardOutput.split(separator: "\n")
                    .filter { $0.trimmingCharacters(in: .whitespaces) == "application.name = \"\(name)\"" }.count
            }
            let source = SineSource(frequency: 440, amplitude: 0.5)
            let stream = try server.backend().makeStream(StreamConfiguration(name: name, render: source.render))
            #expect(try clients() == 1, "makeStream's device query left no connection, or more than one")
            try server.start(stream)
            #expect(try clients() == 1, "start() connected again instead of using makeStream's connection")
            stream.close()
            // The server hears the disconnect a moment after close() returns.
            let deadline = Date().addingTimeInterval(3)
            while try clients() > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(try clients() == 0)

            let second = try server.backend().makeStream(StreamConfiguration(name: name, render: source.render))
            defer { second.close() }
            PulseTestServer.stopIsolated()
            let restarted = try #require(PulseTestServer.startIsolated())
            try restarted.start(second)
            #expect(second.state == .running)
            #expect(try clients() == 1, "after the restart the stream is not connected to the new server")
        }
    }
}
