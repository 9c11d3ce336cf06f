/// How the channels of one layout become the channels of another: each output channel is a weighted sum
/// of input channels.
///
/// `standard(from:to:)` gives the usual conversions: mono copied to every output channel, stereo averaged
/// to mono, 5.1 and 7.1 mixed down to stereo with the ITU-R BS.775 coefficients (centre and surrounds at
/// −3 dB, LFE dropped), and otherwise channel `c` to `c` with missing channels silent. `picking(_:from:)`
/// routes chosen input channels, and `init(inputChannelCount:outputChannelCount:gains:)` takes any matrix.
///
/// Multichannel input is read in WAVE order: L, R, C, LFE, then the back pair, then (7.1) the side pair.
/// `apply` runs on the render thread: no allocation, no locks; a row that is one input at unity gain is a
/// copy, a row of zeros a fill.
public struct ChannelMap: Hashable, Sendable, CustomStringConvertible {
    /// Channels the map reads.
    public let inputChannelCount: Int
    /// Channels the map writes.
    public let outputChannelCount: Int
    /// Gains, row-major: `gains[output * inputChannelCount + input]`.
    public let gains: [Float]
    /// Per output row, the input it copies at unity gain, or -1 (worked out once, not per block).
    private let copiedInputs: [Int]

    /// A map with an explicit gain matrix (`outputChannelCount` rows of `inputChannelCount` gains).
    /// - Throws: `AudioError` of kind `invalidArgument` when either channel count is outside 1...1024, `gains` does not
    ///   have `inputChannelCount * outputChannelCount` entries, or a gain is not finite.
    public init(inputChannelCount: Int, outputChannelCount: Int, gains: [Float]) throws(AudioError) {
        guard (1...1024).contains(inputChannelCount), (1...1024).contains(outputChannelCount) else {
            throw AudioError(
                .invalidArgument,
                "a channel map needs 1 to 1024 channels on each side, not \(inputChannelCount) → \(outputChannelCount)")
        }
        guard gains.count == inputChannelCount * outputChannelCount else {
            throw AudioError(
                .invalidArgument,
                "a \(inputChannelCount) → \(outputChannelCount) channel map needs "
                    + "\(inputChannelCount * outputChannelCount) gains, not \(gains.count)")
        }
        guard gains.allSatisfy(\.isFinite) else {
            throw AudioError(.invalidArgument, "channel map gains must be finite numbers")
        }
        self.inputChannelCount = inputChannelCount
        self.outputChannelCount = outputChannelCount
        self.gains = gains
        copiedInputs = (0..<outputChannelCount).map { row in
            let rowGains = gains[row * inputChannelCount..<(row + 1) * inputChannelCount]
            let used = rowGains.indices.filter { rowGains[$0] != 0 }
            guard used.count == 1, let only = used.first, rowGains[only] == 1 else { return -1 }
            return only - row * inputChannelCount
        }
    }

    /// A map whose output channel `c` is input channel `channels[c]`, or silence where that is `nil`.
    /// `picking([1, 0], from: 2)` swaps left and right; `picking([2], from: 8)` takes the third channel.
    /// - Throws: `AudioError` of kind `invalidArgument` when an entry of `channels` is outside `0..<inputChannelCount`,
    ///   `channels` is empty or longer than 1024, or `inputChannelCount` is outside 1...1024.
    public static func picking(_ channels: [Int?], from inputChannelCount: Int) throws(AudioError) -> ChannelMap {
        var gains = [Float](repeating: 0, count: max(0, channels.count * inputChannelCount))
        for (output, input) in channels.enumerated() {
            guard let input else { continue }
            guard (0..<inputChannelCount).contains(input) else {
                throw AudioError(
                    .invalidArgument,
                    "channel \(input) does not exist in a \(inputChannelCount)-channel input (channels count from 0)")
            }
            gains[output * inputChannelCount + input] = 1
        }
        return try ChannelMap(inputChannelCount: inputChannelCount, outputChannelCount: channels.count, gains: gains)
    }

    /// The conventional conversion from `input` to `output` channels (see the type's description).
    /// - Throws: `AudioError` of kind `invalidArgument` when `input` or `output` is outside 1...1024.
    public static func standard(from input: Int, to output: Int) throws(AudioError) -> ChannelMap {
        let minus3dB = Float(0.5.squareRoot())
        switch (input, output) {
        case (1, _):
            return try ChannelMap(
                inputChannelCount: 1, outputChannelCount: output, gains: [Float](repeating: 1, count: output))
        case (2, 1):
            return try ChannelMap(inputChannelCount: 2, outputChannelCount: 1, gains: [0.5, 0.5])
        case (6, 2):
            // L R C LFE Ls Rs
            return try ChannelMap(
                inputChannelCount: 6, outputChannelCount: 2,
                gains: [1, 0, minus3dB, 0, minus3dB, 0, 0, 1, minus3dB, 0, 0, minus3dB])
        case (8, 2):
            // L R C LFE Lb Rb Ls Rs
            return try ChannelMap(
                inputChannelCount: 8, outputChannelCount: 2,
                gains: [
                    1, 0, minus3dB, 0, minus3dB, 0, minus3dB, 0,
                    0, 1, minus3dB, 0, 0, minus3dB, 0, minus3dB,
                ])
        default:
            return try picking((0..<max(0, output)).map { $0 < input ? $0 : nil }, from: input)
        }
    }

    /// Whether the map passes every channel through unchanged.
    public var isIdentity: Bool {
        inputChannelCount == outputChannelCount
            && copiedInputs.enumerated().allSatisfy { $0.offset == $0.element }
    }

    /// The map with every row scaled down so that no output can exceed the largest input: rows whose
    /// gains sum to more than 1 are divided by that sum (what ffmpeg's rematrixing does by default).
    public func normalized() -> ChannelMap {
        var scaled = gains
        for row in 0..<outputChannelCount {
            let range = row * inputChannelCount..<(row + 1) * inputChannelCount
            let sum = scaled[range].reduce(0) { $0 + abs($1) }
            if sum > 1 { for index in range { scaled[index] /= sum } }
        }
        // The shape is unchanged, so this cannot throw.
        return
            (try? ChannelMap(
                inputChannelCount: inputChannelCount, outputChannelCount: outputChannelCount, gains: scaled)) ?? self
    }

    /// Render thread: writes `frames` frames of `input` mapped into `output`. Missing input channels read as
    /// silence and output channels beyond the map's are left untouched.
    public func apply(_ input: AudioBufferView, to output: AudioBufferView, frames: Int) {
        precondition(frames <= input.frameCount && frames <= output.frameCount, "ChannelMap.apply: too many frames")
        gains.withUnsafeBufferPointer { matrix in
            var row = 0
            while row < min(outputChannelCount, output.channelCount) {
                let out = output.samples(row)
                let rowGains = matrix.baseAddress! + row * inputChannelCount
                let copied = copiedInputs[row]
                if copied >= 0 && copied < input.channelCount {
                    out.update(from: input.samples(copied), count: frames)
                } else {
                    out.update(repeating: 0, count: frames)
                    var column = 0
                    while column < min(inputChannelCount, input.channelCount) {
                        let gain = rowGains[column]
                        if gain != 0 {
                            let source = input.samples(column)
                            for i in 0..<frames { out[i] += source[i] * gain }
                        }
                        column += 1
                    }
                }
                row += 1
            }
        }
    }

    /// The channel counts, as in `ChannelMap(6 → 2)`.
    public var description: String {
        "ChannelMap(\(inputChannelCount) → \(outputChannelCount))"
    }
}
