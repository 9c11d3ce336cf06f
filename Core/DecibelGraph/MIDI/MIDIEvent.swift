import DecibelCore

/// One MIDI message, held inline (up to 16 bytes) so that scheduling and delivering it never allocates:
/// a channel voice message (note on and off, pressure, control and program change, pitch bend), a system
/// message, or a SysEx of up to 16 bytes including its `F0` and `F7`.
///
/// ```swift
/// synth.send(.noteOn(note: 60, velocity: 100), at: engine.sampleTime + 4_800)
/// synth.send(.noteOff(note: 60), at: engine.sampleTime + 28_800)
/// ```
public struct MIDIEvent: Hashable, Sendable, CustomStringConvertible {
    /// Most bytes a message holds.
    public static let capacity = 16

    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// Bytes in the message.
    public let count: Int

    /// A message from its raw bytes: a status byte and its data bytes (each below 0x80), or a whole SysEx.
    /// - Throws: `AudioError` of kind `invalidArgument` when the bytes are not one such message: no bytes, a
    ///   running-status fragment (no status byte first), a data byte ≥ 0x80, a length that does not match the status,
    ///   or a SysEx without its `F0`…`F7` or longer than `capacity`.
    public init(bytes: some Collection<UInt8>) throws(AudioError) {
        let bytes = Array(bytes)
        guard let status = bytes.first, status >= 0x80 else {
            throw AudioError(
                .invalidArgument, "a MIDI message starts with a status byte (0x80…0xFF), got \(Self.hex(bytes))")
        }
        if status == 0xF0 {
            guard bytes.count >= 2, bytes.last == 0xF7, bytes.count <= Self.capacity,
                bytes.dropFirst().dropLast().allSatisfy({ $0 < 0x80 })
            else {
                throw AudioError(
                    .invalidArgument,
                    "a SysEx is F0, data bytes below 0x80 and F7, at most \(Self.capacity) bytes; got \(Self.hex(bytes))"
                )
            }
        } else {
            let expected = Self.length(ofStatus: status)
            guard bytes.count == expected, bytes.dropFirst().allSatisfy({ $0 < 0x80 }) else {
                throw AudioError(
                    .invalidArgument,
                    "status 0x\(String(status, radix: 16, uppercase: true)) takes \(expected - 1) data bytes below 0x80; got \(Self.hex(bytes))"
                )
            }
        }
        count = bytes.count
        for (index, byte) in bytes.enumerated() { set(byte, at: index) }
    }

    /// A message from raw bytes without allocating (render thread: a plugin's MIDI input); `nil` when the
    /// bytes are not one message by the rules of `init(bytes:)`.
    public init?(rawBytes bytes: UnsafeRawBufferPointer) {
        guard Self.isMessage(bytes) else { return nil }
        count = bytes.count
        for index in 0..<bytes.count { set(bytes[index], at: index) }
    }

    private static func isMessage(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let status = bytes.first, status >= 0x80 else { return false }
        if status == 0xF0 {
            return bytes.count >= 2 && bytes.count <= capacity && bytes.last == 0xF7
                && bytes.dropFirst().dropLast().allSatisfy { $0 < 0x80 }
        }
        return bytes.count == length(ofStatus: status) && bytes.dropFirst().allSatisfy { $0 < 0x80 }
    }

    private init(unchecked bytes: UInt8...) {
        count = bytes.count
        for (index, byte) in bytes.enumerated() { set(byte, at: index) }
    }

    private mutating func set(_ byte: UInt8, at index: Int) {
        if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
    }

    /// Byte `index` (0 is the status).
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "MIDIEvent: byte \(index) of \(count)")
        return UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * index) : high >> (8 * (index - 8)))
    }

    /// The bytes, as an array (allocates: for control threads).
    public var bytes: [UInt8] { (0..<count).map { self[$0] } }

    /// The status byte.
    public var status: UInt8 { self[0] }

    /// The channel (0…15) of a channel voice message, `nil` for system messages.
    public var channel: Int? { status < 0xF0 ? Int(status & 0x0F) : nil }

    /// What the message means.
    public enum Kind: Hashable, Sendable {
        /// A key pressed (a note on with velocity 0 is a note off, as MIDI says).
        case noteOn(note: Int, velocity: Int)
        /// A key released.
        case noteOff(note: Int, velocity: Int)
        /// Pressure on one key.
        case polyphonicPressure(note: Int, pressure: Int)
        /// A controller moved (64 is the sustain pedal; 120 all sound off, 123 all notes off).
        case controlChange(controller: Int, value: Int)
        /// A program (patch) chosen.
        case programChange(Int)
        /// Pressure on the whole channel.
        case channelPressure(Int)
        /// The pitch wheel, −8192 … 8191 (0 is the centre).
        case pitchBend(Int)
        /// A system exclusive message.
        case systemExclusive
        /// Any other system message (clock, start, stop, song position, …).
        case system
    }

    /// The message decoded.
    public var kind: Kind {
        let data1 = count > 1 ? Int(self[1]) : 0, data2 = count > 2 ? Int(self[2]) : 0
        switch status & 0xF0 {
        case 0x80: return .noteOff(note: data1, velocity: data2)
        case 0x90: return data2 == 0 ? .noteOff(note: data1, velocity: 0) : .noteOn(note: data1, velocity: data2)
        case 0xA0: return .polyphonicPressure(note: data1, pressure: data2)
        case 0xB0: return .controlChange(controller: data1, value: data2)
        case 0xC0: return .programChange(data1)
        case 0xD0: return .channelPressure(data1)
        case 0xE0: return .pitchBend(data1 | data2 << 7 - 8192)
        default: return status == 0xF0 ? .systemExclusive : .system
        }
    }

    /// Note on (`note` and `velocity` 0…127, `channel` 0…15; out-of-range values are clamped).
    public static func noteOn(note: Int, velocity: Int = 100, channel: Int = 0) -> MIDIEvent {
        MIDIEvent(unchecked: 0x90 | nibble(channel), seven(note), seven(velocity))
    }

    /// Note off.
    public static func noteOff(note: Int, velocity: Int = 0, channel: Int = 0) -> MIDIEvent {
        MIDIEvent(unchecked: 0x80 | nibble(channel), seven(note), seven(velocity))
    }

    /// Control change.
    public static func controlChange(_ controller: Int, value: Int, channel: Int = 0) -> MIDIEvent {
        MIDIEvent(unchecked: 0xB0 | nibble(channel), seven(controller), seven(value))
    }

    /// Program change.
    public static func programChange(_ program: Int, channel: Int = 0) -> MIDIEvent {
        MIDIEvent(unchecked: 0xC0 | nibble(channel), seven(program))
    }

    /// Pitch bend, −8192 … 8191.
    public static func pitchBend(_ value: Int, channel: Int = 0) -> MIDIEvent {
        let raw = min(max(value + 8192, 0), 16_383)
        return MIDIEvent(unchecked: 0xE0 | nibble(channel), UInt8(raw & 0x7F), UInt8(raw >> 7))
    }

    /// The bytes in hex, as in `90 3C 64`.
    public var description: String { Self.hex(bytes) }

    /// Bytes a message with `status` has (status included); SysEx is variable.
    private static func length(ofStatus status: UInt8) -> Int {
        switch status & 0xF0 {
        case 0xC0, 0xD0: return 2
        case 0xF0:
            switch status {
            case 0xF1, 0xF3: return 2
            case 0xF2: return 3
            default: return 1
            }
        default: return 3
        }
    }

    private static func nibble(_ channel: Int) -> UInt8 { UInt8(min(max(channel, 0), 15)) }
    private static func seven(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), 127)) }
    private static func hex(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "nothing" }
        return bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
