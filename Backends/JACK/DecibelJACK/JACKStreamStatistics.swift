/// Counters a JACK stream keeps about its own callbacks.
public struct JACKStreamStatistics: Sendable, Hashable {
    /// Process callbacks run since the stream opened.
    public var callbacks: Int
    /// The longest time one process callback took (Decibel's part plus the render callback).
    public var worstCallbackNanoseconds: UInt64
    /// Callbacks that took longer than one period (on a thread without real-time priority, mostly
    /// preemption by other programs).
    public var callbacksOverPeriod: Int
    /// Frames in the most recent callback.
    public var lastFrameCount: Int
    /// The server's period now.
    public var bufferSize: Int
    /// The server's rate now.
    public var sampleRate: Double
    /// Xruns the server reported since the stream opened.
    public var xruns: Int

    /// The worst callback duration as a fraction of one period (1.0 means it used the whole period).
    public var worstCallbackFractionOfPeriod: Double {
        guard bufferSize > 0, sampleRate > 0 else { return 0 }
        return Double(worstCallbackNanoseconds) / (Double(bufferSize) / sampleRate * 1e9)
    }
}
