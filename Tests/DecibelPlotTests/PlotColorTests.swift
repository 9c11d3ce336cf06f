import DecibelCore
import DecibelPlot
import Testing

@Suite struct PlotColorTests {
    @Test func parsesHexForms() throws {
        #expect(try PlotColor(parsing: "#4fc3f7").rgba8 == (0x4f, 0xc3, 0xf7, 255))
        #expect(try PlotColor(parsing: "4FC3F7").rgba8 == (0x4f, 0xc3, 0xf7, 255))
        #expect(try PlotColor(parsing: "#4fc3f780").rgba8 == (0x4f, 0xc3, 0xf7, 0x80))
        #expect(try PlotColor(parsing: "#f80").rgba8 == (0xff, 0x88, 0x00, 255))
        #expect(try PlotColor(parsing: " #000000 ") == .black)
    }

    @Test func parsesNamesCaseInsensitively() throws {
        #expect(try PlotColor(parsing: "White") == .white)
        #expect(try PlotColor(parsing: "steelblue").rgba8 == (70, 130, 180, 255))
        #expect(try PlotColor(parsing: "transparent").alpha == 0)
        #expect(try PlotColor.parseList("black,#ff0000").map(\.description) == ["#000000", "#ff0000"])
    }

    @Test func rejectsWhatIsNotAColourWithAnActionableMessage() {
        for text in ["", "#12345", "#gggggg", "blurple", "#1234567890", "black,"] {
            do {
                _ = try PlotColor.parseList(text)
                Issue.record("'\(text)' parsed")
            } catch {
                #expect(error.kind == .invalidArgument)
                #expect(error.message.contains("#rrggbb"))
            }
        }
    }

    @Test func describesItselfAsHex() throws {
        #expect(PlotColor(red8: 1, green8: 2, blue8: 255).description == "#0102ff")
        #expect(PlotColor(red8: 1, green8: 2, blue8: 255, alpha8: 16).description == "#0102ff10")
        #expect(try PlotColor(parsing: PlotColor.plotWaveform.description) == PlotColor.plotWaveform)
    }
}
