/// ALSA-specific choices for one stream, beyond the generic `StreamConfiguration`.
public struct ALSAStreamOptions: Sendable, Hashable {
    /// Which sample layout the stream asks its PCM for first.
    public var access: ALSAAccess

    /// Creates options: interleaved access first.
    public init(access: ALSAAccess = .interleavedFirst) {
        self.access = access
    }
}
