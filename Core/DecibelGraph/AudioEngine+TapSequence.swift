import DecibelCore

extension AudioEngine {
    /// `node`'s output as an async sequence of buffers of `bufferSize` frames, one `Float` array per
    /// channel (copies): the `for await` form of ``installTap(on:bufferSize:ringFrames:handler:)-(AudioNode,_,_,_)``. At most
    /// `capacity` buffers wait for a slow loop; older ones are dropped and counted. The tap is installed
    /// now and removed when the loop is left or its task cancelled.
    ///
    /// ```swift
    /// for await buffer in try engine.tap(on: engine.mainGroup) {
    ///     print("peak", buffer[0].map(abs).max() ?? 0)
    /// }
    /// ```
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    public func tap(
        on node: any AudioNode, bufferSize: Int = 1024, capacity: Int = 16
    ) throws(AudioError) -> EventSequence<[[Float]]> {
        try EventSequence(capacity: capacity) { (feed) throws(AudioError) in
            let tap = try installTap(on: node, bufferSize: bufferSize) { buffer in
                feed.yield(
                    (0..<buffer.channelCount).map {
                        Array(UnsafeBufferPointer(start: buffer.samples($0), count: buffer.frameCount))
                    })
            }
            return { [weak self] in try? self?.removeTap(tap) }
        }
    }

    /// `group`'s output (`mainGroup` for the engine output) as an async sequence, like the node form.
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    public func tap(
        on group: ChannelGroup, bufferSize: Int = 1024, capacity: Int = 16
    ) throws(AudioError) -> EventSequence<[[Float]]> {
        try tap(on: group.fader, bufferSize: bufferSize, capacity: capacity)
    }
}
