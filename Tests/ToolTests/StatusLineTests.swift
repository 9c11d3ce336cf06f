import Testing

@testable import decibel

@Suite("The play/record status line")
struct StatusLineTests {
    @Test(
        "times read m:ss below an hour and h:mm:ss above",
        arguments: [
            (0.0, "0:00"), (9.9, "0:09"), (61, "1:01"), (3599, "59:59"), (3600, "1:00:00"), (-5, "0:00"),
            (.nan, "0:00"),
        ])
    func time(seconds: Double, text: String) {
        #expect(StatusLine.time(seconds) == text)
    }

    @Test("meters fill from -60 dB to 0 dB")
    func meter() {
        #expect(StatusLine.meter(0, width: 10) == "##########")
        #expect(StatusLine.meter(-30, width: 10) == "#####-----")
        #expect(StatusLine.meter(-90, width: 10) == "----------")
        #expect(StatusLine.meter(.nan, width: 4) == "----")
    }

    @Test("levels print with one decimal and -inf for silence")
    func decibels() {
        #expect(StatusLine.decibels(-12.34) == "-12.3")
        #expect(StatusLine.decibels(0) == "  0.0")
        #expect(StatusLine.decibels(-.infinity) == " -inf")
    }

    @Test("a terminal gets a bar that fits its width; a pipe gets a plain line")
    func layout() {
        let terminal = StatusLine(isTerminal: true, width: 100).render(
            position: 30, duration: 60, peaks: [-6, -12], label: "play")
        #expect(terminal.count <= 100)
        #expect(terminal.hasPrefix("play 0:30 / 1:00 ["))
        #expect(terminal.contains("=") && terminal.contains("#"))
        let plain = StatusLine(isTerminal: false, width: 100).render(
            position: 30, duration: 60, peaks: [-6, -12], label: "play")
        #expect(plain == "play 0:30 / 1:00  peak dBFS  -6.0 -12.0")
    }
}
