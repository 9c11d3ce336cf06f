/// Reduces any number of points to one minimum/maximum pair per pixel column, in one pass.
///
/// With at least as many points as columns, column `c` takes the exact min/max of the points that fall
/// into it, so a million samples cost one linear scan and then draw as `width` vertices. With fewer
/// points than columns, each column gets the linearly interpolated value at its centre (min = max), so
/// a short buffer draws as a smooth line rather than a staircase.
enum ColumnReducer {
    /// Reduces `count` points, given as `low`/`high` pairs (pass the same pointer twice for raw samples),
    /// into `columns` pairs written to `outLow`/`outHigh`.
    static func reduce(
        low: UnsafePointer<Float>, high: UnsafePointer<Float>, count: Int,
        columns: Int, outLow: UnsafeMutablePointer<Float>, outHigh: UnsafeMutablePointer<Float>
    ) {
        guard columns > 0 else { return }
        guard count > 1 else {
            let value = count == 1 ? (low[0], high[0]) : (Float(0), Float(0))
            outLow.update(repeating: value.0, count: columns)
            outHigh.update(repeating: value.1, count: columns)
            return
        }
        if count >= columns {
            for column in 0..<columns {
                let start = column * count / columns
                let end = max(start + 1, (column + 1) * count / columns)
                var lo = low[start], hi = high[start]
                for index in (start + 1)..<end {
                    lo = min(lo, low[index])
                    hi = max(hi, high[index])
                }
                outLow[column] = lo
                outHigh[column] = hi
            }
        } else {
            let scale = Double(count) / Double(columns)
            for column in 0..<columns {
                let position = min(max(0, (Double(column) + 0.5) * scale - 0.5), Double(count - 1))
                let index = min(Int(position), count - 2)
                let fraction = Float(position - Double(index))
                outLow[column] = low[index] + (low[index + 1] - low[index]) * fraction
                outHigh[column] = high[index] + (high[index + 1] - high[index]) * fraction
            }
        }
    }
}

/// Per-channel column minima and maxima for one drawing, kept between frames so a live plot
/// reallocates only when its width or channel count changes.
final class ColumnEnvelope {
    private(set) var columns = 0
    private(set) var low: [[Float]] = []
    private(set) var high: [[Float]] = []

    /// Makes room for `channels` × `columns` pairs.
    func resize(channels: Int, columns: Int) {
        guard channels != low.count || columns != self.columns else { return }
        self.columns = columns
        low = Array(repeating: [Float](repeating: 0, count: columns), count: channels)
        high = low
    }

    /// Fills `channel` from `count` points (`low`/`high` pairs).
    func reduce(channel: Int, low source: UnsafePointer<Float>, high sourceHigh: UnsafePointer<Float>, count: Int) {
        low[channel].withUnsafeMutableBufferPointer { outLow in
            high[channel].withUnsafeMutableBufferPointer { outHigh in
                guard let lowBase = outLow.baseAddress, let highBase = outHigh.baseAddress else { return }
                ColumnReducer.reduce(
                    low: source, high: sourceHigh, count: count, columns: columns, outLow: lowBase, outHigh: highBase)
            }
        }
    }
}
