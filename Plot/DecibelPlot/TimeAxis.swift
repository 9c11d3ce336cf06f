/// A strip of time ticks and labels (`0:30`, `1:00:00`, `0.250`) under a waveform.
struct TimeAxis {
    let duration: Double
    let color: PlotColor

    /// The tick spacings in seconds, shortest first: labels land on round times whatever the zoom.
    static let steps: [Double] = [
        0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
        7200, 14400,
    ]

    func draw(in canvas: PlotCanvas, x: Double, y: Double, width: Double, height: Double) {
        guard duration > 0, width > 0 else { return }
        let minimumSpacing = 90.0
        let step = Self.steps.first { $0 / duration * width >= minimumSpacing } ?? duration
        canvas.save()
        canvas.setColor(color.withAlpha(0.35))
        canvas.setLineWidth(1)
        canvas.move(to: x, y + 0.5)
        canvas.line(to: x + width, y + 0.5)
        canvas.stroke()
        var time = 0.0
        var index = 0
        while time <= duration + step * 1e-9 {
            let position = (x + time / duration * width).rounded(.down) + 0.5
            canvas.setColor(color.withAlpha(0.6))
            canvas.move(to: position, y)
            canvas.line(to: position, y + 4)
            canvas.stroke()
            canvas.setColor(color)
            let anchor: PlotCanvas.TextAnchor = index == 0 ? .left : (position > x + width - 30 ? .right : .center)
            canvas.text(
                Self.label(time, step: step),
                x: index == 0 ? position + 1 : (anchor == .right ? position - 2 : position), y: y + height - 4,
                size: 10, anchor: anchor)
            index += 1
            time = Double(index) * step
        }
        canvas.restore()
    }

    /// `m:ss` (or `h:mm:ss`), with as many decimals as the step needs.
    static func label(_ seconds: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : (step >= 0.1 ? 1 : (step >= 0.01 ? 2 : 3))
        let scale = [1.0, 10, 100, 1000][decimals]
        let total = (seconds * scale).rounded() / scale
        let whole = Int(total)
        let hours = whole / 3600, minutes = (whole / 60) % 60, secs = whole % 60
        var text = hours > 0 ? "\(hours):\(pad(minutes)):\(pad(secs))" : "\(minutes):\(pad(secs))"
        if decimals > 0 {
            let fraction = Int(((total - Double(whole)) * scale).rounded())
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        }
        return text
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
