import CALSA
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// One open alsa-lib PCM (`snd_pcm_t`), opened non-blocking so the render thread waits in `poll` where a
/// stop request can wake it.
///
/// Not thread-safe: the stream configures it on a control thread, then hands it to its render thread
/// until that thread has been joined.
final class ALSAPCM: @unchecked Sendable {
    let library: ALSALibrary
    let name: String
    let direction: AudioDirection
    private(set) var handle: OpaquePointer?

    var api: decibel_alsa_api { library.api }
    var stream: snd_pcm_stream_t { direction == .input ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK }

    /// Opens the PCM `name` (anything `aplay -D` accepts) for `direction` (`.input` or `.output`).
    /// An unknown name throws `deviceNotFound` with alsa-lib's own explanation.
    init(library: ALSALibrary, name: String, direction: AudioDirection) throws(AudioError) {
        precondition(direction != .duplex, "a PCM runs one way; duplex streams open two")
        self.library = library
        self.name = name
        self.direction = direction
        let mark = ALSADiagnostics.mark
        var pcm: OpaquePointer?
        let code = library.api.snd_pcm_open(
            &pcm, name, direction == .input ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard code >= 0, let pcm else {
            throw Self.openError(
                library: library, name: name, direction: direction, code: code,
                details: ALSADiagnostics.messages(since: mark))
        }
        handle = pcm
    }

    deinit { close() }

    /// Closes the PCM. Idempotent.
    func close() {
        guard let pcm = handle else { return }
        handle = nil
        _ = api.snd_pcm_close(pcm)
    }

    /// The error for a failed `snd_pcm_open`, with what alsa-lib said about it.
    static func openError(
        library: ALSALibrary, name: String, direction: AudioDirection, code: Int32, details: [String]
    ) -> AudioError {
        let way = direction == .input ? "capture" : "playback"
        let said = details.isEmpty ? "" : " alsa-lib says: " + details.joined(separator: "; ") + "."
        switch -code {
        case ENOENT where details.contains(where: { $0.contains("Unknown PCM") }) || details.isEmpty:
            return library.error(
                .deviceNotFound,
                "ALSA has no PCM named '\(name)' for \(way).\(said) Use a name `aplay -L` lists (or `decibel devices --backend alsa`), such as 'default', 'null', 'pulse' or 'hw:CARD=…,DEV=0'",
                code: code)
        case ENOENT, ENODEV, ENXIO:
            return library.error(
                .deviceNotFound, "the ALSA PCM '\(name)' cannot be opened for \(way): its device is missing.\(said)",
                code: code)
        case EBUSY:
            return library.error(
                .backendError,
                "the ALSA PCM '\(name)' is busy (another program has it open for \(way)); close that program or use a sharing PCM such as 'default' or 'pulse'",
                code: code)
        case EINVAL:
            return library.error(
                .unsupportedConfiguration, "the ALSA PCM '\(name)' does not support \(way).\(said)", code: code)
        default:
            return library.error(.backendError, "cannot open the ALSA PCM '\(name)' for \(way).\(said)", code: code)
        }
    }
}
