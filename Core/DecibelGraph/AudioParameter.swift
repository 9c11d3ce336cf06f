import DecibelCore
import Synchronization

/// What a parameter's number means.
public enum ParameterUnit: String, Hashable, Sendable {
    /// A linear amplitude factor (1 = unity).
    case linearGain
    /// Decibels.
    case decibels
    /// Hertz.
    case hertz
    /// Seconds.
    case seconds
    /// Stereo position, -1 (left) … 1 (right).
    case pan
    /// 0 or 1.
    case boolean
    /// A ratio (0 … 1 for mix and feedback).
    case ratio
    /// A filter's quality factor.
    case q
    /// Anything else.
    case generic
}

/// A parameter's metadata: name, range, unit and default.
public struct ParameterInfo: Hashable, Sendable {
    /// Stable identifier (`"gain"`, `"frequency"`).
    public var identifier: String
    /// A name for people.
    public var name: String
    /// Allowed values; writes are clamped into it.
    public var range: ClosedRange<Float>
    /// What the number means.
    public var unit: ParameterUnit
    /// The value a new node starts with.
    public var defaultValue: Float

    /// Creates metadata.
    public init(identifier: String, name: String, range: ClosedRange<Float>, unit: ParameterUnit, defaultValue: Float) {
        self.identifier = identifier
        self.name = name
        self.range = range
        self.unit = unit
        self.defaultValue = min(max(defaultValue, range.lowerBound), range.upperBound)
    }
}

/// A node parameter: the control thread writes an atomic target, the render thread ramps toward it.
///
/// Writing `value` starts a linear ramp of `rampDuration` seconds from wherever the render thread is, so
/// moving a fader never clicks ("zipper noise"); a ramp of 0 jumps at the start of the next block. For a
/// change at an exact frame use `schedule(_:at:)`, which the owning node applies by slicing its block.
/// The very first render jumps straight to the target, so values set before playback need no ramp.
public final class AudioParameter: @unchecked Sendable {
    /// Metadata.
    public let info: ParameterInfo
    /// Position among the owning node's parameters.
    public internal(set) var index = 0
    var inbox: NodeEventInbox?

    // Control side: (generation << 32) | target bits, so one atomic load sees a consistent write.
    private let control: Atomic<UInt64>
    private let rampNanoseconds: Atomic<Int>
    /// The ramp of a control write: (its generation << 32) | microseconds (`UInt32.max`: `rampDuration`),
    /// stored before the write it belongs to. A ramp whose generation is not the value's is another write's.
    private let writeRamp = Atomic<UInt64>(UInt64(UInt32.max))

    // Render side (render thread only, or the control thread before the first render).
    @exclusivity(unchecked) @usableFromInline var current: Float
    @exclusivity(unchecked) @usableFromInline var target: Float
    @exclusivity(unchecked) @usableFromInline var step: Float = 0
    @exclusivity(unchecked) @usableFromInline var remaining = 0
    @exclusivity(unchecked) private var seenGeneration: UInt32 = 0
    @exclusivity(unchecked) private var started = false
    var sampleRate: Double = 48_000

    /// Creates a parameter; pass it to `RenderNode.init(parameters:)` to give it an owner.
    public init(_ info: ParameterInfo, rampDuration: Double = 0.005) {
        self.info = info
        control = Atomic(UInt64(info.defaultValue.bitPattern))
        rampNanoseconds = Atomic(Int(rampDuration * 1e9))
        current = info.defaultValue
        target = info.defaultValue
    }

    /// The target last written from a control thread (scheduled changes are not reflected here).
    public var value: Float {
        get { Float(bitPattern: UInt32(truncatingIfNeeded: control.load(ordering: .acquiring))) }
        set { write(newValue) }
    }

    /// Sets the value from a control thread, ramping over `rampDuration` seconds for this change only (0
    /// jumps; the next plain `value` write ramps over the parameter's `rampDuration` again). A fade-out
    /// over two seconds without touching the parameter's default: `volume.set(0, rampDuration: 2)`.
    public func set(_ value: Float, rampDuration: Double) {
        let seconds = min(max(0, rampDuration.isFinite ? rampDuration : 0), 3600)
        write(value, rampMicroseconds: UInt32((seconds * 1e6).rounded()))
    }

    private func write(_ newValue: Float, rampMicroseconds ramp: UInt32 = .max) {
        let clamped = clamp(newValue)
        var old = control.load(ordering: .relaxed)
        while true {
            let generation = ((old >> 32) &+ 1) & 0xFFFF_FFFF
            // Published by the exchange's release below; tagged, so a render that sees another write's
            // value never takes this ramp for it.
            writeRamp.store((generation << 32) | UInt64(ramp), ordering: .relaxed)
            let packed = (generation << 32) | UInt64(clamped.bitPattern)
            let (exchanged, original) = control.compareExchange(
                expected: old, desired: packed, ordering: .acquiringAndReleasing)
            if exchanged { break }
            old = original
        }
        // After the write: a render thread that reads the new count also sees the value.
        NodeEventInbox.changes.wrappingAdd(1, ordering: .releasing)
    }

    /// Seconds a control-thread write takes to reach its target (default 5 ms; 0 jumps).
    public var rampDuration: Double {
        get { Double(rampNanoseconds.load(ordering: .relaxed)) / 1e9 }
        set { rampNanoseconds.store(Int(max(0, newValue) * 1e9), ordering: .relaxed) }
    }

    /// Sets the value at engine sample time `time` exactly, ramping from there over `rampDuration` seconds
    /// (default: the parameter's `rampDuration`; 0 jumps). Returns `false` if the node's event queue is full.
    @discardableResult
    public func schedule(_ value: Float, at time: Int64, rampDuration: Double? = nil) -> Bool {
        inbox?.push(
            ScheduledEvent(
                time: time, event: .parameter(index: index, value: clamp(value)), rampDuration: rampDuration)) ?? false
    }

    func clamp(_ value: Float) -> Float {
        guard value.isFinite else { return info.defaultValue }
        return min(max(value, info.range.lowerBound), info.range.upperBound)
    }

    // MARK: Render thread

    /// Picks up a control-thread write, if any. Called by `RenderNode` at the start of each slice.
    @inline(__always)
    func beginSlice() {
        let packed = control.load(ordering: .acquiring)
        let generation = UInt32(truncatingIfNeeded: packed >> 32)
        guard generation != seenGeneration || !started else { return }
        seenGeneration = generation
        let newTarget = Float(bitPattern: UInt32(truncatingIfNeeded: packed))
        if started {
            let ramp = writeRamp.load(ordering: .relaxed)
            let own = UInt32(truncatingIfNeeded: ramp >> 32) == generation && UInt32(truncatingIfNeeded: ramp) != .max
            rampTo(newTarget, nanoseconds: own ? Int(UInt32(truncatingIfNeeded: ramp)) * 1000 : -1)
        } else {
            started = true
            jump(to: newTarget)
        }
    }

    /// Render thread: starts a ramp from the current value to `newTarget` over `nanoseconds` (-1: `rampDuration`).
    func rampTo(_ newTarget: Float, nanoseconds: Int = -1) {
        started = true
        let ramp = nanoseconds >= 0 ? nanoseconds : rampNanoseconds.load(ordering: .relaxed)
        let frames = Int((Double(ramp) / 1e9 * sampleRate).rounded())
        if frames <= 0 || newTarget == current {
            jump(to: newTarget)
        } else {
            target = newTarget
            step = (newTarget - current) / Float(frames)
            remaining = frames
        }
    }

    /// Render thread: sets the value now, without a ramp.
    func jump(to value: Float) {
        current = value
        target = value
        remaining = 0
    }

    /// Whether the value is still moving toward its target.
    @inlinable @inline(__always)
    public var isRamping: Bool { remaining > 0 }

    /// Render thread: the value for the next sample (advances a ramp by one frame).
    @inlinable @inline(__always)
    public func next() -> Float {
        if remaining > 0 {
            remaining -= 1
            current = remaining == 0 ? target : current + step
        }
        return current
    }

    /// Render thread: the current value without advancing.
    @inlinable @inline(__always)
    public var renderValue: Float { current }

    /// Render thread: advances a ramp by `frames` frames without reading the values.
    @inlinable @inline(__always)
    public func advance(_ frames: Int) {
        guard remaining > 0 else { return }
        if frames >= remaining {
            remaining = 0
            current = target
        } else {
            remaining -= frames
            current += step * Float(frames)
        }
    }
}
