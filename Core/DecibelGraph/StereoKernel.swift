/// The stereo gain loop shared by the nodes' hot paths: both channels in one pass.
///
/// Two passes, one per channel, paid each loop's set-up twice and kept fewer loads in flight: a gain over
/// 64 stereo frames took 29 ns as two loops against 14 ns as one (C, the same machine), and the chain of
/// gains in graph-bench spent most of its time there. Explicit 4-float vectors, not the auto-vectoriser:
/// it would guard four pointers that may alias (an in-place gain) and fall back to scalar code.
enum StereoKernel {
    /// Writes (or, with `accumulate`, adds) `left` × `gains.left` and `right` × `gains.right` into `outputLeft`
    /// and `outputRight` over `frames` frames. Each output may be its own input (each vector is read before
    /// it is written); `left` and `right` may be the same channel (a mono source). The arithmetic is the
    /// scalar loop's, so results are bit-identical to it.
    @inline(__always)
    static func scale(
        left: UnsafePointer<Float>, right: UnsafePointer<Float>, outputLeft: UnsafeMutablePointer<Float>,
        outputRight: UnsafeMutablePointer<Float>, gains: (left: Float, right: Float), frames: Int, accumulate: Bool
    ) {
        let inLeft = UnsafeRawPointer(left), inRight = UnsafeRawPointer(right)
        let outLeft = UnsafeMutableRawPointer(outputLeft), outRight = UnsafeMutableRawPointer(outputRight)
        let gainLeft = SIMD4<Float>(repeating: gains.left), gainRight = SIMD4<Float>(repeating: gains.right)
        var frame = 0
        while frame &+ 8 <= frames {
            let offset = frame &* 4
            var l0 = inLeft.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * gainLeft
            var l1 = inLeft.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self) * gainLeft
            var r0 = inRight.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * gainRight
            var r1 = inRight.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self) * gainRight
            if accumulate {
                l0 = outLeft.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) + l0
                l1 = outLeft.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self) + l1
                r0 = outRight.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) + r0
                r1 = outRight.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self) + r1
            }
            outLeft.storeBytes(of: l0, toByteOffset: offset, as: SIMD4<Float>.self)
            outLeft.storeBytes(of: l1, toByteOffset: offset &+ 16, as: SIMD4<Float>.self)
            outRight.storeBytes(of: r0, toByteOffset: offset, as: SIMD4<Float>.self)
            outRight.storeBytes(of: r1, toByteOffset: offset &+ 16, as: SIMD4<Float>.self)
            frame &+= 8
        }
        while frame < frames {
            let l = left[frame] * gains.left, r = right[frame] * gains.right
            if accumulate {
                outputLeft[frame] += l
                outputRight[frame] += r
            } else {
                outputLeft[frame] = l
                outputRight[frame] = r
            }
            frame &+= 1
        }
    }
}
