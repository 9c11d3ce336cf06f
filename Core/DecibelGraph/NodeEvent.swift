import DecibelCore

/// Something a node does at an exact engine sample time.
public enum NodeEvent: Hashable, Sendable {
    /// Start producing sound (sources) at this frame.
    case start
    /// Stop producing sound at this frame.
    case stop
    /// Set parameter `index` of the node to `value` at this frame (then ramp per its `rampDuration`).
    case parameter(index: Int, value: Float)
    /// A node-specific command (a file player's pause or seek, for example).
    case custom(code: Int, value: Double)
    /// A MIDI message (instruments and plugins play it at this frame).
    case midi(MIDIEvent)
}

/// An event and the engine sample time it takes effect at (`Int64.min`: at the next block's start).
public struct ScheduledEvent: Hashable, Sendable {
    /// Engine sample time of the frame the event applies before.
    public var time: Int64
    /// What happens.
    public var event: NodeEvent
    /// For a `.parameter` event, the ramp of this change in nanoseconds (-1: the parameter's `rampDuration`).
    var rampNanoseconds: Int

    /// Schedules `event` before the frame at engine sample time `time`; a `.parameter` change ramps over
    /// `rampDuration` seconds (default: the parameter's own `rampDuration`; 0 jumps).
    public init(time: Int64, event: NodeEvent, rampDuration: Double? = nil) {
        self.time = time
        self.event = event
        rampNanoseconds = rampDuration.map { Int(max(0, $0.isFinite ? $0 : 0) * 1e9) } ?? -1
    }

    /// The ramp of a `.parameter` change, in seconds (`nil`: the parameter's `rampDuration`).
    public var rampDuration: Double? { rampNanoseconds < 0 ? nil : Double(rampNanoseconds) / 1e9 }
}
