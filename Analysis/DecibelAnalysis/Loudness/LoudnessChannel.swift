/// What a channel is to ITU-R BS.1770, which weights each channel's energy by where it plays.
public enum LoudnessChannel: Hashable, Sendable {
    /// Front left, weight 1.
    case left
    /// Front right, weight 1.
    case right
    /// Front centre, weight 1.
    case center
    /// Surround left (±110°), weight 1.41 (+1.5 dB).
    case leftSurround
    /// Surround right, weight 1.41 (+1.5 dB).
    case rightSurround
    /// Low-frequency effects: not counted.
    case lfe
    /// A mono programme's only channel, weight 1 (use `dualMono` for one heard on two speakers).
    case mono
    /// A mono channel played on both speakers of a pair, weight 2 (+3 dB), as EBU Tech 3341 treats it.
    case dualMono

    /// The channel's weight in the sum of mean squares.
    public var weight: Double {
        switch self {
        case .left, .right, .center, .mono: 1
        case .leftSurround, .rightSurround: 1.41
        case .lfe: 0
        case .dualMono: 2
        }
    }

    /// The usual roles of `count` channels in WAV/FLAC order: mono; L R; L R C; L R Ls Rs; L R C Ls Rs (5.0);
    /// L R C LFE Ls Rs (5.1). `nil` for other counts: say what each channel is.
    public static func layout(channelCount count: Int) -> [LoudnessChannel]? {
        switch count {
        case 1: [.mono]
        case 2: [.left, .right]
        case 3: [.left, .right, .center]
        case 4: [.left, .right, .leftSurround, .rightSurround]
        case 5: [.left, .right, .center, .leftSurround, .rightSurround]
        case 6: [.left, .right, .center, .lfe, .leftSurround, .rightSurround]
        default: nil
        }
    }
}
