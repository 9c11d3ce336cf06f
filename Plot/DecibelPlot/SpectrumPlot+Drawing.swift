extension SpectrumPlot {
    /// Draws the background, grid and spectrum (analysing frames from `append` first).
    public func draw(in canvas: PlotCanvas, size: PlotSize) {
        analyzeRecentIfNeeded()
        canvas.clear(background)
        let left = showsGrid ? 34.0 : 0, bottom = showsGrid ? 16.0 : 0
        let area = (
            x: left, y: 4.0, width: max(1, Double(size.width) - left - 4),
            height: max(1, Double(size.height) - bottom - 4)
        )
        if showsGrid { drawGrid(canvas, area: area) }
        let range = decibelRange
        func y(_ decibels: Float) -> Double {
            let fraction = Double(
                (min(max(decibels, range.lowerBound), range.upperBound) - range.lowerBound)
                    / (range.upperBound - range.lowerBound))
            return area.y + area.height * (1 - fraction)
        }
        canvas.save()
        canvas.clip(x: area.x, y: area.y, width: area.width, height: area.height)
        switch shape {
        case .bars:
            let count = max(1, barCount)
            let barWidth = area.width / Double(count)
            let gap = barWidth >= 4 ? max(1, (barWidth * 0.15).rounded()) : 0
            canvas.setColor(color)
            for bar in 0..<count {
                let start = Double(bar) / Double(count), end = Double(bar + 1) / Double(count)
                let top = y(level(from: frequency(at: start), to: frequency(at: end)))
                let x0 = (area.x + start * area.width).rounded(), x1 = (area.x + end * area.width).rounded() - gap
                canvas.rectangle(x: x0, y: top, width: max(1, x1 - x0), height: area.y + area.height - top)
            }
            canvas.fill()
        case .line:
            // One point per pixel column: twice as many at scale 2.
            let columns = max(1, Int((area.width * canvas.pixelScale).rounded()))
            let columnWidth = area.width / Double(columns)
            var points: [(Double, Double)] = []
            for column in 0..<columns {
                let start = Double(column) / Double(columns), end = Double(column + 1) / Double(columns)
                points.append(
                    (
                        area.x + (Double(column) + 0.5) * columnWidth,
                        y(level(from: frequency(at: start), to: frequency(at: end)))
                    ))
            }
            canvas.move(to: area.x, area.y + area.height)
            for (px, py) in points { canvas.line(to: px, py) }
            canvas.line(to: area.x + area.width, area.y + area.height)
            canvas.closePath()
            canvas.setColor(color.withAlpha(color.alpha * 0.3))
            canvas.fill()
            canvas.move(to: points[0].0, points[0].1)
            for (px, py) in points.dropFirst() { canvas.line(to: px, py) }
            canvas.setColor(color)
            canvas.setLineWidth(1.5)
            canvas.setRoundJoins(true)
            canvas.stroke()
        }
        canvas.restore()
    }

    private func drawGrid(_ canvas: PlotCanvas, area: (x: Double, y: Double, width: Double, height: Double)) {
        canvas.setLineWidth(1)
        let range = decibelRange
        let step: Float = (range.upperBound - range.lowerBound) > 60 ? 20 : 10
        var level = (range.upperBound / step).rounded(.down) * step
        while level >= range.lowerBound {
            let fraction = Double((level - range.lowerBound) / (range.upperBound - range.lowerBound))
            let y = (area.y + area.height * (1 - fraction)).rounded(.down) + 0.5
            canvas.setColor(axisColor.withAlpha(0.18))
            canvas.move(to: area.x, y)
            canvas.line(to: area.x + area.width, y)
            canvas.stroke()
            canvas.setColor(axisColor)
            canvas.text("\(Int(level))", x: area.x - 4, y: y + 3.5, size: 10, anchor: .right)
            level -= step
        }
        for frequency in gridFrequencies() {
            let fraction = position(of: frequency)
            guard fraction >= 0, fraction <= 1 else { continue }
            let x = (area.x + fraction * area.width).rounded(.down) + 0.5
            canvas.setColor(axisColor.withAlpha(0.18))
            canvas.move(to: x, area.y)
            canvas.line(to: x, area.y + area.height)
            canvas.stroke()
            canvas.setColor(axisColor)
            let label = frequency >= 1000 ? "\(Int(frequency / 1000))k" : "\(Int(frequency))"
            canvas.text(label, x: x, y: area.y + area.height + 12, size: 10, anchor: .center)
        }
    }

    private func gridFrequencies() -> [Double] {
        let range = visibleFrequencies
        switch frequencyScale {
        case .logarithmic:
            return [20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000].filter { range.contains($0) }
        case .linear:
            let span = range.upperBound - range.lowerBound
            let step = [100.0, 200, 500, 1000, 2000, 5000, 10000].first { span / $0 <= 8 } ?? 10000
            var values: [Double] = []
            var frequency = (range.lowerBound / step).rounded(.up) * step
            while frequency <= range.upperBound { values.append(frequency); frequency += step }
            return values
        }
    }
}
