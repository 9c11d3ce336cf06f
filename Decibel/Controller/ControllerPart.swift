import DecibelCore
import DecibelFormats
import DecibelGraph

/// A part of an `AudioController`'s graph whose sound can be recorded or tapped: a `Microphone`, an
/// `AudioPlayer`, an `Output`.
public protocol ControllerPart: AnyObject, Sendable {
    /// The controller the part lives on (`nil`: a stand-alone microphone not started yet).
    var controller: AudioController? { get }
    /// The node whose output is the part's sound (after its own volume and pan, before the output's).
    var soundNode: any AudioNode { get }
}

extension Recorder {
    /// Creates a recorder at `controller`'s rate: `channelCount` channels (default: the controller's output
    /// channels, or its input channels for a capture-only controller).
    /// - Throws: `AudioError` from `init(path:format:sampleRate:channelCount:ringSeconds:flushInterval:metadata:)`:
    ///   `invalidArgument`, `unsupportedFormat`, `fileUnreadable` or `backendError`.
    public convenience init(
        path: String, format: AudioFileWriter.Format, on controller: AudioController, channelCount: Int? = nil,
        ringSeconds: Double = 2, flushInterval: Double = 0.1, metadata: [AudioFileMetadataKey: String] = [:]
    ) throws(AudioError) {
        try self.init(
            path: path, format: format, sampleRate: controller.format.sampleRate,
            channelCount: channelCount
                ?? (controller.channelCount > 0
                    ? controller.channelCount
                    : controller.inputChannelCount),
            ringSeconds: ringSeconds, flushInterval: flushInterval, metadata: metadata)
    }

    /// Records the sum of `parts`, sample-aligned: the karaoke take, `[microphone, backing]`. Stop with
    /// ``RecordingMix/stop(in:)`` (`controller.engine`), then `close()` the recorder.
    /// - Throws: `AudioError` of kind `invalidArgument` when `parts` is empty, a part is on another controller,
    ///   the controller's rate is not the recorder's or `bufferSize` is below 1; or `backendError` when the tap's
    ///   consumer thread cannot start.
    public func record(
        mixing parts: [any ControllerPart], on controller: AudioController, bufferSize: Int = 1024,
        frameLimit: Int? = nil
    ) throws(AudioError) -> RecordingMix {
        for part in parts where part.controller !== controller {
            throw AudioError(
                .invalidArgument,
                "\(type(of: part)) is not on this controller; create it with on: controller to record it here")
        }
        return try record(
            mixing: parts.map(\.soundNode), in: controller.engine, bufferSize: bufferSize, frameLimit: frameLimit)
    }
}
