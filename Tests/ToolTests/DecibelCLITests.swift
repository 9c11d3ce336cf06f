import DecibelTestSupport
import Testing

/// Runs the built `decibel` executable as a user would.
@Suite("decibel command line")
struct DecibelCLITests {
    private func decibel(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessResult {
        try run(TestEnvironment.productsDirectory.appendingPathComponent("decibel").path, arguments, environment: environment, timeout: 60)
    }

    @Test("backends lists every backend and marks the pick")
    func backends() throws {
        let result = try decibel("backends", environment: ["DECIBEL_BACKEND": "null"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("* null"))
    }

    @Test("devices lists the Null device's ids")
    func devices() throws {
        let result = try decibel("devices", "--backend", "null")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("null-out"))
        #expect(result.standardOutput.contains("null-in"))
    }

    @Test("tone plays for its duration on the Null device and says which backend and why")
    func tone() throws {
        let result = try decibel("tone", "--duration", "0.5", "--backend", "null")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("using null"))
    }

    @Test("user mistakes print one clear line on stderr and exit non-zero", arguments: [
        (["tone", "--backend", "nope"], "no backend 'nope'; choose one of:"),
        (["tone", "--backend", "null", "--device", "speaker"], "no device 'speaker'"),
        (["tone", "--waveform", "zap"], "unknown waveform 'zap'"),
        (["tone", "--duration=-1"], "--duration must be between"),
        (["devices", "--backend", "nope"], "no backend 'nope'"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
    ])
    func mistakes(arguments: [String], message: String) throws {
        let result = try run(TestEnvironment.productsDirectory.appendingPathComponent("decibel").path, arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "stderr was: \(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
        #expect(result.standardOutput.isEmpty)
    }
}
