/// Prints one stream's soak figures as plain lines (Scripts/soak shows them as they are).
enum SoakReport {
    static func print(_ result: SoakResult) {
        let period = Double(result.period) / result.sampleRate
        let lines = [
            "\(result.label): \(result.callbacks) callbacks, \(result.renderedFrames) frames rendered at "
                + "\(Int(result.sampleRate)) Hz, period \(result.period) frames (\(format(period * 1000)) ms)",
            "  server xruns (the server's own count): \(result.serverXruns)",
            "  Decibel losses: tap drops \(result.tapDrops) frames, recorder overflow \(result.recorderOverflow) frames",
            "  worst callback: \(format(result.worstCallback * 1000)) ms "
                + "(\(format(result.worstCallback / period * 100)) % of the period)",
            "  ring fill, frames: tap \(result.tapBacklog.low)…\(result.tapBacklog.high), "
                + "recorder \(result.recorderBacklog.low)…\(result.recorderBacklog.high)",
            "  recording: \(result.recordedFrames) frames; "
                + (result.firstDifference.map { "DIFFERS from the offline render at frame \($0)" }
                    ?? (result.recordedFrames == result.renderedFrames
                        ? "equal to the offline render, frame for frame"
                        : "holds \(result.recordedFrames) of \(result.renderedFrames) rendered frames")),
        ]
        for line in lines { Swift.print(line) }
        if let ended = result.endedBy { Swift.print("  the stream ended early: \(ended)") }
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}
