import DecibelCore
import FoundationEssentials

extension WaveformPeaks {
    /// Reads an audiowaveform `.dat` file (version 1 or 2). Values come back scaled to -1…1 and `rms`
    /// is zero (the format does not store it).
    /// - Throws: `AudioError` of kind `invalidFile` when the header is cut short, its version is not 1 or 2 or
    ///   its values are absurd (channels, length, rate or samples per pixel out of range), or the data is
    ///   shorter than the header declares.
    public init(dat data: Data) throws(AudioError) {
        func word(_ index: Int) -> Int? {
            let offset = index * 4
            guard data.count >= offset + 4 else { return nil }
            return Int(
                Int32(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }))
        }
        guard let version = word(0), version == 1 || version == 2, let flags = word(1), let rate = word(2),
            let perPixel = word(3), let length = word(4)
        else {
            throw AudioError(.invalidFile, "not an audiowaveform .dat file (bad header)")
        }
        let channels = version == 2 ? (word(5) ?? 0) : 1
        let header = version == 2 ? 24 : 20
        let width = flags & 1 == 1 ? 1 : 2
        try Self.checkHeader(
            format: ".dat", channels: channels, length: length, sampleRate: rate, samplesPerPixel: perPixel)
        let (values, overflow) = length.multipliedReportingOverflow(by: channels * 2)
        guard !overflow, data.count >= header + values * width else {
            throw AudioError(
                .invalidFile, "audiowaveform .dat file is truncated: \(length) points × \(channels) channels declared")
        }
        let scale: Float = width == 2 ? 32768 : 128
        var minimum = Array(repeating: [Float](), count: channels), maximum = minimum
        data.withUnsafeBytes { raw in
            for index in 0..<values {
                let offset = header + index * width
                let value =
                    width == 2
                    ? Float(raw.loadUnaligned(fromByteOffset: offset, as: Int16.self).littleEndian)
                    : Float(Int8(bitPattern: raw[offset]))
                let channel = (index / 2) % channels
                if index % 2 == 0 {
                    minimum[channel].append(value / scale)
                } else {
                    maximum[channel].append(value / scale)
                }
            }
        }
        self.init(
            sampleRate: Double(rate), samplesPerBucket: perPixel, minimum: minimum, maximum: maximum,
            rms: Array(repeating: Array(repeating: 0, count: length), count: channels))
    }

    /// Reads audiowaveform's JSON format (version 1 or 2, 8 or 16 bits). Values come back scaled to -1…1
    /// and `rms` is zero (the format does not store it).
    /// - Throws: `AudioError` of kind `invalidFile` when `data` is not audiowaveform JSON (not JSON, a key
    ///   missing or of the wrong type), its header values are absurd, `bits` is not 8 or 16, or `data` holds
    ///   the wrong number of values or values outside the bit depth's range.
    public init(json data: Data) throws(AudioError) {
        let file: AudiowaveformJSON
        do {
            file = try JSONDecoder().decode(AudiowaveformJSON.self, from: data)
        } catch {
            throw AudioError(.invalidFile, "not an audiowaveform .json file (\(Self.describe(error)))")
        }
        let channels = file.channels ?? 1
        try Self.checkHeader(
            format: ".json", channels: channels, length: file.length, sampleRate: file.sampleRate,
            samplesPerPixel: file.samplesPerPixel)
        guard file.bits == 8 || file.bits == 16 else {
            throw AudioError(.invalidFile, "audiowaveform .json file has \(file.bits) bits; 8 or 16 expected")
        }
        guard file.data.count == file.length * channels * 2 else {
            throw AudioError(
                .invalidFile,
                "audiowaveform .json file holds \(file.data.count) values for \(file.length) points × \(channels) channels"
            )
        }
        let top = file.bits == 16 ? 32767 : 127
        guard file.data.allSatisfy({ (-top - 1...top).contains($0) }) else {
            throw AudioError(.invalidFile, "audiowaveform .json file has values outside the \(file.bits)-bit range")
        }
        let scale = Float(top + 1)
        var minimum = Array(repeating: [Float](), count: channels), maximum = minimum
        for (index, value) in file.data.enumerated() {
            let channel = (index / 2) % channels
            if index % 2 == 0 {
                minimum[channel].append(Float(value) / scale)
            } else {
                maximum[channel].append(Float(value) / scale)
            }
        }
        self.init(
            sampleRate: Double(file.sampleRate), samplesPerBucket: file.samplesPerPixel, minimum: minimum,
            maximum: maximum, rms: Array(repeating: Array(repeating: 0, count: file.length), count: channels))
    }

    /// The header values both formats share, checked before anything is allocated from them.
    private static func checkHeader(
        format: String, channels: Int, length: Int, sampleRate: Int, samplesPerPixel: Int
    ) throws(AudioError) {
        guard channels >= 1, channels <= AudioFile.maxChannels, length >= 0, length <= Int(Int32.max),
            sampleRate >= 1, sampleRate <= AudioFile.maxSampleRate, samplesPerPixel >= 1,
            samplesPerPixel <= Int(Int32.max)
        else {
            throw AudioError(
                .invalidFile,
                "audiowaveform \(format) header is absurd: \(channels) channels, length \(length), "
                    + "sample rate \(sampleRate), \(samplesPerPixel) samples per pixel")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case .dataCorrupted?: "not valid JSON"
        default: "unreadable"
        }
    }
}

/// audiowaveform's JSON layout (its key names).
private struct AudiowaveformJSON: Decodable {
    var channels: Int?
    var sampleRate: Int
    var samplesPerPixel: Int
    var bits: Int
    var length: Int
    var data: [Int]

    enum CodingKeys: String, CodingKey {
        case channels, bits, length, data
        case sampleRate = "sample_rate"
        case samplesPerPixel = "samples_per_pixel"
    }
}
