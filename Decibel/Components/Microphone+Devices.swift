import DecibelCore

extension Microphone {
    /// The device id captured from (`nil`: the backend's default input).
    public var device: String? {
        capture.withLock { capture in capture.controller.map { $0.inputDevice } ?? capture.device }
    }

    /// Moves capture to another device (`nil`: the default input). A stand-alone microphone whose stream is
    /// open reopens it there, capturing on if it was; on a shared controller the controller's input moves
    /// (`AudioController.setInputDevice(_:)`). When the new device cannot be opened, capture goes back to
    /// the old one before the error is thrown, so a mistyped device id loses nothing. Posts the change to
    /// the delegate (`microphone(_:didChangeDevice:)`) and to `observeDevice(_:)` handlers.
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot stop the old stream; and, with the stream
    ///   open, what opening `device` throws: `deviceNotFound` for an unknown `device`, `backendUnavailable`,
    ///   `unsupportedConfiguration`, `timedOut`, `streamInvalidated`, `invalidState` (a closed controller) or
    ///   `backendError`.
    public func setDevice(_ device: String?) throws(AudioError) {
        if let controller {
            try controller.setInputDevice(device)  // its inputDeviceChanged event reaches `watch`
        } else {
            capture.withLock { $0.device = device }
            deviceChanged(device)
        }
    }

    /// Calls `handler` on a control thread whenever the microphone's device changes (see `setDevice(_:)`);
    /// returns a token for `removeDeviceObserver(_:)`.
    @discardableResult
    public func observeDevice(_ handler: @escaping @Sendable (String?) -> Void) -> UInt64 {
        deviceObservers.add(handler)
    }

    /// Stops the calls of an `observeDevice(_:)` handler.
    public func removeDeviceObserver(_ token: UInt64) { deviceObservers.remove(token) }

    /// Hands the controller's stream events and input device moves to the delegate and observers.
    func watch(_ controller: AudioController) -> UInt64 {
        controller.addObserver { [weak self] event in
            guard let self else { return }
            switch event {
            case .stream(let streamEvent): self.delegate?.microphone(self, didReceive: streamEvent)
            case .inputDeviceChanged(let device): self.deviceChanged(device)
            case .outputDeviceChanged, .inputOpened: break
            }
        }
    }

    private func deviceChanged(_ device: String?) {
        delegate?.microphone(self, didChangeDevice: device)
        deviceObservers.post(device)
    }
}
