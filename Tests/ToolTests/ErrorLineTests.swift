import Decibel
import DecibelToolSupport
import Testing

/// Every `AudioError` kind through the printer the command-line tools use: one line, no Swift syntax,
/// what happened and what to do.
@Suite("the command line's error printer")
struct ErrorLineTests {
    /// Fragments of Swift's own rendering of enums, structs and optionals that a user must never see.
    static let swiftSyntax = ["Kind.", "AudioError(", "(reason:", "Optional(", "kind:", "message:", "\n"]

    @Test(
        "every kind prints as one plain line with its backend, message, code and advice",
        arguments: AudioError.Kind.allCases)
    func everyKind(kind: AudioError.Kind) {
        let error = AudioError(kind, "it failed", backend: "jack", code: -5, codeDescription: "Input/output error")
        let line = errorLine(for: error)
        print("\(kind.rawValue): \(line)")
        #expect(line == "jack: it failed (error -5: Input/output error); \(kind.advice)")
        for fragment in Self.swiftSyntax { #expect(!line.contains(fragment), "\(fragment) in \(line)") }
        #expect(kind.advice.count > 10)
    }

    @Test("kinds do not share advice: each tells the user something of its own")
    func adviceIsSpecific() {
        let advice = AudioError.Kind.allCases.map(\.advice)
        #expect(Set(advice).count == advice.count)
    }

    @Test("a message that gives its own advice after a semicolon is not given a second")
    func ownAdviceIsKept() {
        let error = AudioError.deviceNotFound("speaker", backend: "null", available: ["null-out", "null-in"])
        #expect(errorLine(for: error) == "null: no device 'speaker'; its devices are: null-out, null-in")
    }

    @Test("a stream that ended because its server died reads as a sentence, not as an enum")
    func endedStream() {
        let event = StreamEvent.serverShutDown(reason: "JACK server has been closed")
        let error = AudioError(.streamInvalidated, "stopped: \(event)", backend: "jack")
        let line = errorLine(for: error)
        #expect(
            line == "jack: stopped: the sound server shut down (JACK server has been closed); start it again and retry")
        for fragment in Self.swiftSyntax { #expect(!line.contains(fragment), "\(fragment) in \(line)") }
    }

    @Test("line breaks inside a message become spaces")
    func multiLineMessage() {
        let error = AudioError(.backendError, "first line\n  second line\n", backend: "pulse")
        #expect(errorLine(for: error) == "pulse: first line second line; \(AudioError.Kind.backendError.advice)")
    }
}
