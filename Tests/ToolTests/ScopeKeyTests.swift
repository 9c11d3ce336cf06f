import DecibelPlot
import Testing

@testable import decibel_scope

@Suite("decibel-scope keys")
struct ScopeKeyTests {
    private func key(_ name: String) -> PlotKey {
        PlotKey(name: name, text: name.count == 1 ? name : "", keysym: 0, modifiers: 0)
    }

    @Test("m switches buffer/rolling, f fill, r mirror, s spectrum shape, space pause, q and Escape quit")
    func bindings() {
        let view = ScopeView(sampleRate: 48_000, mode: .buffer, fill: false, mirror: false)
        #expect(view.handle(key("m")))
        if case .rolling = view.waveform.mode {} else { Issue.record("m should switch to rolling") }
        #expect(view.handle(key("m")))
        #expect(view.waveform.mode == .buffer)
        #expect(view.handle(key("f")) && view.waveform.style.fill)
        #expect(view.handle(key("r")) && view.waveform.style.mirror)
        #expect(view.handle(key("s")) && view.spectrum.shape == .line)
        #expect(view.handle(key("space")) && view.isPaused)
        #expect(view.handle(key("space")) && !view.isPaused)
        #expect(view.handle(key("x")))
        #expect(!view.handle(key("q")))
        #expect(!view.handle(key("Escape")))
    }
}
