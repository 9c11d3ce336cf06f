import DecibelPlot
import DecibelTestSupport
import Foundation

/// Generated signals and pixel helpers shared by the plot tests.
enum Signals {
    static func sine(
        frequency: Double, amplitude: Float = 1, frames: Int, sampleRate: Double = 48_000, phase: Double = 0
    ) -> [Float] {
        (0..<frames).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / sampleRate + phase)) }
    }

    /// A square wave of `period` frames between -1 and +1.
    static func square(period: Int, frames: Int) -> [Float] {
        (0..<frames).map { ($0 % period) < period / 2 ? 1 : -1 }
    }
}

extension PlotImage {
    /// Whether the pixel at (x, y) is `color` within `tolerance` (0...255) on every component.
    func matches(x: Int, y: Int, _ color: PlotColor, tolerance: Int = 2) -> Bool {
        let actual = self.color(x: x, y: y).rgba8, expected = color.rgba8
        return abs(Int(actual.red) - Int(expected.red)) <= tolerance
            && abs(Int(actual.green) - Int(expected.green)) <= tolerance
            && abs(Int(actual.blue) - Int(expected.blue)) <= tolerance
            && abs(Int(actual.alpha) - Int(expected.alpha)) <= tolerance
    }

    /// Rows in which every pixel of column `x` differs from `background`.
    func inkedRows(x: Int, background: PlotColor) -> [Int] {
        (0..<height).filter { !matches(x: x, y: $0, background) }
    }

    /// Per-component absolute differences to `other` (same size): mean, and the share of pixels whose
    /// largest component difference exceeds `limit`.
    func difference(to other: PlotImage, limit: Int) -> (mean: Double, overLimit: Double) {
        var total = 0, over = 0
        for index in pixels.indices {
            let a = pixels[index], b = other.pixels[index]
            var largest = 0
            for shift in [0, 8, 16, 24] as [UInt32] {
                let delta = abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff))
                total += delta
                largest = max(largest, delta)
            }
            if largest > limit { over += 1 }
        }
        return (Double(total) / Double(pixels.count * 4), Double(over) / Double(pixels.count))
    }
}
