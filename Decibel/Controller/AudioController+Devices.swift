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
        try reopen { $0.outputDevice = device }
        observers.post(.outputDeviceChanged(device))
    }

    /// Moves capture to `device` (`nil`: the default input), as `setOutputDevice(_:)` does for playback; a
    /// controller whose input is not open yet only remembers the device. Posts `inputDeviceChanged`.
    /// - Throws: `AudioError` of the kinds `setOutputDevice(_:)` throws (not `invalidState` for a capture-only
    ///   controller).
    public func setInputDevice(_ device: String?) throws(AudioError) {
        if usesInput {
            try reopen { $0.inputDevice = device }
        } else {
            current.withLock { $0.inputDevice = device }
        }
        observers.post(.inputDeviceChanged(device))
    }

    /// Opens the stream again with `change` applied to what it is opened with; keeps running if it was.
    /// The streams are stopped, opened and started outside `current`'s lock: a stream event handler that
    /// reads `stream` meanwhile must not wait on it. `switching` keeps two switches apart.
    func reopen(_ change: (inout Current) -> Void) throws(AudioError) {
        try switching.withLock { (_: inout Void) throws(AudioError) in
            let old = current.withLock { $0 }
            guard !old.closed else { throw AudioError(.invalidState, "the controller is closed; create another") }
            var new = old
            change(&new)
            let wasRunning = old.stream.state == .running
            try old.stream.stop()
            old.stream.close()
            do throws(AudioError) {
                new.stream = try open(new)
            } catch {
                if let back = try? open(old) {
                    current.withLock { $0.stream = back }
                    if wasRunning { try? back.start() }
                }
                throw error
            }
            current.withLock { $0 = new }
            if wasRunning { try new.stream.start() }
        }
    }

    private func open(_ state: Current) throws(AudioError) -> any AudioStream {
        try openStream(
            outputDevice: state.outputDevice, inputDevice: state.inputDevice, usesInput: state.usesInput,
            sampleRate: state.sampleRate)
    }
}
