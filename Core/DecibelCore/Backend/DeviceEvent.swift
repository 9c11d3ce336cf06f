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

extension DeviceEvent {
    /// The events that turn the device list `old` into `new`: removals, additions (a device whose channel
    /// counts changed is removed and added again) and default changes, in that order. Watchers that poll
    /// a list use it so every backend reports the same change the same way.
    public static func changes(from old: [AudioDevice], to new: [AudioDevice]) -> [DeviceEvent] {
        var events: [DeviceEvent] = []
        for device in old where !new.contains(where: { $0.id == device.id }) { events.append(.removed(id: device.id)) }
        for device in new {
            guard let before = old.first(where: { $0.id == device.id }) else {
                events.append(.added(device))
                continue
            }
            if before.inputChannelCount != device.inputChannelCount
                || before.outputChannelCount != device.outputChannelCount
            {
                events.append(.removed(id: device.id))
                events.append(.added(device))
            }
        }
        for direction in [AudioDirection.input, .output] {
            let oldDefault = old.first { $0.isDefault(for: direction) }?.id
            if let newDefault = new.first(where: { $0.isDefault(for: direction) })?.id, newDefault != oldDefault {
                events.append(.defaultChanged(direction, id: newDefault))
            }
        }
        return events
    }
}
