import DecibelCore
import Foundation

/// A sink or source as `pactl list short sinks` (or `sources`) prints it.
public struct PactlDevice: Sendable, CustomStringConvertible {
    /// The device's name (a Decibel device id).
    public var name: String
    /// Its sample spec, e.g. "s16le 2ch 44100Hz".
    public var spec: String

    /// Channels, from the spec.
    public var channelCount: Int? {
        spec.split(separator: " ").first { $0.hasSuffix("ch") }.flatMap { Int($0.dropLast(2)) }
    }

    /// Frames per second, from the spec.
    public var sampleRate: Double? {
        spec.split(separator: " ").first { $0.hasSuffix("Hz") }.flatMap { Double($0.dropLast(2)) }
    }

    /// The encoding, by Decibel's name for it; nil for one Decibel does not write.
    public var sampleType: SampleType? {
        spec.split(separator: " ").first.flatMap {
            ["s16le": .int16, "s24le": .int24, "s32le": .int32, "float32le": .float32][String($0)]
        }
    }

    public var description: String { "\(name) (\(spec))" }

    /// The devices `pactl list short KIND` printed in `output` (lines without a name skipped).
    public static func parse(_ output: String) -> [PactlDevice] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count > 1 else { return nil }
            return PactlDevice(name: String(fields[1]), spec: fields.count > 3 ? String(fields[3]) : "")
        }
    }

    /// `pactl list short KIND` ("sinks" or "sources") on the server `environment`'s PULSE_SERVER names.
    public static func list(_ kind: String, environment: [String: String] = [:]) throws -> [PactlDevice] {
        parse(try run("pactl", ["list", "short", kind], environment: environment, timeout: 10).standardOutput)
    }
}
