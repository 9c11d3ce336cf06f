import DecibelCore

/// Passes on chosen channels of its input, in the order given: put it before a filter, tap or meter that
/// should see only those channels (the left channel only: `[0]`; channels 3 and 4: `[2, 3]`). A channel
/// the input lacks is silent.
public final class ChannelSelector: RenderNode, @unchecked Sendable {
    /// The input channels passed on (0-based), one per output channel.
    public let channels: [Int]
    private let picker: ChannelPicker

    /// A selector of `channels` (at least one).
    public init(channels: [Int]) {
        precondition(!channels.isEmpty, "ChannelSelector needs at least one channel")
        self.channels = channels
        picker = ChannelPicker(channels)
        super.init(inputBusCount: 1, channelCount: channels.count)
    }

    override public func allocate(format: NodeFormat) { picker.allocate(frames: format.maximumFrameCount) }

    override public func process(_ context: NodeRenderContext) {
        let input = context.inputs[0]
        let picked = picker.view(of: input, frames: context.frameCount)
        var channel = 0
        while channel < channels.count {
            context.output.samples(channel).update(from: picked.samples(channel), count: context.frameCount)
            channel += 1
        }
    }
}
