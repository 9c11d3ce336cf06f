import ArgumentParser
import Decibel
import DecibelPlot
import DecibelToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// decibel-scope: a live X11 window with the input's waveform (buffer or rolling) and its spectrum.
@main
struct ScopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decibel-scope",
        abstract: "Show live input as a waveform and a spectrum in an X11 window.",
        discussion: """
            Keys: \(ScopeView.keys)

            Examples:
              decibel-scope
              decibel-scope --backend null --device null-in --rolling --fill
              decibel-scope --file song.flac --rolling
              DISPLAY=:1 decibel-scope --backend pulse --device decibel_test.monitor
            """
    )

    /// Runs the command; a Decibel error ends it with one plain line on stderr (see `exit(reporting:)`).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(reporting: error)
        }
    }

    @OptionGroup var choice: BackendChoice

    @Option(name: .long, help: "Input channels to show (1 or 2).")
    var channels: Int = 2

    @Option(
        name: .long,
        help: ArgumentHelp("Play this file and show what is played, instead of the input.", valueName: "path"))
    var file: String?

    @Flag(name: .long, help: "Start in rolling mode (scrolling history) instead of buffer mode.")
    var rolling = false

    @Flag(name: .long, help: "Fill the waveform.")
    var fill = false

    @Flag(name: .long, help: "Mirror the waveform about the centre line.")
    var mirror = false

    @Option(name: .long, help: "Window width in pixels.")
    var width: Int = 900

    @Option(name: .long, help: "Window height in pixels.")
    var height: Int = 420

    @Option(name: .long, help: "Close by itself after this many seconds.")
    var seconds: Double?

    @Option(name: .long, help: ArgumentHelp("X display (default: $DISPLAY).", valueName: "name"))
    var display: String?

    func validate() throws {
        guard (1...2).contains(channels) else { throw ValidationError("--channels must be 1 or 2") }
        guard (100...8192).contains(width), (80...8192).contains(height) else {
            throw ValidationError("--width and --height must be between 100×80 and 8192×8192")
        }
        if let seconds {
            guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be positive") }
        }
    }

    func run() throws {
        let backend = try choice.select(verbose: true, tool: "decibel-scope")
        let device = try choice.checkedDevice(on: backend, direction: .input)
        let feed = WaveformFeed(channelCount: file == nil ? channels : 2)
        let source = try file.map { path throws in
            try ScopeFileSource(path: path, backend: backend, device: device, feed: feed)
        }
        let stream: (any AudioStream)?
        if source == nil {
            stream = try backend.makeStream(
                StreamConfiguration(direction: .input, device: device, channelCount: channels, name: "decibel-scope") {
                    context in
                    feed.write(context.input)
                })
        } else {
            stream = nil
        }
        defer { stream?.close() }
        let rate = source?.player.sampleRate ?? stream?.format.sampleRate ?? 48_000
        let view = ScopeView(
            sampleRate: rate, mode: rolling ? .rolling(points: 600, framesPerPoint: max(1, Int(rate / 100))) : .buffer,
            fill: fill, mirror: mirror)
        let what = file ?? "\(backend.id):\(device ?? "default")"
        let window = PlotWindow(
            title: "decibel-scope — \(what) — \(ScopeView.keys)", size: PlotSize(width: width, height: height),
            display: display)
        try stream?.start()
        source?.player.play()
        let deadline = seconds.map { MonotonicClock.now() + UInt64($0 * 1e9) }
        try window.open(
            drawing: view,
            onFrame: { window in
                view.take(from: feed, sampleRate: rate)
                if let deadline, MonotonicClock.now() >= deadline { window.requestClose() }
                if let source, source.player.state == .stopped { window.requestClose() }
            },
            onKey: { key, window in
                if !view.handle(key) { window.requestClose() }
                if key.name == "space", let source { view.isPaused ? source.player.pause() : source.player.play() }
            })
        window.waitUntilClosed()
        try stream?.stop()
        printError("decibel-scope: closed after \(window.framesDrawn) frames; \(feed.droppedFrames) frames dropped")
    }
}

/// A file played through the output while the scope shows what leaves it.
final class ScopeFileSource {
    let player: AudioPlayer
    private let tap: GraphTap

    init(path: String, backend: any AudioBackend, device: String?, feed: WaveformFeed) throws {
        player = try AudioPlayer(path: path, backend: backend, device: device)
        tap = try player.output.engine.installTap(on: player.output.engine.mainGroup, bufferSize: 256) {
            feed.write($0)
        }
    }
}
