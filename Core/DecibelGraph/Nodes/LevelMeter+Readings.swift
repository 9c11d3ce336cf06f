import DecibelCore

extension LevelMeter {
    /// One look at the meter: per channel, the peak since the previous reading and the RMS of the last
    /// complete window, in dBFS (-infinity for silence).
    public struct Reading: Sendable, Hashable {
        /// Per channel, the highest absolute sample since the previous reading, in dBFS.
        public var peakDBFS: [Double]
        /// Per channel, the RMS of the last complete window, in dBFS.
        public var rmsDBFS: [Double]
    }

    /// The meter read every `interval` seconds as an async sequence (a UI's meter loop). Each reading
    /// takes the peaks (as `peakDBFS(channel:)` does), so use one loop per meter. At most `capacity`
    /// readings wait for a slow loop; older ones are dropped and counted. Leaving the loop, or cancelling
    /// its task, stops the reading.
    public func readings(every interval: Double = 0.05, capacity: Int = 4) -> EventSequence<Reading> {
        .polling(every: interval, capacity: capacity) { [weak self] in
            guard let self else { return nil }
            return Reading(
                peakDBFS: (0..<channelCount).map { peakDBFS(channel: $0) },
                rmsDBFS: (0..<channelCount).map { rmsDBFS(channel: $0) })
        }
    }
}
