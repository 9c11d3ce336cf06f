import Decibel
import DecibelToolSupport

/// What `decibel waveform` computes, by audiowaveform's rules: the samples per pixel from --zoom,
/// --pixels-per-second or --end (with --width), and the data at that zoom — generated from audio, or
/// re-zoomed from stored data, which can only get coarser.
struct WaveformPlan {
    let command: WaveformCommand
    let input: WaveformInput
    /// Seconds from the start to the picture's first column.
    let startTime: Double

    init(command: WaveformCommand, input: WaveformInput) throws {
        self.command = command
        self.input = input
        startTime = try command.start.map(parseSeconds) ?? 0
        guard startTime >= 0 else { throw AudioError(.invalidArgument, "--start must not be negative") }
    }

    func peaks(for output: WaveformOutput) throws -> WaveformPeaks {
        let isPicture: Bool
        if case .picture = output.kind { isPicture = true } else { isPicture = false }
        switch input.content {
        case .audio(let file):
            let perPixel = try samplesPerPixel(of: file)
            var peaks = try file.sixteenBitWaveform(
                samplesPerPixel: perPixel, splitChannels: command.splitChannels, measuresRMS: isPicture)
            // As audiowaveform: data takes only the automatic amplitude scale; pictures apply theirs when drawn.
            if !isPicture, command.amplitudeScale == "auto", peaks.bucketCount > 0 {
                peaks.scaleAmplitude(by: peaks.automaticAmplitudeScale())
                return peaks
            }
            if !isPicture { _ = try command.amplitudeFactor() }
            return peaks
        case .data(let stored, _):
            let rezooms = command.zoom != nil || command.pixelsPerSecond != nil || command.end != nil
            if !isPicture && !rezooms { return stored }
            let rate = Int(stored.sampleRate.rounded())
            // audiowaveform's duration of stored data: whole seconds, by integer division.
            let seconds = rate > 0 ? stored.bucketCount * stored.samplesPerBucket / rate : 0
            let perPixel = try samplesPerPixel(sampleRate: rate, autoFrames: seconds * rate)
            guard perPixel >= stored.samplesPerBucket else {
                throw AudioError(
                    .invalidArgument,
                    "\(input.path) holds \(stored.samplesPerBucket) samples per pixel; the zoom can only be that or coarser (asked: \(perPixel))"
                )
            }
            return stored.rescaled(samplesPerPixel: perPixel)
        }
    }

    /// The samples per pixel for an audio input (at least 2).
    func samplesPerPixel(of file: AudioFile) throws -> Int {
        let perPixel = try samplesPerPixel(
            sampleRate: Int(file.sampleRate),
            autoFrames: Int(Double(file.frameCount) / file.sampleRate * file.sampleRate))
        guard perPixel >= 2 else {
            throw AudioError(.invalidArgument, "the zoom comes to \(perPixel) samples per pixel; the minimum is 2")
        }
        return perPixel
    }

    /// audiowaveform's scale factors: --end (with --start and --width), --pixels-per-second, --zoom N or
    /// auto (`autoFrames` across the width), else 256.
    private func samplesPerPixel(sampleRate: Int, autoFrames: Int) throws -> Int {
        if let end = command.end {
            let endTime = try parseSeconds(end)
            guard endTime >= startTime else {
                throw AudioError(.invalidArgument, "--end (\(endTime) s) must be after --start (\(startTime) s)")
            }
            return Int((endTime - startTime) * Double(sampleRate)) / command.width
        }
        if let pixelsPerSecond = command.pixelsPerSecond { return sampleRate / pixelsPerSecond }
        guard let zoom = command.zoom else { return 256 }
        if zoom == "auto" { return autoFrames / command.width }
        guard let value = Int(zoom), value > 0 else {
            throw AudioError(
                .invalidArgument, "--zoom must be a whole number of samples per pixel or 'auto' (got '\(zoom)')")
        }
        return value
    }
}
