import DecibelCore
import Testing

/// The tools' number formatting without Foundation: what C's printf gives, at any length.
@Suite struct PrintfFormattingTests {
    @Test func numbersComeOutAsPrintfWritesThem() {
        #expect(String(printf: "%.3f", 2.0) == "2.000")
        #expect(String(printf: "%+.2f", 1.005) == "+1.00")  // 1.005 is 1.00499… in binary
        #expect(String(printf: "%+.1f", -0.04) == "-0.0")
        #expect(String(printf: "%.1f dB, %d frames", -6.02, 48_000) == "-6.0 dB, 48000 frames")
        #expect(String(printf: "%.1f", Double.infinity) == "inf")
    }

    @Test func theWholeTextWhateverItsLengthAndNothingForAnEmptyFormat() {
        let long = String(printf: "%0500.1f|", 3.25)
        #expect(long.utf8.count == 501)
        #expect(long.hasSuffix("003.2|"))  // round-half-even, as printf does
        #expect(String(printf: "") == "")
    }
}
