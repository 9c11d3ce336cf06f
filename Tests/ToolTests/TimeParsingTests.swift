import DecibelToolSupport
import Testing

/// The times `--start` and `--duration` take.
@Suite("command-line times")
struct TimeParsingTests {
    @Test(
        "seconds, minutes:seconds, hours:minutes:seconds and milliseconds",
        arguments: [
            ("90", 90.0), ("2.5", 2.5), (".5", 0.5), ("5.", 5), (" 7 ", 7), ("1:30", 90), ("0:00.25", 0.25),
            ("1:02:03.25", 3723.25), ("100:00", 6000), ("1500ms", 1.5), ("2.5s", 2.5), ("-1", -1), ("0", 0),
        ])
    func accepted(text: String, seconds: Double) throws {
        #expect(try parseSeconds(text) == seconds)
    }

    @Test(
        "what is not a time is refused with the forms it takes",
        arguments: [
            "", "abc", "1:60", "1:2:3:4", "1::2", ":30", "1.2.3", "inf", "nan", "1e3", "0x10", "1:30ms", "--1",
            "1 30", String(repeating: "9", count: 400),
        ])
    func refused(text: String) {
        #expect {
            try parseSeconds(text)
        } throws: { error in
            "\(error)".contains("is not a time; use seconds")
        }
    }
}
