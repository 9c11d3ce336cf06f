import CDecibelSIMD

/// The stereo gain loop shared by the nodes' hot paths: both channels in one pass.
///
/// Two passes, one per channel, paid each loop's set-up twice and kept fewer loads in flight: a gain over
/// 64 stereo frames took 29 ns as two loops against 14 ns as one (C, the same machine), and the chain of
/// gains in graph-bench spent most of its time there. The loop is C's `decibel_scale_stereo`, explicit
/// 4-float vectors: Swift's SIMD types are generic, and a debug build would instantiate their metadata (a
/// lock) on the render thread; the auto-vectoriser would guard four pointers that may alias (an in-place
/// gain) and fall back to scalar code.
enum StereoKernel {
    /// Writes (or, with `accumulate`, adds) `left` × `gains.left` and `right` × `gains.right` into `outputLeft`
    /// and `outputRight` over `frames` frames. Each output may be its own input; `left` and `right` may be
    /// the same channel (a mono source). Each sample is the scalar loop's arithmetic, so results are
    /// bit-identical to it.
    @inline(__always)
    static func scale(
        left: UnsafePointer<Float>, right: UnsafePointer<Float>, outputLeft: UnsafeMutablePointer<Float>,
        outputRight: UnsafeMutablePointer<Float>, gains: (left: Float, right: Float), frames: Int, accumulate: Bool
    ) {
        decibel_scale_stereo(
            left, right, outputLeft, outputRight, gains.left, gains.right, frames, accumulate ? 1 : 0)
    }
}
