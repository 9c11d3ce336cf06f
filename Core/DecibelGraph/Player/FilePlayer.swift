import DecibelCore
import Synchronization

/// Plays an `AudioPullSource` (a file from DecibelFormats, a buffer in memory): play, pause, stop, loop,
/// seek and scrub while playing, one-shot playback with a completion handler, volume, pan and mute, and
/// an end-of-file event. Every transport command can be scheduled at an exact engine sample time.
///
/// Real-time-safe sources are read on the render thread; others by a feeder thread through a ring buffer
/// (see `AudioPullSource`). Events reach `onEndOfFile` and completion handlers on the engine's service
/// thread (or in `AudioEngine.deliverEvents()`), never on the render thread.
public final class FilePlayer: RenderNode, RenderEventSource, @unchecked Sendable {
    /// Transport state.
    public enum State: Int, Sendable {
        /// Renders silence; stopping moves the playhead back to the start.
        case stopped
        /// Renders the file.
        case playing
        /// Renders silence and keeps its position.
        case paused
    }

    /// The source played.
    public let source: any AudioPullSource
    /// Linear volume (0 … 4).
    public let volume: AudioParameter
    /// Stereo position (-1 … 1).
    public let pan: AudioParameter
    /// 1 mutes (ramped).
    public let mute: AudioParameter

    private enum Command: Int { case pause = 1, seek, oneShot }
    private enum Notice { case endOfFile, completed(Int) }
    private let notices = SPSCQueue<Notice>(capacity: 64)
    private let handlers = Locked<
        (endOfFile: (@Sendable () -> Void)?, completions: [Int: @Sendable () -> Void], next: Int)
    >((nil, [:], 1))
    private let looping = Atomic<Bool>(false)
    private let publishedState = Atomic<Int>(State.stopped.rawValue)
    private let publishedPosition = Atomic<Int>(0)
    private let underrunFrames = Atomic<Int>(0)
    private let lastEndSampleTime = Atomic<Int64>(.min)
    private let stoppedAtEnd = Atomic<Bool>(false)
    private let sourceChannelCount: Int
    /// How a multichannel source in another layout reaches the output (`ChannelMap.standard`: stereo
    /// averaged to mono, 5.1 mixed down to stereo). A mono source is left to the pan law instead.
    private let channelMap: ChannelMap?
    // Render thread. `scratch` is only for a source whose channels differ from the output's; the render
    // path reads it through `scratchPointers`, which costs no reference counting.
    private var scratch: AudioBuffer?
    @exclusivity(unchecked) private var scratchPointers: UnsafePointer<UnsafeMutablePointer<Float>>?
    @exclusivity(unchecked) private var feeder: PlayerFeeder?
    @exclusivity(unchecked) private var transport = State.stopped
    @exclusivity(unchecked) private var playhead = 0
    @exclusivity(unchecked) private var oneShotToken = 0
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var chunkRemaining = 0
    /// The engine sample time of the slice being rendered.
    @exclusivity(unchecked) private var sliceStart: Int64 = 0

    /// Creates a player of `channelCount` output channels for `source`. A mono source feeds every channel
    /// (placed by `pan` in stereo); a source of other channels is mapped by `ChannelMap.standard(from:to:)`.
    public init(source: any AudioPullSource, channelCount: Int = 2) {
        self.source = source
        sourceChannelCount = source.format.channelCount
        channelMap =
            sourceChannelCount > 1 && sourceChannelCount != channelCount
            ? try? ChannelMap.standard(from: sourceChannelCount, to: channelCount) : nil
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        pan = AudioParameter(.init(identifier: "pan", name: "Pan", range: -1...1, unit: .pan, defaultValue: 0))
        mute = AudioParameter(.init(identifier: "mute", name: "Mute", range: 0...1, unit: .boolean, defaultValue: 0))
        super.init(inputBusCount: 0, channelCount: channelCount, parameters: [volume, pan, mute])
    }

    deinit { feeder?.stop() }

    // MARK: Control

    /// Whether playback wraps to the start at the end of the source (one-shots never loop).
    public var isLooping: Bool {
        get { looping.load(ordering: .relaxed) }
        set { looping.store(newValue, ordering: .relaxed) }
    }

    /// Called on a control thread each time playback reaches the end of the source without looping.
    public var onEndOfFile: (@Sendable () -> Void)? {
        get { handlers.withLock { $0.endOfFile } }
        set { handlers.withLock { $0.endOfFile = newValue } }
    }

    /// Transport state as of the last rendered block.
    public var state: State { State(rawValue: publishedState.load(ordering: .relaxed)) ?? .stopped }
    /// Playback position in source frames as of the last rendered block.
    public var position: Int { publishedPosition.load(ordering: .relaxed) }
    /// Frames a feeder-backed source has read ahead (0 for sources read on the render thread).
    public var bufferedFrames: Int { feeder?.ring.availableToRead ?? 0 }
    /// Frames a feeder-backed source could not deliver in time (played as silence).
    public var underruns: Int { underrunFrames.load(ordering: .relaxed) }
    /// The engine sample time just after the source's last frame, at its latest end (nil before one): with
    /// `AudioEngine.sampleTime` and the output's latency, when that end will be heard. Set before
    /// `onEndOfFile` is called.
    public var endSampleTime: Int64? {
        let time = lastEndSampleTime.load(ordering: .acquiring)
        return time == .min ? nil : time
    }

    /// Whether the node stopped at the source's end and no transport command (play, pause, stop, seek, a
    /// one-shot) has taken effect since, as of the last rendered block: what it rendered last is the end, which
    /// the output may still be playing.
    public var isAtEnd: Bool { stoppedAtEnd.load(ordering: .acquiring) }

    /// Starts or resumes playback at `time` (engine sample time) or at the next block.
    @discardableResult
    public func play(at time: Int64? = nil) -> Bool { start(at: time) }

    /// Pauses at `time`, keeping the position.
    @discardableResult
    public func pause(at time: Int64? = nil) -> Bool {
        schedule(.custom(code: Command.pause.rawValue, value: 0), at: time)
    }

    /// Moves the playhead to `frame` at `time` (while playing this is a jump or, repeated, a scrub).
    @discardableResult
    public func seek(to frame: Int, at time: Int64? = nil) -> Bool {
        guard schedule(.custom(code: Command.seek.rawValue, value: Double(frame)), at: time) else { return false }
        source.seekIsComing()
        return true
    }

    /// Plays from the start once (no looping) and calls `completion` on a control thread at the end.
    @discardableResult
    public func playOnce(at time: Int64? = nil, completion: @escaping @Sendable () -> Void) -> Bool {
        let token = handlers.withLock { state in
            let token = state.next
            state.next += 1
            state.completions[token] = completion
            return token
        }
        guard schedule(.custom(code: Command.oneShot.rawValue, value: Double(token)), at: time) else { return false }
        source.seekIsComing()  // the one-shot starts with a render-thread seek to the start
        return true
    }

    /// Stops at `time` (engine sample time) or at the next block and rewinds to the start, so the next
    /// `play` begins there at once.
    @discardableResult
    override public func stop(at time: Int64? = nil) -> Bool {
        guard super.stop(at: time) else { return false }
        source.seekIsComing()
        return true
    }

    /// Control thread: hands queued end-of-file and completion events to their handlers.
    public func deliverEvents() {
        while let notice = notices.pop() {
            switch notice {
            case .endOfFile:
                handlers.withLock { $0.endOfFile }?()
            case .completed(let token):
                handlers.withLock { $0.completions.removeValue(forKey: token) }?()
            }
        }
    }

    // MARK: Render

    override public func allocate(format: NodeFormat) {
        if sourceChannelCount != channelCount {
            let buffer = AudioBuffer(channelCount: sourceChannelCount, frameCapacity: format.maximumFrameCount)
            scratch = buffer
            scratchPointers = buffer.channelPointers
        }
        if !source.isRealtimeSafe && feeder == nil {
            feeder = try? PlayerFeeder(
                source: source, ringFrames: max(32_768, format.largestCallbackFrameCount * 8), chunk: 4096)
        }
    }

    override public func handle(_ event: NodeEvent) {
        switch event {
        case .start:
            stoppedAtEnd.store(false, ordering: .relaxed)
            transport = .playing
        case .stop:
            stoppedAtEnd.store(false, ordering: .relaxed)
            transport = .stopped
            oneShotToken = 0
            seekRender(0)
        case .custom(let code, let value):
            if Command(rawValue: code) != nil { stoppedAtEnd.store(false, ordering: .relaxed) }
            switch Command(rawValue: code) {
            case .pause: if transport == .playing { transport = .paused }
            case .seek: seekRender(Int(value))
            case .oneShot:
                oneShotToken = Int(value)
                seekRender(0)
                transport = .playing
            case nil: break
            }
        case .parameter, .midi: break
        }
        super.handle(event)
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        sliceStart = context.sampleTime
        // A source in the output's layout is read straight into the output and gained in place.
        let block: AudioBufferView
        if sourceChannelCount == context.output.channelCount {
            block = context.output
        } else if let scratchPointers {
            block = AudioBufferView(
                channelPointers: scratchPointers, channelCount: sourceChannelCount, frameCount: frames)
        } else {
            context.output.clear()
            return
        }
        var produced = 0
        if transport == .playing {
            produced = feeder == nil ? pullDirect(block) : pullFromFeeder(block)
        }
        if produced < frames { block.slice(from: produced, count: frames - produced).clear() }
        if let channelMap {
            channelMap.apply(block, to: context.output, frames: frames)
            GainPan.apply(
                source: context.output, output: context.output, frames: frames, volume: volume, pan: pan, mute: mute,
                accumulate: false)
        } else {
            GainPan.apply(
                source: block, output: context.output, frames: frames, volume: volume, pan: pan, mute: mute,
                accumulate: false)
        }
        publishedPosition.store(playhead, ordering: .relaxed)
        publishedState.store(transport.rawValue, ordering: .relaxed)
    }

    private var loopsNow: Bool { oneShotToken == 0 && looping.load(ordering: .relaxed) }

    private func pullDirect(_ block: AudioBufferView) -> Int {
        var produced = 0
        var wraps = 0
        while produced < block.frameCount {
            let wanted = block.frameCount - produced
            let count = (try? source.read(into: block.slice(from: produced, count: wanted), frames: wanted)) ?? 0
            produced += count
            playhead += count
            if count == 0 {
                if loopsNow && playhead > 0 && wraps < 2 {
                    wraps += 1
                    try? source.seek(to: 0)
                    playhead = 0
                    continue
                }
                reachedEnd(afterFrames: produced)
                break
            }
        }
        return produced
    }

    private func pullFromFeeder(_ block: AudioBufferView) -> Int {
        guard let feeder else { return 0 }
        feeder.loops.store(loopsNow, ordering: .relaxed)
        var produced = 0
        while produced < block.frameCount {
            if chunkRemaining == 0 {
                guard let header = feeder.headers.pop() else {
                    underrunFrames.wrappingAdd(block.frameCount - produced, ordering: .relaxed)
                    break
                }
                if header.generation != generation {
                    feeder.ring.skip(frames: header.frames)
                    continue
                }
                if header.isEnd {
                    reachedEnd(afterFrames: produced)
                    break
                }
                chunkRemaining = header.frames
                playhead = header.start
            }
            let count = min(chunkRemaining, block.frameCount - produced)
            let read = feeder.ring.read(into: block.slice(from: produced, count: count))
            produced += read
            chunkRemaining -= read
            playhead += read
            if read < count { break }
        }
        return produced
    }

    private func seekRender(_ frame: Int) {
        let target = max(0, min(frame, source.length ?? Int.max))
        playhead = target
        if let feeder {
            feeder.ring.skip(frames: chunkRemaining)
            chunkRemaining = 0
            generation += 1
            feeder.wantedFrame.store(target, ordering: .relaxed)
            feeder.wantedGeneration.store(generation, ordering: .releasing)
        } else {
            try? source.seek(to: target)
        }
    }

    private func reachedEnd(afterFrames produced: Int) {
        transport = .stopped
        lastEndSampleTime.store(sliceStart + Int64(produced), ordering: .releasing)
        stoppedAtEnd.store(true, ordering: .releasing)  // before the rewind below, which a reader sees after it
        notices.push(.endOfFile)
        if oneShotToken != 0 { notices.push(.completed(oneShotToken)) }
        oneShotToken = 0
        seekRender(0)
    }
}
