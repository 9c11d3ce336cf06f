import DecibelCore
import DecibelGraph
import Synchronization

/// A source any thread pushes audio into, in its own format — interleaved `Int16` from a network decoder,
/// `Float` from a synthesiser, any rate and channel count — played by the graph at the engine's rate and
/// channels (the CocoaLibSpotify pattern of TAAE).
///
/// `push` converts on the pushing thread (16-bit to float, channel mapping, libsoxr resampling when the
/// rates differ) and writes into a lock-free ring; the render thread only reads the ring. When the ring
/// runs dry the rest of the block is silence, counted in `underrunFrames`; audio pushed faster than it
/// plays is dropped at the ring and counted in `droppedFrames` (pace pushes with `availableFrames`).
///
/// ```swift
/// let stream = PushSource(format: .init(sampleRate: 16_000, channelCount: 1))
/// try engine.mainGroup.add(stream)
/// // any one thread, e.g. a network decoder's:
/// let taken = try samples.withUnsafeBufferPointer { try stream.push(interleaved: $0) }   // [Int16] or [Float]
/// ```
public final class PushSource: RenderNode, @unchecked Sendable {
    /// The rate and channels of what is pushed.
    public struct Format: Sendable, Hashable {
        /// Frames per second of the pushed audio.
        public var sampleRate: Double
        /// Interleaved channels per pushed frame.
        public var channelCount: Int

        /// A pushed format.
        public init(sampleRate: Double, channelCount: Int) {
            self.sampleRate = sampleRate
            self.channelCount = channelCount
        }
    }

    /// What `push` takes.
    public let format: Format
    /// Seconds of converted audio the ring holds.
    public let ringSeconds: Double
    /// The converter for the engine's format, or why there is none (nil: not in an engine yet).
    private let pushState = Locked<Result<Converter, AudioError>?>(nil)
    // Set in `allocate(format:)` before the node is in a render plan; the plan's publication orders it.
    @exclusivity(unchecked) private var ring: FrameRingBuffer?
    private let underrun = Atomic<Int>(0)
    private let underrunBlocks = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let hasAudio = Atomic<Bool>(false)

    /// A source of `channelCount` output channels for audio pushed in `format`, holding up to `ringSeconds`.
    public init(format: Format, channelCount: Int = 2, ringSeconds: Double = 0.5) {
        precondition(format.sampleRate > 0 && (1...64).contains(format.channelCount), "PushSource: bad format")
        self.format = format
        self.ringSeconds = max(0.01, ringSeconds)
        super.init(inputBusCount: 0, channelCount: channelCount)
    }

    /// Output frames of silence played because nothing had been pushed in time (from the first push on).
    public var underrunFrames: Int { underrun.load(ordering: .relaxed) }
    /// Render blocks that ran short.
    public var underrunEvents: Int { underrunBlocks.load(ordering: .relaxed) }
    /// Output frames dropped because pushes came faster than playback.
    public var droppedFrames: Int { dropped.load(ordering: .relaxed) }
    /// Output frames waiting to play.
    public var bufferedFrames: Int { pushState.withLock { _ in ring?.availableToRead ?? 0 } }
    /// Output frames of room in the ring now: push about this much times the rate ratio to stay ahead.
    public var availableFrames: Int { pushState.withLock { _ in ring?.availableToWrite ?? 0 } }

    override public func allocate(format engineFormat: NodeFormat) {
        pushState.withLock { converter in
            ring = FrameRingBuffer(
                channelCount: channelCount, capacity: max(1024, Int(ringSeconds * engineFormat.sampleRate)))
            converter = Result { () throws(AudioError) in
                try Converter(input: format, outputRate: engineFormat.sampleRate, outputChannels: channelCount)
            }
        }
    }

    /// Any one thread at a time: plays `samples`, interleaved frames of `format.channelCount` 16-bit samples.
    /// Returns the output frames queued (fewer than converted when the ring is full).
    /// - Throws: `AudioError` of kind `invalidState` before the node is in an engine (nothing can be converted
    ///   yet), or `unsupportedConfiguration` when libsoxr refused to convert `format` to the engine's rate (the
    ///   error it gave when the node joined the engine).
    @discardableResult
    public func push(interleaved samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Int {
        try push(frames: samples.count / format.channelCount) { converter, offset, count in
            converter.load(samples, from: offset, frames: count)
        }
    }

    /// Any one thread at a time: plays `samples`, interleaved frames of `format.channelCount` floats.
    /// - Throws: `AudioError` of kind `invalidState` before the node is in an engine, or
    ///   `unsupportedConfiguration` when libsoxr refused the conversion (see `push(interleaved:)` for `Int16`).
    @discardableResult
    public func push(interleaved samples: UnsafeBufferPointer<Float>) throws(AudioError) -> Int {
        try push(frames: samples.count / format.channelCount) { converter, offset, count in
            converter.load(samples, from: offset, frames: count)
        }
    }

    /// The pushing thread, at the end of a stream: queues what the resampler still holds (its filter's
    /// last few milliseconds), so the stream plays to its last sample. Pushing again starts a new stream.
    /// Returns the output frames queued.
    /// - Throws: `AudioError` of kind `invalidState` before the node is in an engine, or
    ///   `unsupportedConfiguration` when libsoxr refuses the conversion.
    @discardableResult
    public func endOfStream() throws(AudioError) -> Int {
        try pushState.withLock { (state: inout Result<Converter, AudioError>?) throws(AudioError) -> Int in
            let converter = try Self.converter(state)
            guard let ring else { return 0 }
            var queued = 0
            while let block = converter.flush(), block.frameCount > 0 {
                let written = ring.write(block)
                queued += written
                if written < block.frameCount { dropped.add(block.frameCount - written, ordering: .relaxed) }
            }
            state = Result { () throws(AudioError) in
                try Converter(input: format, outputRate: converter.outputRate, outputChannels: channelCount)
            }
            return queued
        }
    }

    private static func converter(_ state: Result<Converter, AudioError>?) throws(AudioError) -> Converter {
        guard let state else {
            throw AudioError(
                .invalidState, "the PushSource is in no engine yet: add it to a group or attach it before pushing")
        }
        return try state.get()
    }

    private func push(frames: Int, load: (inout Converter, Int, Int) -> Void) throws(AudioError) -> Int {
        try pushState.withLock { (state: inout Result<Converter, AudioError>?) throws(AudioError) -> Int in
            var converter = try Self.converter(state)
            guard let ring else { return 0 }
            defer { state = .success(converter) }
            var offset = 0, queued = 0
            while offset < frames {
                let count = min(Converter.blockFrames, frames - offset)
                load(&converter, offset, count)
                let block = converter.convert(frames: count)
                let written = ring.write(block)
                queued += written
                if written < block.frameCount { dropped.add(block.frameCount - written, ordering: .relaxed) }
                offset += count
            }
            if queued > 0 { hasAudio.store(true, ordering: .relaxed) }
            return queued
        }
    }

    override public func process(_ context: NodeRenderContext) {
        let output = context.output
        guard isStarted, let ring else {
            output.clear()
            return
        }
        let got = ring.read(into: output)
        if got < context.frameCount {
            output.slice(from: got, count: context.frameCount - got).clear()
            if hasAudio.load(ordering: .relaxed) {
                underrun.add(context.frameCount - got, ordering: .relaxed)
                underrunBlocks.add(1, ordering: .relaxed)
            }
        }
    }

    /// The pushing thread's conversion: to planar float, to the output channels, to the output rate.
    struct Converter {
        static let blockFrames = 1024
        let inputChannels: Int
        let outputChannels: Int
        let outputRate: Double
        let planar: AudioBuffer
        let mapped: AudioBuffer
        let resampler: Resampler?
        let resampled: AudioBuffer?

        init(input: Format, outputRate: Double, outputChannels: Int) throws(AudioError) {
            inputChannels = input.channelCount
            self.outputChannels = outputChannels
            self.outputRate = outputRate
            planar = AudioBuffer(channelCount: input.channelCount, frameCapacity: Self.blockFrames)
            mapped = AudioBuffer(channelCount: outputChannels, frameCapacity: Self.blockFrames)
            if input.sampleRate != outputRate {
                let converter = try Resampler(
                    inputRate: input.sampleRate, outputRate: outputRate, channelCount: outputChannels,
                    maxInputFrames: Self.blockFrames)
                resampler = converter
                resampled = AudioBuffer(
                    channelCount: outputChannels, frameCapacity: converter.maxOutputFrames(forInput: Self.blockFrames))
            } else {
                resampler = nil
                resampled = nil
            }
        }

        mutating func load(_ samples: UnsafeBufferPointer<Int16>, from frame: Int, frames: Int) {
            let view = planar.view(frames: frames)
            for channel in 0..<inputChannels {
                let destination = view.samples(channel)
                for index in 0..<frames {
                    destination[index] = Float(samples[(frame + index) * inputChannels + channel]) / 32768
                }
            }
        }

        mutating func load(_ samples: UnsafeBufferPointer<Float>, from frame: Int, frames: Int) {
            let view = planar.view(frames: frames)
            for channel in 0..<inputChannels {
                let destination = view.samples(channel)
                for index in 0..<frames { destination[index] = samples[(frame + index) * inputChannels + channel] }
            }
        }

        /// The resampler's remaining output, in pieces; `nil` without a resampler.
        func flush() -> AudioBufferView? {
            guard let resampler, let resampled else { return nil }
            return resampled.view(frames: resampler.flush(into: resampled.view))
        }

        /// Maps the loaded frames to the output channels (mono to all, stereo to mono as the average, else
        /// channel by channel with missing ones silent) and resamples them.
        func convert(frames: Int) -> AudioBufferView {
            let source = planar.view(frames: frames), target = mapped.view(frames: frames)
            for channel in 0..<outputChannels {
                let destination = target.samples(channel)
                if outputChannels == 1 && inputChannels > 1 {
                    destination.update(repeating: 0, count: frames)
                    let scale = 1 / Float(inputChannels)
                    for input in 0..<inputChannels {
                        let samples = source.samples(input)
                        for index in 0..<frames { destination[index] += samples[index] * scale }
                    }
                } else if inputChannels == 1 || channel < inputChannels {
                    destination.update(from: source.samples(inputChannels == 1 ? 0 : channel), count: frames)
                } else {
                    destination.update(repeating: 0, count: frames)
                }
            }
            guard let resampler, let resampled else { return target }
            let result = resampler.process(target, into: resampled.view)
            return resampled.view(frames: result.produced)
        }
    }
}
