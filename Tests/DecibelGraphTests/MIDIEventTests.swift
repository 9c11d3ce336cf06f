import DecibelCore
import DecibelGraph
import Testing

@Suite struct MIDIEventTests {
    @Test("constructors make the bytes MIDI says, and kind decodes them back")
    func constructorsAndKinds() throws {
        #expect(MIDIEvent.noteOn(note: 60, velocity: 100, channel: 2).bytes == [0x92, 60, 100])
        #expect(MIDIEvent.noteOff(note: 60).bytes == [0x80, 60, 0])
        #expect(MIDIEvent.controlChange(64, value: 127).kind == .controlChange(controller: 64, value: 127))
        #expect(MIDIEvent.programChange(5, channel: 15).bytes == [0xCF, 5])
        #expect(MIDIEvent.pitchBend(0).bytes == [0xE0, 0x00, 0x40])
        #expect(MIDIEvent.pitchBend(-8192).kind == .pitchBend(-8192))
        #expect(MIDIEvent.pitchBend(8191).kind == .pitchBend(8191))
        #expect(try MIDIEvent(bytes: [0x90, 64, 0]).kind == .noteOff(note: 64, velocity: 0))
        #expect(MIDIEvent.noteOn(note: 300, velocity: -4).bytes == [0x90, 127, 0])
        #expect(MIDIEvent.noteOn(note: 60, channel: 9).channel == 9)
        #expect(MIDIEvent.noteOn(note: 60).description == "90 3C 64")
    }

    @Test("SysEx up to 16 bytes is held inline; every malformed message is refused with the reason")
    func parsing() throws {
        let sysex: [UInt8] = [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
        let message = try MIDIEvent(bytes: sysex)
        #expect(message.bytes == sysex && message.kind == .systemExclusive && message.channel == nil)
        let longest = [0xF0] + [UInt8](repeating: 0x11, count: 14) + [0xF7]
        #expect(try MIDIEvent(bytes: longest).bytes == longest)
        #expect(try MIDIEvent(bytes: [0xF8]).kind == .system)
        for bad: [UInt8] in [
            [], [0x40, 1], [0x90, 60], [0x90, 60, 128], [0xC0, 1, 2], [0xF0, 1], longest + [0xF7],
        ] {
            #expect(throws: AudioError.self, "\(bad)") { try MIDIEvent(bytes: bad) }
        }
        do {
            _ = try MIDIEvent(bytes: [0x90, 60])
        } catch {
            #expect(error.description.contains("takes 2 data bytes"), "\(error.description)")
        }
    }
}
