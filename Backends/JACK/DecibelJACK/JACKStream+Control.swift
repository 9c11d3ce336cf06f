import CJACK
import DecibelCore

extension JACKStream {
    /// Activates the client and makes the planned connections.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is closed, `streamInvalidated` when the
    ///   server has shut down (before or during the call), or `backendError` when the server cannot activate
    ///   the client or refuses a planned connection (a port name that does not exist, for example).
    public func start() throws(AudioError) {
        try control.withLock { _ throws(AudioError) in
            switch state {
            case .running: return
            case .closed: throw AudioError(.invalidState, "the stream is closed; open a new one", backend: "jack")
            case .invalidated:
                throw AudioError(
                    .streamInvalidated, "the JACK server shut down; open a new stream once it runs again",
                    backend: "jack")
            case .stopped: break
            }
            let result = client.api.jack_activate(client.handle)
            guard result == 0 else {
                throw AudioError(
                    .backendError, "cannot activate JACK client '\(client.name)'", backend: "jack", code: result)
            }
            do throws(AudioError) {
                try connectPlannedPorts()
            } catch {
                _ = client.api.jack_deactivate(client.handle)
                throw error
            }
            // The period or rate may have changed while the client was inactive (JACK only notifies
            // active clients): catch up before the first callback's format is reported.
            context.bufferSizeChanged(jack_nframes_t(client.bufferSize))
            context.sampleRateChanged(jack_nframes_t(client.sampleRate))
            guard status.transition(from: .stopped, to: .running) else {
                throw AudioError(
                    .streamInvalidated, "the JACK server shut down while the stream started", backend: "jack")
            }
            status.post(.started)
            let latency = measuredLatency()
            if latency != StreamLatency() { status.post(.latencyChanged(latency)) }
        }
    }

    private func connectPlannedPorts() throws(AudioError) {
        for (index, peer) in wiring.outputPeers.enumerated() {
            if let peer { try client.connect(outputPortNames[index], peer) }
        }
        for (index, peer) in wiring.inputPeers.enumerated() {
            if let peer { try client.connect(peer, inputPortNames[index]) }
        }
    }

    /// Deactivates the client; when this returns no callback runs. After a server shutdown it does
    /// nothing (there is nothing left to stop) and returns at once.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is closed, or `backendError` when the
    ///   still-running server cannot deactivate the client.
    public func stop() throws(AudioError) {
        try control.withLock { _ throws(AudioError) in
            switch state {
            case .stopped, .invalidated: return
            case .closed: throw AudioError(.invalidState, "the stream is closed", backend: "jack")
            case .running: break
            }
            if !context.serverGone.load(ordering: .acquiring) {
                let result = client.api.jack_deactivate(client.handle)
                if result != 0, !context.serverGone.load(ordering: .acquiring) {
                    throw AudioError(
                        .backendError, "cannot deactivate JACK client '\(client.name)'", backend: "jack", code: result)
                }
            }
            if status.transition(from: .running, to: .stopped) { status.post(.stopped) }
        }
    }

    /// Closes the client and releases everything; idempotent, prompt even when the server is gone.
    public func close() {
        let wasOpen: Bool = control.withLock { _ in
            guard state != .closed else { return false }
            let running = state == .running
            // A dead server cannot answer; a live one gets a bounded wait too, so close never hangs.
            let timeout: UInt64 = context.serverGone.load(ordering: .acquiring) ? 300_000_000 : 2_000_000_000
            if !client.close(timeoutNanoseconds: timeout) {
                // libjack still holds the callback pointer: keep the context alive for the process' life.
                _ = Unmanaged.passRetained(context)
            }
            status.setState(.closed)
            if running { status.post(.stopped) }
            return true
        }
        if wasOpen { status.shutdown() }
    }
}
