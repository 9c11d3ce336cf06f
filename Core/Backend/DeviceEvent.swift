/// A change in a backend's device list, delivered on a control thread.
public enum DeviceEvent: Hashable, Sendable {
    /// A device appeared.
    case added(AudioDevice)
    /// The device with this id vanished.
    case removed(id: String)
    /// The system default for a direction moved to the device with this id.
    case defaultChanged(AudioDirection, id: String)
    /// The list changed in a way the backend cannot break down; call `devices()` again.
    case listChanged
}

/// A running subscription to `DeviceEvent`s. Events stop after `cancel()` or when this is released.
public final class DeviceObservation: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// Creates an observation that runs `onCancel` once, on `cancel()` or deinit.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = Locked(onCancel) }

    /// Stops delivery. Safe to call more than once; the backend's cancel action runs once.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
