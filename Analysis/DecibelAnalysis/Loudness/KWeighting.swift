#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The K-weighting filter of ITU-R BS.1770: a high shelf (+4 dB above about 1.7 kHz, the head's effect)
/// then a high-pass (the RLB curve, below about 38 Hz), as two biquads designed for any sample rate. At
/// 48 kHz the coefficients are the standard's own to eight digits.
struct KWeighting {
    struct Biquad {
        var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
        var z1 = 0.0, z2 = 0.0

        @inline(__always)
        mutating func process(_ x: Double) -> Double {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            return y
        }
    }

    var shelf = Biquad()
    var highPass = Biquad()

    init(sampleRate: Double) {
        // Pre-filter: a high shelf (constants from the analog prototype that reproduces the 48 kHz table).
        var k = tan(Double.pi * 1_681.974450955533 / sampleRate)
        var q = 0.7071752369554196
        let gain = pow(10, 3.999843853973347 / 20)
        let bandGain = pow(gain, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf.b0 = (gain + bandGain * k / q + k * k) / a0
        shelf.b1 = 2 * (k * k - gain) / a0
        shelf.b2 = (gain - bandGain * k / q + k * k) / a0
        shelf.a1 = 2 * (k * k - 1) / a0
        shelf.a2 = (1 - k / q + k * k) / a0
        // RLB: a second-order high-pass with numerator 1, -2, 1 as in the standard.
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        a0 = 1 + k / q + k * k
        highPass.b0 = 1
        highPass.b1 = -2
        highPass.b2 = 1
        highPass.a1 = 2 * (k * k - 1) / a0
        highPass.a2 = (1 - k / q + k * k) / a0
    }

    @inline(__always)
    mutating func process(_ x: Double) -> Double { highPass.process(shelf.process(x)) }

    mutating func reset() {
        shelf.z1 = 0
        shelf.z2 = 0
        highPass.z1 = 0
        highPass.z2 = 0
    }
}
