import DecibelCore
import DecibelFormats
import DecibelGraph
import Synchronization

/// A file player in one line, after EZAudio's `EZAudioPlayer`: play, pause, stop, loop, seek, volume,
/// pan, current time and duration; swap files and devices while it plays; every change posted to any
/// number of observers.
///
/// The file is decoded (and resampled with libsoxr when its rate differs from the device's) on a decoder
/// thread; the render thread only reads a ring buffer.
///
/// ```swift
/// let player = try AudioPlayer(path: "song.flac")
/// player.addObserver { event in print(event) }   // a control thread: state, file, device, volume, seeks…
/// player.play()
/// print(player.formattedCurrentTime, "/", player.formattedDuration)
/// try player.load(path: "next.flac")            // another file, same output
/// ```
///
/// Created `on:` an `AudioController`, the player is one part of a shared graph: several players, a
/// microphone and a recorder on one stream.
public final class AudioPlayer: ControllerPart {
    /// What the player is doing.
    public enum State: Sendable, Hashable {
        /// Not playing: never started, stopped, or at the end of the file.
        case stopped
        /// Playing the file.
        case playing
        /// Paused at `currentTime`; `play()` goes on from there.
        case paused
    }

    /// Every change the player posts, in order, to observers and to `events()` (EZAudioPlayer's
    /// notifications).
    public enum Event: Sendable, Hashable {
        /// `state` changed to this.
        case stateChanged(State)
        /// The end of the file was heard (never while looping): `state` is `.stopped` from then on.
        case endOfFile
        /// `load(path:)` opened another file.
        case fileChanged(path: String)
        /// The output moved to another device: by `setDevice(_:)` (the id asked for, `nil` for the
        /// default) or because the server moved the stream.
        case deviceChanged(String?)
        /// `volume` was set.
        case volumeChanged(Float)
        /// `pan` was set.
        case panChanged(Float)
        /// A seek, to this many seconds.
        case seeked(toTime: Double)
        /// `isMuted` was set.
        case muteChanged(Bool)
        /// The playing position in seconds, every `positionUpdateInterval` while playing.
        case position(Double)
    }

    /// The output the player plays through (its meter shows the output level).
    public let output: Output
    struct Loaded {
        let path: String
        let source: AudioFileSource
        let node: FilePlayer
    }
    /// The file loaded, if any, and what the player keeps across files.
    struct Slot {
        var file: Loaded?
        var isLooping = false
        var isMuted = false
        var volume: Float = 1
        var pan: Float = 0
    }
    let loaded = Locked(Slot())
    private let stateValue = Locked<State>(.stopped)
    let handlers = Locked<(endOfFile: (@Sendable () -> Void)?, stateChange: (@Sendable (State) -> Void)?)>((nil, nil))
    let observers = EventObservers<Event>()
    let positionTimer = Locked<PositionTimer?>(nil)
    private let deviceWatch = Locked<UInt64?>(nil)
    /// With a deep buffer of its own: the frame playback last started from and when (see `heardFrame(of:)`).
    let startedPlaying = Locked<(frame: Int, time: UInt64)?>(nil)
    /// Counts play, pause, stop, seek and load: an end of file waiting for the output to play out is
    /// dropped when one of them comes first (see `reachedEnd(of:)`).
    let transportMoves = Atomic<Int>(0)
    /// The engine's sample time at the latest of those: a node's end rendered after it is still playing out
    /// while `state` is `.playing`.
    let lastMoveSampleTime = Atomic<Int64>(.min)

    /// Opens `path` for playback on `device` of `backend` (defaults: the runtime pick and its default
    /// output); with no `path`, a player to `load(path:)` a file into later. Nothing plays until `play()`.
    /// `sampleRate` is the rate the player renders at (default: the device's; a device that runs another
    /// rate gets the output converted at its edge). `channelCount` is the output's channels (a mono file
    /// feeds them all; other files are mapped by `ChannelMap.standard(from:to:)`: stereo averaged to mono,
    /// 5.1 mixed down to stereo). `onStreamEvent` hears the output stream's events (xruns, server shutdown,
    /// device loss) on a control thread. `bufferSize` is the output's buffer (default: the backend's
    /// low-latency choice; a player of files can ask for more, which costs less power: over 150 ms, play, pause,
    /// stop and seek drop what the server holds, `AudioStream.discardQueuedOutput()`, so each is still heard at
    /// once). The player's output has a controller of its own, started here.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat` when
    ///   `path` is missing, cannot be read, is not usable audio or is in a format the installed codec libraries
    ///   cannot decode; `invalidArgument` for a channel count or rate out of range; with `backend` nil,
    ///   `unknownBackend` when `DECIBEL_BACKEND` names no backend; or what opening and starting the output throws:
    ///   `backendUnavailable` when the backend's library or server is missing (or the backend named is
    ///   unavailable), `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device refuses
    ///   even its own rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not
    ///   answer in time, `streamInvalidated` when the server or device goes away, or `backendError` when the
    ///   backend's library fails (a busy ALSA device, say) or a thread cannot start.
    public convenience init(
        path: String? = nil, backend: (any AudioBackend)? = nil, device: String? = nil, sampleRate: Double? = nil,
        channelCount: Int = 2, bufferSize: BufferSize = .automatic,
        onStreamEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        try self.init(
            path: path,
            output: Output(
                backend: backend, device: device, channelCount: channelCount, sampleRate: sampleRate,
                bufferSize: bufferSize, name: "Decibel player", onEvent: onStreamEvent))
        try output.start()
    }

    /// A player on `controller`: a group of its own in the shared graph (its volume, pan and meter are the
    /// player's `output`), optionally with `path` loaded. It sounds while the controller runs.
    /// - Throws: `AudioError` of kind `invalidState` for a controller with no output channels, or what opening
    ///   `path` throws: `fileNotFound`, `fileUnreadable`, `invalidFile`, `unsupportedFormat`,
    ///   `unsupportedConfiguration` (libsoxr refuses the rate) or `backendError` (the decoder thread cannot start).
    public convenience init(path: String? = nil, on controller: AudioController) throws(AudioError) {
        try self.init(path: path, output: Output(on: controller, name: "player"))
    }

    private init(path: String?, output: Output) throws(AudioError) {
        self.output = output
        if let path {
            let file = try Self.open(path, for: output)
            try output.add(file.node)
            loaded.withLock { $0.file = file }
            watch(file.node)
        }
        let token = output.observeDevice { [weak self] device in self?.post(.deviceChanged(device)) }
        deviceWatch.withLock { $0 = token }
    }

    deinit {
        positionTimer.withLock { $0 }?.stop()
        if let token = deviceWatch.withLock({ $0 }) { output.removeDeviceObserver(token) }
        output.close()
        loaded.withLock { $0.file }?.source.stop()
        observers.finish()
    }

    private static func open(_ path: String, for output: Output) throws(AudioError) -> Loaded {
        let file = try AudioFile(path: path)
        // The decoder's ring must hold more than the most the output renders at once (a PulseAudio stream with
        // a deep buffer asks for all of it when it starts) and two decoded chunks, and a second at least; it holds
        // two blocks, so that the decoder, which naps only as long as leaves a block and a chunk in the ring,
        // wakes about once a second behind a deep buffer instead of three times (each wake costs ~0.1 ms of CPU
        // here). The ring rounds up to a power of two: a second's block at 44.1 kHz gives 2.97 s, 1 MB of stereo.
        // Two 2 s blocks would round up to 5.9 s (2 MB); the power of two below them, 2.97 s, still leaves the
        // decoder naps of 0.9 s, so a ring that leaves half a second beside a block and two chunks takes that.
        let rate = output.format.sampleRate
        let block = output.largestRequest
        let twoBlocks = 2 * block
        let below = 1 << (Int.bitWidth - 1 - max(1, twoBlocks).leadingZeroBitCount)
        let frames = below >= block + 2 * file.chunkFrames + Int(rate / 2) ? below : twoBlocks
        let source = try AudioFileSource(
            file: file, sampleRate: rate, bufferSeconds: min(60, max(1, Double(frames) / rate)), largestRead: block)
        return Loaded(
            path: path, source: source, node: FilePlayer(source: source, channelCount: output.engine.channelCount))
    }

    private func watch(_ node: FilePlayer) {
        node.onEndOfFile = { [weak self, weak node] in
            guard let self, let node, node === self.node else { return }
            self.reachedEnd(of: node)
        }
    }

    /// The file being played (`nil` until one is loaded).
    public var path: String? { loaded.withLock { $0.file?.path } }
    /// The decoder of the file being played.
    public var source: AudioFileSource? { loaded.withLock { $0.file?.source } }
    /// The graph node that plays it (a new one after `load(path:)`).
    public var node: FilePlayer? { loaded.withLock { $0.file?.node } }
    /// The controller the player is a part of (its own output's, unless created `on:` one).
    public var controller: AudioController? { output.controller }
    /// The node whose output is what the player plays (its output group's fader): record or tap it.
    public var soundNode: any AudioNode { output.soundNode }

    /// Opens another file in place of this one, keeping volume, pan, looping and the output; the player
    /// stops at the new file's start. Posts `fileChanged`, then `stateChanged(.stopped)` if it was playing.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat` when
    ///   `path` is missing, cannot be read, is not usable audio or is in a format the installed codec libraries
    ///   cannot decode; `unsupportedConfiguration` if libsoxr refuses to resample it to the output's rate; or
    ///   `backendError` when its decoder thread cannot start. The current file stays loaded then.
    public func load(path: String) throws(AudioError) {
        let new = try Self.open(path, for: output)
        transportMoved()
        try replace(with: new)
        post(.fileChanged(path: path))
        setState(.stopped)
    }

    /// Moves playback to another device of the output's backend (`nil`: its default output) without
    /// stopping: the position is kept, and a device at another rate is converted at its edge (the controller
    /// keeps its rate). On a shared controller every part moves. Posts `deviceChanged`.
    /// - Throws: `AudioError` from `Output.setDevice(_:)`: `invalidState` or `backendError` when JACK cannot stop
    ///   the old stream; `deviceNotFound` for an unknown `device`, or `backendUnavailable`,
    ///   `unsupportedConfiguration`, `timedOut`, `streamInvalidated` or `backendError` when the new stream cannot
    ///   open or start.
    public func setDevice(_ device: String?) throws(AudioError) { try output.setDevice(device) }

    private func replace(with new: Loaded) throws(AudioError) {
        let (old, keep) = loaded.withLock { ($0.file, $0) }
        new.node.volume.value = keep.volume
        new.node.pan.value = keep.pan
        new.node.mute.value = keep.isMuted ? 1 : 0
        new.source.isLooping = keep.isLooping
        new.node.isLooping = keep.isLooping
        try output.add(new.node)
        loaded.withLock { $0.file = new }
        watch(new.node)
        guard let old else { return }
        _ = old.node.pause()
        try output.remove(old.node)
        old.source.stop()
    }

    /// Called on a control thread when the end of the file has been heard: the output's latency after its last
    /// frame was rendered (not while looping).
    public var onEndOfFile: (@Sendable () -> Void)? {
        get { handlers.withLock { $0.endOfFile } }
        set { handlers.withLock { $0.endOfFile = newValue } }
    }

    /// Called on the calling or a control thread whenever `state` changes.
    public var onStateChange: (@Sendable (State) -> Void)? {
        get { handlers.withLock { $0.stateChange } }
        set { handlers.withLock { $0.stateChange = newValue } }
    }

    /// Waits until the end of the file has been heard; returns at once when the player is stopped (at the end
    /// already, or never started).
    ///
    /// ```swift
    /// player.play()
    /// try await player.endOfFile()
    /// ```
    /// - Throws: `CancellationError` if the waiting task is cancelled first (playback goes on); nothing else.
    public func endOfFile() async throws {
        let events = events()  // listening before looking at the state, so an end in between is not missed
        if state == .stopped { return }
        for await event in events where event == .endOfFile { return }
        try Task.checkCancellation()
    }

    /// Playing, paused or stopped.
    public var state: State { stateValue.withLock { $0 } }

    /// Starts or resumes playback; does nothing before a file is loaded.
    public func play() {
        guard let file = loaded.withLock({ $0.file }) else { return }
        transportMoved()
        // Playing out the end counts as stopped: the node has rewound, and with a deep buffer the start is dropped
        // in as from a stop.
        if discardsQueuedOutput && (state != .playing || isPlayingOut(file.node)) {
            playAtOnce(file.node, source: file.source)
        } else {
            _ = file.node.play()
        }
        setState(.playing)
    }

    /// Pauses, keeping the position (with a deep buffer of its own, the position heard: what the server
    /// held is dropped, so the pause is heard at once).
    public func pause() {
        guard let file = loaded.withLock({ $0.file }) else { return }
        transportMoved()
        if discardsQueuedOutput && state == .playing {
            pauseAtOnce(file.node, source: file.source)
        } else {
            _ = file.node.pause()
        }
        setState(.paused)
    }

    /// Stops and rewinds to the start.
    public func stop() {
        transportMoved()
        if let file = loaded.withLock({ $0.file }) {
            if discardsQueuedOutput {
                pauseAtOnce(file.node, source: file.source, rewindTo: 0)
            } else {
                _ = file.node.pause()
                _ = file.node.seek(to: 0)
            }
        }
        setState(.stopped)
    }

    /// Whether playback starts over at the end instead of stopping; the decoder wraps, so there is no gap.
    /// Kept across `load(path:)`.
    public var isLooping: Bool {
        get { loaded.withLock { $0.isLooping } }
        set {
            let file = loaded.withLock { slot in
                slot.isLooping = newValue
                return slot.file
            }
            file?.source.isLooping = newValue
            file?.node.isLooping = newValue
        }
    }

    /// Whether the player is silent while it goes on playing (TAAE's channel mute); ramps, so it never
    /// clicks. Kept across `load(path:)`. Posts `muteChanged`.
    public var isMuted: Bool {
        get { loaded.withLock { $0.isMuted } }
        set {
            let node = loaded.withLock { slot in
                slot.isMuted = newValue
                return slot.file?.node
            }
            node?.mute.value = newValue ? 1 : 0
            post(.muteChanged(newValue))
        }
    }

    /// Jumps to `frame` (at the output rate), clamped to the file; works while playing. Posts `seeked`.
    public func seek(toFrame frame: Int) {
        guard let file = loaded.withLock({ $0.file }) else { return }
        transportMoved()
        let target = max(0, min(frame, totalFrames))
        if discardsQueuedOutput {
            seekAtOnce(file.node, source: file.source, to: target, resume: state == .playing)
        } else {
            _ = file.node.seek(to: target)
            // A node that reached the end meanwhile (the player still `.playing` out) stopped: it goes on from the
            // target, as the seek asked.
            if state == .playing { _ = file.node.play() }
        }
        post(.seeked(toTime: Double(target) / sampleRate))
    }

    /// Jumps to `seconds` into the file.
    public func seek(toTime seconds: Double) {
        guard seconds.isFinite else { return }
        seek(toFrame: Int((seconds * sampleRate).rounded()))
    }

    /// The output rate the player renders at.
    public var sampleRate: Double { output.format.sampleRate }

    /// Frames the file lasts at the output rate (0 with no file).
    public var totalFrames: Int { source?.expectedFrames ?? 0 }

    /// The playing position in seconds (follows seeks and wraps when looping); with a deep buffer of its
    /// own, what is heard while playing, not what was rendered. While the output plays the file's end out, the
    /// end (the node has rewound already, and `state` turns `.stopped` only when the end is heard).
    public var currentTime: Double {
        guard let file = loaded.withLock({ $0.file }) else { return 0 }
        let rendered = file.source.currentFrame  // before the end is looked at: the node sets it, then rewinds
        guard state == .playing else { return Double(rendered) / sampleRate }
        if discardsQueuedOutput { return Double(heardFrame(of: file.source)) / sampleRate }
        return Double(isPlayingOut(file.node) ? file.source.expectedFrames : rendered) / sampleRate
    }

    /// The file's length in seconds.
    public var duration: Double { Double(totalFrames) / sampleRate }

    /// `currentTime` as `m:ss` (or `h:mm:ss`).
    public var formattedCurrentTime: String { Self.format(currentTime) }

    /// `duration` as `m:ss` (or `h:mm:ss`).
    public var formattedDuration: String { Self.format(duration) }

    /// Playback volume, 0 ... 4 (1 is unity); changes ramp. Kept across `load(path:)`. Posts `volumeChanged`.
    public var volume: Float {
        get { loaded.withLock { $0.volume } }
        set {
            let value = min(max(newValue.isFinite ? newValue : 1, 0), 4)
            let node = loaded.withLock { slot in
                slot.volume = value
                return slot.file?.node
            }
            node?.volume.value = value
            post(.volumeChanged(value))
        }
    }

    /// Stereo position, -1 (left) ... 1 (right). Kept across `load(path:)`. Posts `panChanged`.
    public var pan: Float {
        get { loaded.withLock { $0.pan } }
        set {
            let value = min(max(newValue.isFinite ? newValue : 0, -1), 1)
            let node = loaded.withLock { slot in
                slot.pan = value
                return slot.file?.node
            }
            node?.pan.value = value
            post(.panChanged(value))
        }
    }

    /// Formats seconds as `m:ss`, or `h:mm:ss` from an hour on.
    public static func format(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return total >= 3600
            ? "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))" : "\(total / 60):\(two(total % 60))"
    }

    func setState(_ state: State) {
        let changed = stateValue.withLock { current in
            defer { current = state }
            return current != state
        }
        guard changed else { return }
        handlers.withLock { $0.stateChange }?(state)
        post(.stateChanged(state))
    }
}
