import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Decibel's pan law, shared by the pan node, mixer inputs, channel groups and players.
///
/// A mono source is placed with the equal-power law: left = cos θ, right = sin θ with θ = (pan + 1)·π/4,
/// so the centre is -3 dB per side and the summed power is constant. A stereo source is balanced with
/// the equal-power balance law: the far side follows cos(|pan|·π/2) and the near side stays at unity,
/// so a centred stereo source passes unchanged and nested groups do not lose 3 dB per level.
public enum PanLaw {
    /// Left and right gains for `pan` (-1 … 1) applied to a source of `sourceChannels` channels.
    @inlinable
    public static func gains(pan: Float, sourceChannels: Int) -> (left: Float, right: Float) {
        let p = Double(min(max(pan, -1), 1))
        if sourceChannels == 1 {
            let theta = (p + 1) * Double.pi / 4
            return (Float(cos(theta)), Float(sin(theta)))
        }
        if p == 0 { return (1, 1) }
        let far = Float(cos(abs(p) * Double.pi / 2))
        return p > 0 ? (far, 1) : (1, far)
    }
}

extension AudioBufferView {
    /// The channel of this view that feeds output channel `channel` under Decibel's channel rule: a mono
    /// view feeds every channel, otherwise channel `c` feeds `c`, and missing channels are silent (`nil`).
    @inlinable @inline(__always)
    public func mappedChannel(_ channel: Int) -> UnsafeMutablePointer<Float>? {
        if channelCount == 1 { return samples(0) }
        return channel < channelCount ? samples(channel) : nil
    }
}

/// Hot loops shared by nodes: gain, pan and mix of one view into another.
enum GainPan {
    /// Writes (or, with `accumulate`, adds) `source` into `output` with `volume` × (1 − `mute`) × `gate`
    /// and, when `output` is stereo, `pan` (the balance law regardless of the source's channels when
    /// `balance` is set, as for group faders whose input is already in the group's layout). Advances the parameters by the block. Per-frame while a parameter ramps.
    ///
    /// `source` may be `output` itself when both have the same channels (each sample is read before it
    /// is written).
    @inline(__always)
    static func apply(
        source: AudioBufferView, output: AudioBufferView, frames: Int, volume: AudioParameter?, pan: AudioParameter?,
        mute: AudioParameter? = nil, gate: AudioParameter? = nil, balance: Bool = false, accumulate: Bool
    ) {
        let ramping =
            (volume?.isRamping ?? false) || (pan?.isRamping ?? false) || (mute?.isRamping ?? false)
            || (gate?.isRamping ?? false)
        let stereo = output.channelCount == 2 && pan != nil
        // No channels in: silence out, parameters advanced (the plan's SilenceKeeping root relies on it).
        if !accumulate && source.channelCount == 0 {
            output.clear()
            volume?.advance(frames); pan?.advance(frames); mute?.advance(frames); gate?.advance(frames)
            return
        }
        if !ramping {
            let gain = (volume?.renderValue ?? 1) * (1 - (mute?.renderValue ?? 0)) * (gate?.renderValue ?? 1)
            var g = (gain, gain)
            if stereo, let pan {
                let law = PanLaw.gains(pan: pan.renderValue, sourceChannels: balance ? 2 : source.channelCount)
                g = (gain * law.left, gain * law.right)
            }
            if output.channelCount == 2, let left = source.mappedChannel(0), let right = source.mappedChannel(1) {
                let outLeft = output.samples(0), outRight = output.samples(1)
                // In place at unity: nothing to do.
                if !accumulate && left == outLeft && right == outRight && g.0 == 1 && g.1 == 1 { return }
                StereoKernel.scale(
                    left: left, right: right, outputLeft: outLeft, outputRight: outRight, gains: g, frames: frames,
                    accumulate: accumulate)
                return
            }
            for channel in 0..<output.channelCount {
                let out = output.samples(channel)
                let channelGain = channel == 1 ? g.1 : g.0
                guard let input = source.mappedChannel(channel) else {
                    if !accumulate { out.update(repeating: 0, count: frames) }
                    continue
                }
                if accumulate {
                    for i in 0..<frames { out[i] += input[i] * channelGain }
                } else if input == out {
                    if channelGain != 1 { for i in 0..<frames { out[i] *= channelGain } }
                } else {
                    for i in 0..<frames { out[i] = input[i] * channelGain }
                }
            }
            return
        }
        let left = output.samples(0)
        let leftInput = source.mappedChannel(0)
        let right: UnsafeMutablePointer<Float>? = output.channelCount > 1 ? output.samples(1) : nil
        let rightInput = source.mappedChannel(1)
        for i in 0..<frames {
            let gain = (volume?.next() ?? 1) * (1 - (mute?.next() ?? 0)) * (gate?.next() ?? 1)
            var g = (gain, gain)
            if let pan {
                let value = pan.next()
                if stereo {
                    let law = PanLaw.gains(pan: value, sourceChannels: balance ? 2 : source.channelCount)
                    g = (gain * law.left, gain * law.right)
                }
            }
            let l = (leftInput?[i] ?? 0) * g.0
            if accumulate { left[i] += l } else { left[i] = l }
            if let right {
                let r = (rightInput?[i] ?? 0) * g.1
                if accumulate { right[i] += r } else { right[i] = r }
            }
            if output.channelCount > 2 {
                for channel in 2..<output.channelCount {
                    let value = (source.mappedChannel(channel)?[i] ?? 0) * gain
                    if accumulate { output.samples(channel)[i] += value } else { output.samples(channel)[i] = value }
                }
            }
        }
    }
}
