import DecibelCore
import Synchronization

// The tests' one sine: `SineSource` for render callbacks (a class the test keeps, with counters it can
// read) and `ToneRenderer` for `StreamConfiguration(renderer:)` (a struct the stream owns). Both take
// their samples from DecibelCore's `Oscillator` and write the same tone to every output channel.
//
// Render-thread code here is plain `while` loops over pointers: debug builds run under the armed
// RealtimeSanitizer too (the JACK tests), and generic collection code there instantiates type metadata,
// which locks.

/// A sine for render callbacks. The oscillator lives in the object, allocated before the stream starts,
/// so the callback never allocates or locks.
///
/// Use `sine.render` where a `RenderCallback` is wanted, or call it, `sine.render(context)`, from a
/// callback of your own (`{ sine.render($0) }`). It is one closure property, not a method as well: a
/// method `render(_:)` beside it would lose to the property at call sites.
public final class SineSource: @unchecked Sendable {
    public let frequency: Double
    public let amplitude: Float
    /// Render callbacks so far and the largest frame count one had.
    public let callbacks = Atomic<Int>(0)
    public let largestFrames = Atomic<Int>(0)
    /// Touched only by the render thread; its sample rate follows each callback's context.
    private var oscillator: Oscillator

    public init(frequency: Double, amplitude: Float) {
        self.frequency = frequency
        self.amplitude = amplitude
        oscillator = Oscillator(shape: .sine, frequency: frequency, amplitude: amplitude)
    }

    /// The render callback: the sine on every output channel. Getting it allocates nothing (the closure's
    /// context is this object).
    public var render: RenderCallback {
        { [self] context in
            callbacks.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount > largestFrames.load(ordering: .relaxed) {
                largestFrames.store(context.frameCount, ordering: .relaxed)
            }
            oscillator.writeTone(to: context)
        }
    }
}

/// A tone renderer the stream owns (`StreamConfiguration(renderer:)`, `Output(renderer:)`): an
/// `Oscillator` written to every output channel, its amplitude following `level` when one is given.
public struct ToneRenderer: AudioRenderer, Sendable {
    public private(set) var oscillator: Oscillator
    /// The peak amplitude, read every block, when set; otherwise the oscillator's own amplitude holds.
    public let level: SharedFloat?
    /// Blocks rendered so far: state that persists from one block to the next in the stream's copy.
    public private(set) var blocks = 0

    public init(
        frequency: Double = 1000, amplitude: Float = 0.5, shape: OscillatorShape = .sine,
        level: SharedFloat? = nil
    ) {
        oscillator = Oscillator(shape: shape, frequency: frequency, amplitude: amplitude)
        self.level = level
    }

    public mutating func render(_ context: RenderContext) {
        if let level { oscillator.amplitude = level.value }
        oscillator.writeTone(to: context)
        blocks += 1
    }
}

extension Oscillator {
    /// Render thread: takes the context's sample rate and writes `frameCount` samples to output channel
    /// 0, then copies them to the other channels.
    fileprivate mutating func writeTone(to context: RenderContext) {
        let channels = context.output.channelCount, frames = context.frameCount
        guard channels > 0 else { return }
        sampleRate = context.sampleRate
        let first = context.output.samples(0)
        var frame = 0
        while frame < frames {
            first[frame] = nextSample()
            frame += 1
        }
        var channel = 1
        while channel < channels {
            context.output.samples(channel).update(from: first, count: frames)
            channel += 1
        }
    }
}
