import CSoxr

/// Grows libsoxr's FIFOs to their working size before a converter meets a render thread.
///
/// soxr holds each stage's samples in a FIFO that it enlarges with `realloc` when a write would pass the
/// end of the allocation while at most 16 KiB (its `FIFO_MIN`) have been read from the front; past that it
/// moves the contents down instead. Whether a call meets that state depends on the whole history of block
/// sizes, so priming with the working pattern alone leaves it to chance: with blocks of varying size a
/// FIFO grew again after thousands of blocks (the `formats-resampler-irregular` and
/// `formats-variable-resampler-irregular` RealtimeSanitizer scenarios, and a JACK bridged duplex whose
/// process thread had been stalled). One call with a block larger than `FIFO_MIN` plus the most a later
/// call holds and adds makes each FIFO that block fills that large at once, and soxr never shrinks them.
enum SoxrFIFOs {
    /// soxr's `FIFO_MIN`, in bytes.
    static let moveThresholdBytes = 16_384

    /// Input frames for the growing block: `FIFO_MIN` in 32-bit samples (the most it can hold: soxr's stages
    /// keep 32- or 64-bit samples) at the most decimated stage (soxr halves the rate once per octave of
    /// `ratio`, input over output, above 1), plus four of the largest blocks and room for the filters' history.
    static func growingFrames(ratio: Double, maxInputFrames: Int) -> Int {
        var octaves = 0, rest = ratio
        while rest > 1 {
            rest /= 2
            octaves += 1
        }
        return (moveThresholdBytes / MemoryLayout<Float>.size) << min(octaves, 8) + 4 * maxInputFrames + 4096
    }

    /// Runs `inputFrames` frames of silence through `converter` in one `soxr_process` call with room for
    /// `outputFrames`; returns the input frames soxr took and the output frames it gave.
    static func runSilence(
        through converter: soxr_t, channelCount: Int, inputFrames: Int, outputFrames: Int
    ) -> (consumed: Int, produced: Int) {
        let silence = UnsafeMutablePointer<Float>.allocate(capacity: inputFrames)
        silence.initialize(repeating: 0, count: inputFrames)
        let sink = UnsafeMutablePointer<Float>.allocate(capacity: outputFrames)
        let inputs = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: channelCount)
        let outputs = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: channelCount)
        defer {
            silence.deallocate()
            sink.deallocate()
            inputs.deallocate()
            outputs.deallocate()
        }
        for channel in 0..<channelCount {
            inputs[channel] = UnsafeRawPointer(silence)
            outputs[channel] = UnsafeMutableRawPointer(sink)  // every channel's output is thrown away
        }
        var consumed = 0, produced = 0
        _ = soxr_process(
            converter, UnsafeRawPointer(inputs), inputFrames, &consumed, UnsafeMutableRawPointer(outputs),
            outputFrames, &produced)
        return (consumed, produced)
    }
}
