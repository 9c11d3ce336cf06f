/// The step every backend's render path takes once, on the control thread, before its first real-time
/// callback: one cycle of Decibel's own work on the stream's buffers without the user's callback.
///
/// The Swift runtime does some work on first use (type metadata in debug builds, lazy globals) that takes
/// a lock; done in a real-time section it would be reported by the RealtimeSanitizer check and could cost
/// the first period. A backend's renderer conforms and calls ``warmUp(frames:)`` once, when it is made.
public protocol RenderWarmUp: AnyObject {
    /// Runs one cycle of `frames` frames of the render path, on scratch or the stream's own buffers,
    /// without calling the user's render callback and without counting an xrun.
    func runCycleWithoutCallback(frames: Int)
    /// Forgets what that cycle left behind: sample times, rings, generators' phases.
    func forgetWarmUpCycle()
}

extension RenderWarmUp {
    /// Warms the render path up: arms the RealtimeSanitizer check, runs one silent cycle, forgets it.
    public func warmUp(frames: Int) {
        RealtimeSanitizer.prepare()
        runCycleWithoutCallback(frames: max(1, frames))
        forgetWarmUpCycle()
    }
}
