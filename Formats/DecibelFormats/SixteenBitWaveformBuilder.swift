import CDecibelSIMD
import DecibelCore

/// Streams audio into the waveform data audiowaveform writes, exactly: each sample made 16-bit as the
/// decoder's 16-bit output would be, channels mixed to mono in integers (sum ÷ channels, toward zero) unless
/// split, the minimum and maximum of each bucket, the last partial bucket kept. The RMS, which audiowaveform
/// does not keep, comes with it for drawing.
///
/// Values in the result are the 16-bit samples ÷ 32768, so `WaveformPeaks.datData(bits:)` writes back
/// the same integers.
public struct SixteenBitWaveformBuilder: Sendable {
    /// How float samples become 16-bit ones: the rule of the 16-bit read audiowaveform makes of that encoding.
    public enum Conversion: Sendable, Hashable {
        /// ⌊x × 32768⌋: integer PCM (its top 16 bits), G.711, ADPCM and MP3 (libmad's shift).
        case floor
        /// x × 32767 toward zero: float and double files (audiowaveform's own cast).
        case truncate
        /// x × 32767 to nearest: Vorbis and Opus (libsndfile's 16-bit read).
        case round

        /// The rule for a file's encoding (`floor` when unknown).
        public init(_ encoding: AudioEncoding?) {
            switch encoding {
            case .float32?, .float64?: self = .truncate
            case .vorbis?, .opus?: self = .round
            default: self = .floor
            }
        }

        var cRule: decibel_int16_rule {
            switch self {
            case .floor: decibel_int16_floor
            case .truncate: decibel_int16_truncate
            case .round: decibel_int16_round
            }
        }
    }

    /// Frames per bucket.
    public let samplesPerPixel: Int
    /// Channels of the input.
    public let inputChannels: Int
    /// Whether each channel gets its own waveform (audiowaveform's `--split-channels`).
    public let splitsChannels: Bool
    /// Whether the RMS is computed; without it (audiowaveform's data has none) the RMS values are 0 and the
    /// summary folds only the extremes, about twice as fast.
    public let measuresRMS: Bool
    private let conversion: Conversion
    private let sampleRate: Double
    private var columns: WaveformColumns
    private var currentMin: [Int32]
    private var currentMax: [Int32]
    private var currentSquares: [Double]
    private var currentCount = 0
    /// When set (`collectIntegerPairs()`), closed buckets go here as .dat stores them — min and max per
    /// output channel, bucket after bucket, in 16-bit integers — instead of into `columns`.
    private var collectsIntegerPairs = false
    private var integerPairs: [Int16] = []

    /// Creates a builder for `inputChannels` channels at `sampleRate`, `samplesPerPixel` frames per bucket.
    public init(
        sampleRate: Double, inputChannels: Int, samplesPerPixel: Int, splitsChannels: Bool = false,
        conversion: Conversion = .floor, measuresRMS: Bool = true, expectedBuckets: Int = 0
    ) {
        self.measuresRMS = measuresRMS
        self.sampleRate = sampleRate
        self.inputChannels = Swift.max(1, inputChannels)
        self.samplesPerPixel = Swift.max(1, samplesPerPixel)
        self.splitsChannels = splitsChannels
        self.conversion = conversion
        let outputs = splitsChannels ? self.inputChannels : 1
        currentMin = Array(repeating: Int32.max, count: outputs)
        currentMax = Array(repeating: Int32.min, count: outputs)
        currentSquares = Array(repeating: 0, count: outputs)
        columns = WaveformColumns(channels: outputs, expectedBuckets: expectedBuckets)
    }

    /// Adds every frame of `block`, which must have at least `inputChannels` channels.
    public mutating func append(_ block: AudioBufferView) {
        precondition(block.channelCount >= inputChannels, "SixteenBitWaveformBuilder: too few channels")
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: inputChannels) { pointers in
            for channel in 0..<inputChannels { pointers[channel] = UnsafePointer(block.samples(channel)) }
            var offset = 0
            while offset < block.frameCount {
                let count = Swift.min(samplesPerPixel - currentCount, block.frameCount - offset)
                currentMin.withUnsafeMutableBufferPointer { low in
                    currentMax.withUnsafeMutableBufferPointer { high in
                        currentSquares.withUnsafeMutableBufferPointer { squares in
                            decibel_summarize_int16(
                                pointers.baseAddress, inputChannels, offset, count, conversion.cRule,
                                splitsChannels ? 0 : 1, low.baseAddress, high.baseAddress,
                                measuresRMS ? squares.baseAddress : nil)
                        }
                    }
                }
                currentCount += count
                offset += count
                if currentCount == samplesPerPixel { closeBucket() }
            }
        }
    }

    /// Adds `frameCount` interleaved 16-bit frames of `inputChannels` channels, taken as they are.
    public mutating func append(interleaved frames: UnsafePointer<Int16>, frameCount: Int) {
        var offset = 0
        while offset < frameCount {
            let count = Swift.min(samplesPerPixel - currentCount, frameCount - offset)
            currentMin.withUnsafeMutableBufferPointer { low in
                currentMax.withUnsafeMutableBufferPointer { high in
                    currentSquares.withUnsafeMutableBufferPointer { squares in
                        decibel_summarize_interleaved_int16(
                            frames + offset * inputChannels, inputChannels, count, splitsChannels ? 0 : 1,
                            low.baseAddress, high.baseAddress, measuresRMS ? squares.baseAddress : nil)
                    }
                }
            }
            currentCount += count
            offset += count
            if currentCount == samplesPerPixel { closeBucket() }
        }
    }

    /// From now on closed buckets are kept only as .dat's 16-bit min/max pairs (`takeIntegerPairs()`), not
    /// as peaks: no float round trip, no RMS, for a writer that streams .dat.
    mutating func collectIntegerPairs() { collectsIntegerPairs = true }

    /// The min/max pairs of the buckets closed since the last call (see `collectIntegerPairs()`).
    mutating func takeIntegerPairs() -> [Int16] {
        defer { integerPairs.removeAll(keepingCapacity: true) }
        return integerPairs
    }

    /// Closes the last partial bucket (for `takeIntegerPairs()`).
    mutating func closeLastBucket() { if currentCount > 0 { closeBucket() } }

    /// Closes the last partial bucket and returns the result.
    public mutating func finish() -> WaveformPeaks {
        if currentCount > 0 { closeBucket() }
        return columns.peaks(sampleRate: sampleRate, samplesPerBucket: samplesPerPixel)
    }

    private mutating func closeBucket() {
        if collectsIntegerPairs {
            for channel in currentMin.indices {
                integerPairs.append(Int16(truncatingIfNeeded: currentMin[channel]))
                integerPairs.append(Int16(truncatingIfNeeded: currentMax[channel]))
                currentMin[channel] = Int32.max
                currentMax[channel] = Int32.min
                currentSquares[channel] = 0
            }
            currentCount = 0
            return
        }
        for channel in currentMin.indices {
            columns.append(
                channel: channel, minimum: Float(currentMin[channel]) / 32768,
                maximum: Float(currentMax[channel]) / 32768,
                rms: Float((currentSquares[channel] / Double(currentCount)).squareRoot() / 32768))
            currentMin[channel] = Int32.max
            currentMax[channel] = Int32.min
            currentSquares[channel] = 0
        }
        currentCount = 0
    }
}

extension AudioFile {
    /// The waveform data `audiowaveform -z samplesPerPixel` computes for this file, value for value:
    /// mixed to mono unless `splitChannels`, from frame 0 (`position` ends at the end), in bounded memory.
    /// With `measuresRMS` false the RMS values are 0 (audiowaveform's data has none) and it takes about half
    /// the time.
    /// - Throws: `AudioError` of kind `invalidState` when the file was closed, or `invalidFile` when the audio
    ///   is truncated or corrupt, or the decoder cannot seek back to its start.
    public func sixteenBitWaveform(
        samplesPerPixel: Int, splitChannels: Bool = false, measuresRMS: Bool = true
    ) throws(AudioError)
        -> WaveformPeaks
    {
        let perPixel = Swift.max(1, samplesPerPixel)
        var builder = SixteenBitWaveformBuilder(
            sampleRate: Double(sampleRate), inputChannels: channelCount, samplesPerPixel: perPixel,
            splitsChannels: splitChannels, conversion: .init(encoding), measuresRMS: measuresRMS,
            expectedBuckets: (frameCount + perPixel - 1) / perPixel)
        try feedSixteenBit(into: &builder) { (_: inout SixteenBitWaveformBuilder) throws(AudioError) in }
        return builder.finish()
    }

    /// Decodes the whole file from frame 0 into `builder`, calling `afterRead` after each read.
    func feedSixteenBit(
        into builder: inout SixteenBitWaveformBuilder,
        afterRead: (inout SixteenBitWaveformBuilder) throws(AudioError) -> Void
    ) throws(AudioError) {
        guard Self.sixteenBitReadIsExact.contains(encoding) else {
            return try forEachBlock { (block) throws(AudioError) in
                builder.append(block)
                try afterRead(&builder)
            }
        }
        // libsndfile's 16-bit read of integer PCM gives the floor rule's values without a float between.
        try seek(toFrame: 0)
        let readFrames = Swift.max(chunkFrames, 32_768)
        let frames = UnsafeMutablePointer<Int16>.allocate(capacity: readFrames * channelCount)
        defer { frames.deallocate() }
        while !isAtEnd {
            let count = try readInterleavedShorts(into: frames, frames: readFrames)
            if count == 0 { break }
            builder.append(interleaved: frames, frameCount: count)
            try afterRead(&builder)
        }
    }

    /// Encodings whose 16-bit read is ⌊x × 32768⌋ of their samples exactly.
    static let sixteenBitReadIsExact: Set<AudioEncoding?> = [
        .pcmS8, .pcmU8, .pcm16, .pcm24, .pcm32, .ulaw, .alaw, .imaAdpcm, .msAdpcm,
    ]
}
