/// Draws per-column minima/maxima as one anti-aliased polygon or outline, so adjacent columns always
/// join (no gaps) and the cost is one vertex per column whatever the number of samples behind it.
struct EnvelopePainter {
    let style: WaveformStyle
    /// Fill shapes in images as column spans (off only to compare with Cairo's own fill in tests).
    var usesColumnSpans = true
    /// The width of one column in user units: 1 / the canvas's `pixelScale`, so a column is a pixel.
    var columnWidth = 1.0

    /// The rectangles (x, y, width, height) of each channel's lane inside `width` × `height`.
    func lanes(channels: Int, x: Double, y: Double, width: Double, height: Double) -> [(Double, Double, Double, Double)]
    {
        guard channels > 1, style.channelLayout == .lanes else {
            return Array(repeating: (x, y, width, height), count: max(1, channels))
        }
        let gap = style.laneGap
        let laneHeight = max(1, (height - gap * Double(channels - 1)) / Double(channels))
        return (0..<channels).map { (x, y + Double($0) * (laneHeight + gap), width, laneHeight) }
    }

    /// The y of a lane's centre line, on a pixel centre for odd line widths so silence draws crisply.
    func centre(top: Double, height: Double) -> Double {
        let middle = top + height / 2
        let width = Int(style.lineWidth.rounded())
        return width % 2 == 1 ? middle.rounded(.down) + 0.5 : middle.rounded()
    }

    /// Draws `low`/`high` (one pair per column of `columnWidth`, starting at `x`) into a lane.
    func paint(
        _ canvas: PlotCanvas, low: [Float], high: [Float], lane: (Double, Double, Double, Double), color: PlotColor
    ) {
        let (x, top, _, height) = lane
        let columns = min(low.count, high.count)
        guard columns > 0 else { return }
        let middle = centre(top: top, height: height)
        let half = max(0.5, height / 2 - style.lineWidth / 2)
        let gain = style.gain
        func y(_ value: Float) -> Double {
            let scaled = value * gain
            return scaled.isNaN ? middle : middle - Double(min(1, max(-1, scaled))) * half
        }
        var upper = [Double](repeating: 0, count: columns), lower = upper
        for column in 0..<columns {
            var lo = low[column], hi = high[column]
            if !style.fill && !style.mirror {
                // A line: reach halfway to each neighbour so steep segments stay joined as one shape.
                for neighbour in [column - 1, column + 1] where neighbour >= 0 && neighbour < columns {
                    lo = min(lo, (low[column] + low[neighbour]) / 2)
                    hi = max(hi, (high[column] + high[neighbour]) / 2)
                }
            }
            if style.mirror {
                let amplitude = max(abs(lo), abs(hi))
                upper[column] = y(amplitude)
                lower[column] = y(-amplitude)
            } else if style.fill {
                upper[column] = y(max(hi, 0))
                lower[column] = y(min(lo, 0))
            } else {
                upper[column] = y(hi)
                lower[column] = y(lo)
            }
        }
        canvas.save()
        canvas.clip(x: lane.0, y: top, width: lane.2, height: height)
        canvas.setColor(color)
        if style.mirror && !style.fill {
            canvas.setLineWidth(style.lineWidth)
            canvas.setRoundJoins(true)
            trace(canvas, upper, x: x, closing: false)
            canvas.stroke()
            trace(canvas, lower, x: x, closing: false)
            canvas.stroke()
        } else {
            // One filled shape, widened by half the line width on each side: it looks like a stroke of
            // `lineWidth` (silence is a line that thick) at the cost of a single fill.
            let widen = style.lineWidth / 2
            for column in 0..<columns {
                upper[column] -= widen
                lower[column] += widen
            }
            // In an image whose pixels are the columns, one span per column written straight into the
            // pixels; elsewhere a path.
            let spans =
                usesColumnSpans
                && canvas.withColumnSpans { rasterizer, pixels in
                    let left = pixels.x(x)
                    guard abs(left - left.rounded()) < 1e-6, abs(columnWidth * pixels.scale - 1) < 1e-9 else {
                        return false
                    }
                    rasterizer.fill(
                        x: Int(left.rounded()), upper: upper.map(pixels.y), lower: lower.map(pixels.y), color: color)
                    return true
                }
            if !spans {
                trace(canvas, upper, x: x, closing: false)
                traceBack(canvas, lower, x: x)
                canvas.closePath()
                canvas.fill()
            }
        }
        canvas.restore()
    }

    /// Vertices at column centres, plus the outer edges so the shape spans the whole lane.
    private func trace(_ canvas: PlotCanvas, _ ys: [Double], x: Double, closing: Bool) {
        canvas.move(to: x, ys[0])
        for (column, value) in ys.enumerated() { canvas.line(to: x + (Double(column) + 0.5) * columnWidth, value) }
        canvas.line(to: x + Double(ys.count) * columnWidth, ys[ys.count - 1])
    }

    private func traceBack(_ canvas: PlotCanvas, _ ys: [Double], x: Double) {
        canvas.line(to: x + Double(ys.count) * columnWidth, ys[ys.count - 1])
        for column in stride(from: ys.count - 1, through: 0, by: -1) {
            canvas.line(to: x + (Double(column) + 0.5) * columnWidth, ys[column])
        }
        canvas.line(to: x, ys[0])
    }
}
