import CDecibelFFT
import DecibelAnalysis
import DecibelTestSupport
import Foundation
import Testing

/// RealFFT against a direct DFT computed in Double here and against numpy's rfft (float64), on noise:
/// the largest error over all bins, relative to the largest bin, must stay below 1e-5.
@Suite struct RealFFTTests {
    /// A spectrum as real and imaginary parts, `size / 2 + 1` each.
    struct Bins {
        var real: [Double]
        var imaginary: [Double]
    }

    static func noise(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 40) / Double(1 << 24) - 0.5)
        }
    }

    /// Bins `bins` of the DFT of `input`, in Double, with each twiddle computed directly.
    static func directDFT(_ input: [Float], bins: [Int]) -> Bins {
        let count = input.count
        let step = -2 * Double.pi / Double(count)
        // The cosine and sine of each of the N angles, once: the same values each term computed before, without
        // two libm calls per term in a debug build (48 s of the offline suite, this test its longest).
        var cosines = [Double](repeating: 0, count: count), sines = cosines
        for k in 0..<count {
            cosines[k] = cos(step * Double(k))
            sines[k] = sin(step * Double(k))
        }
        var result = Bins(real: [], imaginary: [])
        input.withUnsafeBufferPointer { samples in
            cosines.withUnsafeBufferPointer { cosines in
                sines.withUnsafeBufferPointer { sines in
                    for bin in bins {
                        var real = 0.0, imaginary = 0.0
                        var n = 0, angle = 0  // angle = (bin * n) % count, kept by adding
                        while n < count {
                            real += Double(samples[n]) * cosines[angle]
                            imaginary += Double(samples[n]) * sines[angle]
                            angle += bin
                            if angle >= count { angle -= count }
                            n += 1
                        }
                        result.real.append(real)
                        result.imaginary.append(imaginary)
                    }
                }
            }
        }
        return result
    }

    /// Largest |ours − reference| over the bins, divided by the largest |reference|.
    static func relativeError(_ real: [Float], _ imaginary: [Float], at bins: [Int], reference: Bins) -> Double {
        var error = 0.0, largest = 0.0
        for (index, bin) in bins.enumerated() {
            let dr = Double(real[bin]) - reference.real[index], di = Double(imaginary[bin]) - reference.imaginary[index]
            error = max(error, (dr * dr + di * di).squareRoot())
            largest = max(largest, hypot(reference.real[index], reference.imaginary[index]))
        }
        return error / largest
    }

    static func transform(_ fft: RealFFT, _ input: [Float]) -> (real: [Float], imaginary: [Float]) {
        var real = [Float](repeating: .nan, count: fft.binCount), imaginary = real
        input.withUnsafeBufferPointer { fft.transform($0.baseAddress!, real: &real, imaginary: &imaginary) }
        return (real, imaginary)
    }

    /// Every bin up to 4096 points; beyond, 97 bins spread over the spectrum, the ends included.
    static func checkedBins(_ size: Int) -> [Int] {
        size <= 4096
            ? Array(0...(size / 2)) : Array(stride(from: 0, through: size / 2, by: size / 192)) + [size / 2 - 1]
    }

    @Test(arguments: [64, 128, 256, 512, 1024, 2048, 4096, 16384, 100, 3072])
    func transformMatchesDirectDFT(size: Int) throws {
        let fft = try RealFFT(size: size)
        let input = Self.noise(size, seed: UInt64(size))
        let (real, imaginary) = Self.transform(fft, input)
        let bins = Self.checkedBins(size)
        let error = Self.relativeError(real, imaginary, at: bins, reference: Self.directDFT(input, bins: bins))
        #expect(error < 1e-5, "size \(size): relative error \(error)")
    }

    /// The baseline kernels (what a CPU without AVX2 runs), checked the same way through the C API.
    @Test(arguments: [64, 512, 2048, 8192])
    func portableKernelsMatchDirectDFT(size: Int) throws {
        let plan = try #require(decibel_fft_create_portable(Int32(size)))
        defer { decibel_fft_destroy(plan) }
        #expect(decibel_fft_uses_avx2(plan) == 0)
        let input = Self.noise(size, seed: 7)
        var real = [Float](repeating: .nan, count: size / 2 + 1), imaginary = real
        decibel_fft_forward(plan, input, &real, &imaginary)
        let bins = Self.checkedBins(size)
        let error = Self.relativeError(real, imaginary, at: bins, reference: Self.directDFT(input, bins: bins))
        #expect(error < 1e-5, "size \(size): relative error \(error)")
        var output = [Float](repeating: .nan, count: size)
        decibel_fft_inverse(plan, real, imaginary, &output)
        let roundTrip = zip(output, input).map { abs(Double($0) / Double(size) - Double($1)) }.max() ?? .nan
        #expect(roundTrip < 1e-5, "size \(size): round trip error \(roundTrip)")
    }

    @Test(arguments: [64, 1024, 4096, 65536, 6, 100, 3072])
    func inverseRestoresTheInput(size: Int) throws {
        let fft = try RealFFT(size: size)
        let input = Self.noise(size, seed: 11)
        let (real, imaginary) = Self.transform(fft, input)
        var output = [Float](repeating: .nan, count: size)
        fft.inverse(real: real, imaginary: imaginary, into: &output)
        let error = zip(output, input).map { abs(Double($0) / Double(size) - Double($1)) }.max() ?? .nan
        #expect(error < 1e-5, "size \(size): round trip error \(error)")
    }

    @Test func transformMatchesNumpy() throws {
        let directory = TestEnvironment.temporaryDirectory("fft")
        for size in [64, 1024, 4096, 65536, 3072] {
            let input = Self.noise(size, seed: 99 &+ UInt64(size))
            let inputPath = directory.appendingPathComponent("in-\(size).f32").path
            let outputPath = directory.appendingPathComponent("out-\(size).f64").path
            try input.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: inputPath)) }
            let script = """
                import sys, numpy as np
                x = np.fromfile(sys.argv[1], dtype='<f4').astype(np.float64)
                X = np.fft.rfft(x)
                np.stack([X.real, X.imag]).astype('<f8').tofile(sys.argv[2])
                """
            let result = try run("python3", ["-c", script, inputPath, outputPath])
            try #require(result.status == 0, "numpy: \(result.standardError)")
            let values = try Data(contentsOf: URL(fileURLWithPath: outputPath)).withUnsafeBytes {
                Array($0.bindMemory(to: Double.self))
            }
            let binCount = size / 2 + 1
            try #require(values.count == 2 * binCount)
            let reference = Bins(real: Array(values[..<binCount]), imaginary: Array(values[binCount...]))
            let (real, imaginary) = Self.transform(try RealFFT(size: size), input)
            let error = Self.relativeError(real, imaginary, at: Array(0..<binCount), reference: reference)
            #expect(error < 1e-5, "size \(size): relative error against numpy \(error)")
        }
    }

    @Test func fullScaleSineReadsHalfTheSizeInItsBin() throws {
        let size = 1024, bin = 37
        let fft = try RealFFT(size: size)
        let input = (0..<size).map { Float(sin(2 * Double.pi * Double(bin * $0) / Double(size))) }
        var magnitudes = [Float](repeating: 0, count: fft.binCount)
        input.withUnsafeBufferPointer { fft.magnitudes($0.baseAddress!, into: &magnitudes) }
        #expect(abs(magnitudes[bin] - Float(size / 2)) < 1e-3)
        #expect(magnitudes.enumerated().filter { $0.offset != bin }.allSatisfy { $0.element < 1e-2 })
    }
}
