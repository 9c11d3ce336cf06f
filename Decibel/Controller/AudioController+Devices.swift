import DecibelCore

extension AudioController {
    /// Moves playback to `device` (`nil`: the default output) without touching the parts: a stream opens
    /// on the new device at the controller's rate and, if it was running, runs on. The old device is
    /// released first, so a device that allows one client at a time works too; when the new one cannot be
    /// opened the controller opens the old one again (running on if it was) before throwing, so a mistyped
    /// id loses nothing. Posts `outputDeviceChanged`.
    /// - Throws: `AudioError` of kind `invalidState` after `close()` or for a controller with no output,
    ///   `backendError` when JACK cannot stop the old stream; opening the new one, `deviceNotFound` for an unknown
    ///   `device`, `backendUnavailable` when the backend's library or server is missing,
    ///   `unsupportedConfiguration` when the device refuses even its own rate and channels (or PulseAudio refuses
    ///   the stream), `timedOut` when the server does not answer in time, `streamInvalidated` when the server or
    ///   device goes away, or `backendError` when the backend's library fails or a thread cannot start; starting
    ///   it, the same kinds.
    public func setOutputDevice(_ device: String?) throws(AudioError) {
        guard channelCount > 0 else {
            throw AudioError(.invalidState, "this controller only captures; it has no output device to set")
        }
        try reopen { state in
            state.outputDevice = device
            return true
        }
        observers.post(.outputDeviceChanged(device))
    }

    /// Moves capture to `device` (`nil`: the default input), as `setOutputDevice(_:)` does for playback; a
    /// controller whose input is not open yet only remembers the device. Posts `inputDeviceChanged`.
    /// - Throws: `AudioError` of the kinds `setOutputDevice(_:)` throws (not `invalidState` for a capture-only
    ///   controller).
    public func setInputDevice(_ device: String?) throws(AudioError) {
        try reopen { state in
            state.inputDevice = device
            return state.usesInput
        }
        observers.post(.inputDeviceChanged(device))
    }

    /// Applies `change` to what the stream is opened with and, when it returns true, opens the stream
    /// again so, running on if the app had it running (even when the old stream was lost). Returns whether
    /// it reopened. The streams are stopped, opened and started outside `current`'s lock: a stream event
    /// handler that reads `stream` meanwhile must not wait on it. `switching` keeps two switches apart.
    /// - Throws: `AudioError` of kind `invalidState` after `close()`, or what stopping, opening or starting throws.
    @discardableResult
    func reopen(_ change: (inout Current) -> Bool) throws(AudioError) -> Bool {
        try switching.withLock { (_: inout Void) throws(AudioError) -> Bool in
            let old = current.withLock { $0 }
            guard !old.closed else { throw AudioError(.invalidState, "the controller is closed; create another") }
            var new = old
            guard change(&new) else {
                current.withLock { $0 = new }
                return false
            }
            if old.stream.state == .running { try old.stream.stop() }
            old.stream.close()
            do throws(AudioError) {
                new.stream = try open(new)
            } catch {
                if let back = try? open(old) {
                    current.withLock { $0.stream = back }
                    if old.running { try? back.start() }
                }
                throw error
            }
            current.withLock { $0 = new }
            if new.running { try new.stream.start() }
            return true
        }
    }

    private func open(_ state: Current) throws(AudioError) -> any AudioStream {
        try openStream(
            outputDevice: state.outputDevice, inputDevice: state.inputDevice, usesInput: state.usesInput,
            sampleRate: state.sampleRate)
    }
}
