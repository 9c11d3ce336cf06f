import CSoxr

/// Grows libsoxr's FIFOs to their working size before a converter meets a render thread.
///
/// soxr holds each stage's samples in a FIFO that it enlarges with `realloc` when a write would pass the
/// end of the allocation while no more than `FIFO_MIN` bytes have been read from the front (16 KiB in the
/// constant-rate engine, 32 KiB in the variable-rate one); past that it moves the contents down instead.
/// Whether a call meets that state depends on the whole history of block sizes, so priming with blocks of
/// the working size leaves it to chance: with blocks of varying size a FIFO grew after hundreds or thousands
/// of blocks (the `formats-resampler-irregular` and `formats-variable-resampler-irregular` RealtimeSanitizer
/// scenarios, and a JACK bridged duplex whose process thread had stalled).
///
/// A FIFO never shrinks, so one write larger than `FIFO_MIN` plus the most a later call keeps and adds
/// settles it for good. One large block of input does that for the FIFOs it fills whole: the input stage's
/// and the output FIFO (which `runSilence` drains in large pieces) in both engines, and in the variable-rate
/// engine the stages after the input too, since each takes all its predecessor holds. The constant-rate
/// engine's later stages take their input in chunks of their own size; for them the evidence is the
/// scenarios' random blocks, not this argument.
enum SoxrFIFOs {
    /// Which of soxr's engines a converter runs on: they keep different `FIFO_MIN`s and decimate differently.
    enum Engine {
        /// `Resampler`: soxr's constant-rate stages (cr.c).
        case constantRate
        /// `VariableResampler`: soxr's variable-rate stages (vr32.c).
        case variableRate

        /// `FIFO_MIN` in 32-bit samples (the most it holds: stages keep 32- or 64-bit samples).
        var moveThresholdSamples: Int { self == .constantRate ? 0x4000 / 4 : 0x8000 / 4 }
    }

    /// Input frames for the growing block at `ratio` (input over output): `FIFO_MIN` plus four of the largest
    /// blocks and room for the filters' history, at the most decimated stage the block fills whole (the
    /// variable-rate engine halves the rate ⌊log₂ ratio⌋ times; in the constant-rate one only the input stage
    /// takes the block whole). Ratios above 512 are grown as if they were 512.
    static func growingFrames(_ engine: Engine, ratio: Double, maxInputFrames: Int) -> Int {
        var octaves = 0, rest = ratio
        while rest >= 2 && octaves < 9 {
            rest /= 2
            octaves += 1
        }
        let halvings = engine == .constantRate ? 0 : octaves
        return (engine.moveThresholdSamples << halvings) + 4 * maxInputFrames + 4096
    }

    /// Output frames per draining call: `FIFO_MIN` plus four of the largest output blocks a caller asks for.
    static func drainingFrames(_ engine: Engine, maxOutputFrames: Int) -> Int {
        engine.moveThresholdSamples + 4 * maxOutputFrames + 64
    }

    /// Writes `inputFrames` frames of silence into `converter` in one piece (soxr takes a whole block when it
    /// is not asked how much it took), then converts it in calls of `room` output frames until the output
    /// comes short; returns the output frames produced, all thrown away.
    static func runSilence(through converter: soxr_t, channelCount: Int, inputFrames: Int, room: Int) -> Int {
        let silence = UnsafeMutablePointer<Float>.allocate(capacity: inputFrames)
        silence.initialize(repeating: 0, count: inputFrames)
        let sink = UnsafeMutablePointer<Float>.allocate(capacity: room)
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
        var total = 0, produced = 0
        _ = soxr_process(
            converter, UnsafeRawPointer(inputs), inputFrames, nil, UnsafeMutableRawPointer(outputs), room, &produced)
        total += produced
        var calls = 0
        // No input: what the block left behind. The bound only guards against a soxr that never runs dry.
        while produced == room && calls < 100_000 {
            _ = soxr_process(
                converter, UnsafeRawPointer(inputs), 0, nil, UnsafeMutableRawPointer(outputs), room, &produced)
            total += produced
            calls += 1
        }
        return total
    }
}
