import DecibelCore
import DecibelFormats
import DecibelGraph
import Synchronization

/// A file player in one line, after EZAudio's `EZAudioPlayer`: play, pause, stop, loop, seek, volume,
/// pan, current time and duration, with end-of-file and state-change notifications.
///
/// The file is decoded (and resampled with libsoxr when its rate differs from the device's) on a decoder
/// thread; the render thread only reads a ring buffer.
///
/// ```swift
/// let player = try AudioPlayer(path: "song.flac")
/// player.onEndOfFile = { print("done") }      // a control thread
/// player.play()
/// print(player.formattedCurrentTime, "/", player.formattedDuration)
/// ```
public final class AudioPlayer: @unchecked Sendable {
    /// What the player is doing.
    public enum State: Sendable, Hashable {
        /// Not playing: never started, stopped, or at the end of the file.
        case stopped
        /// Playing the file.
        case playing
        /// Paused at `currentTime`; `play()` goes on from there.
        case paused
    }

    /// The output the player plays through (its meter shows the output level).
    public let output: Output
    /// The file being played.
    public let source: AudioFileSource
    /// The graph node that plays it.
    public let node: FilePlayer
    /// The file's path.
    public let path: String
    private let stateValue = Locked<State>(.stopped)
    private let handlers = Locked<(endOfFile: (@Sendable () -> Void)?, stateChange: (@Sendable (State) -> Void)?)>(
        (nil, nil))
    private let eventLoops = EventFanOut<Event>()

    /// Opens `path` for playback on `device` of `backend` (defaults: the runtime pick and its default
    /// output). Nothing plays until `play()`. `onStreamEvent` hears the output stream's events (xruns,
    /// server shutdown, device loss) on a control thread.
    public init(
        path: String, backend: (any AudioBackend)? = nil, device: String? = nil,
        onStreamEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        self.path = path
        let file = try AudioFile(path: path)
        output = try Output(
            backend: backend, device: device, channelCount: 2, name: "Decibel player", onEvent: onStreamEvent)
        source = try AudioFileSource(file: file, sampleRate: output.format.sampleRate)
        node = FilePlayer(source: source, channelCount: 2)
        try output.add(node)
        node.onEndOfFile = { [weak self] in self?.reachedEnd() }
        try output.start()
    }

    deinit {
        output.close()
        source.stop()
    }

    /// Called on a control thread when playback reaches the end of the file (not while looping).
    public var onEndOfFile: (@Sendable () -> Void)? {
        get { handlers.withLock { $0.endOfFile } }
        set { handlers.withLock { $0.endOfFile = newValue } }
    }

    /// Called on the calling or a control thread whenever `state` changes.
    public var onStateChange: (@Sendable (State) -> Void)? {
        get { handlers.withLock { $0.stateChange } }
        set { handlers.withLock { $0.stateChange = newValue } }
    }

    /// What `events()` delivers.
    public enum Event: Sendable, Hashable {
        /// `state` changed to this.
        case stateChanged(State)
        /// Playback reached the end of the file (never while looping).
        case endOfFile
    }

    /// State changes and end of file as an async sequence (the `for await` form of `onStateChange` and
    /// `onEndOfFile`); at most `capacity` events wait for a slow loop, older ones are dropped and counted.
    public func events(capacity: Int = 16) -> EventSequence<Event> { eventLoops.sequence(capacity: capacity) }

    /// Waits until playback reaches the end of the file; returns at once when the player is stopped (at
    /// the end already, or never started). Throws `CancellationError` if the waiting task is cancelled
    /// first (playback goes on).
    ///
    /// ```swift
    /// player.play()
    /// try await player.endOfFile()
    /// ```
    public func endOfFile() async throws {
        let events = events()  // listening before looking at the state, so an end in between is not missed
        if state == .stopped { return }
        for await event in events where event == .endOfFile { return }
        try Task.checkCancellation()
    }

    /// Playing, paused or stopped.
    public var state: State { stateValue.withLock { $0 } }

    /// Starts or resumes playback.
    public func play() {
        _ = node.play()
        setState(.playing)
    }

    /// Pauses, keeping the position.
    public func pause() {
        _ = node.pause()
        setState(.paused)
    }

    /// Stops and rewinds to the start.
    public func stop() {
        _ = node.pause()
        _ = node.seek(to: 0)
        setState(.stopped)
    }

    /// Whether playback starts over at the end instead of stopping; the decoder wraps, so there is no gap.
    public var isLooping: Bool {
        get { source.isLooping }
        set {
            source.isLooping = newValue
            node.isLooping = newValue
        }
    }

    /// Jumps to `frame` (at the output rate), clamped to the file; works while playing.
    public func seek(toFrame frame: Int) { _ = node.seek(to: max(0, min(frame, totalFrames))) }

    /// Jumps to `seconds` into the file.
    public func seek(toTime seconds: Double) {
        guard seconds.isFinite else { return }
        seek(toFrame: Int((seconds * sampleRate).rounded()))
    }

    /// The output rate the player renders at.
    public var sampleRate: Double { output.format.sampleRate }

    /// Frames the file lasts at the output rate.
    public var totalFrames: Int { source.expectedFrames }

    /// The playing position in seconds (follows seeks and wraps when looping).
    public var currentTime: Double { Double(source.currentFrame) / sampleRate }

    /// The file's length in seconds.
    public var duration: Double { Double(totalFrames) / sampleRate }

    /// `currentTime` as `m:ss` (or `h:mm:ss`).
    public var formattedCurrentTime: String { Self.format(currentTime) }

    /// `duration` as `m:ss` (or `h:mm:ss`).
    public var formattedDuration: String { Self.format(duration) }

    /// Playback volume, 0 ... 4 (1 is unity); changes ramp.
    public var volume: Float {
        get { node.volume.value }
        set { node.volume.value = newValue }
    }

    /// Stereo position, -1 (left) ... 1 (right).
    public var pan: Float {
        get { node.pan.value }
        set { node.pan.value = newValue }
    }

    /// Formats seconds as `m:ss`, or `h:mm:ss` from an hour on.
    public static func format(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return total >= 3600
            ? "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))" : "\(total / 60):\(two(total % 60))"
    }

    private func reachedEnd() {
        setState(.stopped)
        handlers.withLock { $0.endOfFile }?()
        eventLoops.yield(.endOfFile)
    }

    private func setState(_ state: State) {
        let changed = stateValue.withLock { current in
            defer { current = state }
            return current != state
        }
        guard changed else { return }
        handlers.withLock { $0.stateChange }?(state)
        eventLoops.yield(.stateChanged(state))
    }
}
