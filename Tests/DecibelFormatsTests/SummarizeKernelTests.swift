import CDecibelSIMD
import Testing

/// The waveform summary kernel (both the picked one and the portable one) against a plain loop in Double.
@Suite struct SummarizeKernelTests {
    typealias Kernel = (
        UnsafePointer<Float>?, Int, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
        UnsafeMutablePointer<Double>?
    ) -> Void

    static func samples(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 40) / Double(1 << 24) * 2 - 1)
        }
    }

    static func check(_ kernel: Kernel, count: Int, offset: Int) {
        let values = samples(count + offset, seed: UInt64(count))
        let run = Array(values[offset...])
        var low: Float = 0.25, high: Float = -0.25, squares = 1.5  // a running summary to fold into
        run.withUnsafeBufferPointer { kernel($0.baseAddress, count, &low, &high, &squares) }
        let expectedLow = min(0.25, run.min() ?? .infinity), expectedHigh = max(-0.25, run.max() ?? -.infinity)
        let expectedSquares = 1.5 + run.reduce(0.0) { $0 + Double($1) * Double($1) }
        #expect(low == expectedLow, "count \(count): minimum \(low), expected \(expectedLow)")
        #expect(high == expectedHigh, "count \(count): maximum \(high), expected \(expectedHigh)")
        #expect(abs(squares - expectedSquares) <= 1e-6 * expectedSquares, "count \(count): squares \(squares)")
    }

    @Test(arguments: [0, 1, 7, 8, 15, 16, 17, 31, 33, 100, 4095, 4096, 4097, 100_003])
    func summaryMatchesAPlainLoop(count: Int) {
        for offset in [0, 1, 3] {  // unaligned starts too
            Self.check(decibel_summarize, count: count, offset: offset)
            Self.check(decibel_summarize_portable, count: count, offset: offset)
        }
    }

    @Test func nanSamplesAreSkipped() {
        for kernel in [decibel_summarize, decibel_summarize_portable] as [Kernel] {
            var values = Self.samples(40, seed: 5)
            values[3] = .nan
            values[20] = .nan
            var low = Float.infinity, high = -Float.infinity, squares = 0.0
            values.withUnsafeBufferPointer { kernel($0.baseAddress, 40, &low, &high, &squares) }
            let clean = values.filter { !$0.isNaN }
            #expect(low == clean.min())
            #expect(high == clean.max())
        }
    }
}
