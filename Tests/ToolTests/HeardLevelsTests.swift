import DecibelToolSupport
import Testing

/// `decibel play`'s meter: readings keyed by the position rendered, shown when that position is heard.
@Suite("meter readings matched to what is heard")
struct HeardLevelsTests {
    @Test("a reading is shown while the audio it measured is heard, not when it was rendered")
    func readingsWaitForTheirAudio() {
        var levels = HeardLevels(duration: 9)
        #expect(levels.peaks(heardAt: 0) == [-.infinity, -.infinity], "nothing read yet")
        // A deep buffer's first request renders 2 s at once, then the quiet part is rendered while 0-2 s plays.
        levels.add([-6, -6], renderedUpTo: 2)
        levels.add([-26, -26], renderedUpTo: 4)
        levels.add([-6, -5], renderedUpTo: 6)
        #expect(levels.peaks(heardAt: 0.5) == [-6, -6])
        #expect(levels.peaks(heardAt: 1.99) == [-6, -6])
        #expect(levels.peaks(heardAt: 2.5) == [-26, -26])
        #expect(levels.peaks(heardAt: 4.5) == [-6, -5])
        #expect(levels.peaks(heardAt: 8) == [-6, -5], "past every reading: the latest")
    }

    @Test("an empty reading between render bursts does not hide the one that holds the audio")
    func emptyReadingsAreSkipped() {
        var levels = HeardLevels(duration: 9)
        levels.add([-6, -6], renderedUpTo: 2)
        levels.add([-.infinity, -.infinity], renderedUpTo: 2)  // a look between two requests: nothing rendered
        #expect(levels.peaks(heardAt: 1) == [-6, -6])
        // A burst that lands between a look's peak and its position: silence at the new position, then the
        // burst's real peak at the same position one look later.
        levels.add([-.infinity, -.infinity], renderedUpTo: 4)
        levels.add([-26, -20], renderedUpTo: 4)
        #expect(levels.peaks(heardAt: 3) == [-26, -20])
    }

    @Test("a loop and the player's rewind at the end count on from the end of the file")
    func positionsThatStartOverCountOn() {
        var looping = HeardLevels(duration: 2)
        looping.add([-6, -6], renderedUpTo: 1.5)
        looping.add([-26, -26], renderedUpTo: 0.3)  // rendered into the second lap: 2.3
        #expect(looping.peaks(heardAt: 1.2) == [-6, -6])
        #expect(looping.peaks(heardAt: 1.8) == [-26, -26])
        #expect(looping.peaks(heardAt: 0.1) == [-26, -26], "heard into the second lap: 2.1")
        var once = HeardLevels(duration: 9)
        once.add([-6, -6], renderedUpTo: 9)
        once.add([-.infinity, -.infinity], renderedUpTo: 0)  // rewound at the end, silent after it
        #expect(once.peaks(heardAt: 8.5) == [-6, -6], "the last seconds still show what they hold")
    }
}
