/// How often a control thread looks at what a render thread left for it: events, xrun counts, retired
/// render plans.
///
/// A render thread may not wake another thread (that is a system call), so the threads that serve it poll.
/// Something new can appear only once a block, so looking much more often than blocks come only costs
/// wake-ups — power on a laptop, and most of a file player's CPU when it woke every 5–10 ms. The period is
/// half a block, kept between 20 ms (sooner than a person notices) and 500 ms (for blocks of a second and
/// more: a player's buffer, whose audio is that far ahead of any event about it anyway).
public enum ServicePeriod {
    /// The shortest period, for blocks of 40 ms and less: 20 ms.
    public static let shortest: UInt64 = 20_000_000
    /// The longest period, for blocks of a second and more: 500 ms.
    public static let longest: UInt64 = 500_000_000

    /// The period for a stream that renders blocks of `blockFrames` at `sampleRate`, in nanoseconds.
    public static func nanoseconds(blockFrames: Int, sampleRate: Double) -> UInt64 {
        guard blockFrames > 0, sampleRate > 0 else { return shortest }
        let half = Double(blockFrames) / sampleRate / 2 * 1e9
        return UInt64(min(Double(longest), max(Double(shortest), half)))
    }

    /// The period for `format`'s blocks.
    public static func nanoseconds(for format: StreamFormat) -> UInt64 {
        nanoseconds(blockFrames: format.bufferSize, sampleRate: format.sampleRate)
    }
}
