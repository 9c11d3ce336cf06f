/// The scrolling history of a rolling waveform: a ring of `points` min/max pairs per channel (silence
/// at first, like EZAudio's rolling plot), each summarising `framesPerPoint` frames.
final class RollingHistory {
    let points: Int
    let framesPerPoint: Int
    private(set) var channelCount = 0
    private var low: [[Float]] = []
    private var high: [[Float]] = []
    /// Index of the oldest point.
    private var head = 0
    private var pendingLow: [Float] = []
    private var pendingHigh: [Float] = []
    private var pendingFrames = 0
    private var orderedLow: [Float] = []
    private var orderedHigh: [Float] = []

    init(mode: WaveformPlot.Mode) {
        if case .rolling(let points, let framesPerPoint) = mode {
            self.points = max(2, points)
            self.framesPerPoint = max(1, framesPerPoint)
        } else {
            points = 2
            framesPerPoint = 1
        }
    }

    /// Sizes the ring for `channels`; a change of channel count restarts the history.
    func prepare(channels: Int) {
        guard channels != channelCount else { return }
        channelCount = channels
        low = Array(repeating: [Float](repeating: 0, count: points), count: channels)
        high = low
        head = 0
        pendingLow = [Float](repeating: .infinity, count: channels)
        pendingHigh = [Float](repeating: -.infinity, count: channels)
        pendingFrames = 0
        orderedLow = [Float](repeating: 0, count: points)
        orderedHigh = orderedLow
    }

    /// Folds `frames` frames (one pointer per channel) into the pending point, pushing a point each
    /// time `framesPerPoint` frames have arrived.
    func append(_ channels: UnsafeBufferPointer<UnsafePointer<Float>>, frames: Int) {
        let count = min(channels.count, channelCount)
        var frame = 0
        while frame < frames {
            let take = min(framesPerPoint - pendingFrames, frames - frame)
            for channel in 0..<count {
                let samples = channels[channel] + frame
                var lo = pendingLow[channel], hi = pendingHigh[channel]
                for index in 0..<take {
                    lo = min(lo, samples[index])
                    hi = max(hi, samples[index])
                }
                pendingLow[channel] = lo
                pendingHigh[channel] = hi
            }
            frame += take
            pendingFrames += take
            if pendingFrames == framesPerPoint { pushPending() }
        }
    }

    private func pushPending() {
        for channel in 0..<channelCount {
            let lo = pendingLow[channel], hi = pendingHigh[channel]
            low[channel][head] = lo.isFinite ? lo : 0
            high[channel][head] = hi.isFinite ? hi : 0
            pendingLow[channel] = .infinity
            pendingHigh[channel] = -.infinity
        }
        head = (head + 1) % points
        pendingFrames = 0
    }

    /// Calls `body` with the points of `channel`, oldest first.
    func withOrderedPoints(channel: Int, _ body: (UnsafePointer<Float>, UnsafePointer<Float>, Int) -> Void) {
        let tail = points - head
        for index in 0..<tail {
            orderedLow[index] = low[channel][head + index]
            orderedHigh[index] = high[channel][head + index]
        }
        for index in 0..<head {
            orderedLow[tail + index] = low[channel][index]
            orderedHigh[tail + index] = high[channel][index]
        }
        orderedLow.withUnsafeBufferPointer { lows in
            orderedHigh.withUnsafeBufferPointer { highs in
                guard let lowBase = lows.baseAddress, let highBase = highs.baseAddress else { return }
                body(lowBase, highBase, points)
            }
        }
    }
}
