/// Meter readings matched to the position being heard rather than the one being rendered: a player's buffer
/// on PulseAudio is two seconds deep, and a meter read at render time would run that far ahead of the sound.
public struct HeardLevels: Sendable {
    /// Positions are seconds into a file of this length; one that goes back by more than half of it has
    /// started the file over (a loop, or the player's rewind at the end) and counts on from the end.
    public let duration: Double
    private var readings: [(end: Double, peaks: [Float])] = []
    private var rendered = Position(), heard = Position()

    /// Readings of a file `duration` seconds long.
    public init(duration: Double) { self.duration = duration }

    /// Records the peaks of the audio rendered up to `position`. Readings at the same position measured the
    /// same audio (a look between two render bursts reads silence there, and a burst can land between a
    /// look's peak and its position): they are one reading, the loudest of them.
    public mutating func add(_ peaks: [Float], renderedUpTo position: Double) {
        let end = rendered.advance(to: position, duration: duration)
        if let last = readings.last, last.end == end {
            readings[readings.count - 1].peaks = zip(last.peaks, peaks).map { max($0, $1) }
        } else {
            readings.append((end, peaks))
        }
    }

    /// The peaks of the reading that holds the audio heard at `position` (the latest reading once the
    /// position is past them all; silence before any). Readings heard already are dropped.
    public mutating func peaks(heardAt position: Double) -> [Float] {
        let time = heard.advance(to: position, duration: duration)
        guard let index = readings.firstIndex(where: { $0.end >= time }) else {
            return readings.last?.peaks ?? [-.infinity, -.infinity]
        }
        readings.removeFirst(index)
        return readings[0].peaks
    }

    /// A position in a file that may start over, counted on across the starts.
    private struct Position: Sendable {
        var laps = 0.0, last = 0.0

        mutating func advance(to position: Double, duration: Double) -> Double {
            if position < last - duration / 2 { laps += 1 }
            last = position
            return laps * duration + position
        }
    }
}
