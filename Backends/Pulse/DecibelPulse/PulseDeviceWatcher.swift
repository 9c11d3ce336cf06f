import CPulse
import DecibelCore
import Synchronization

/// Turns a context subscription into `DeviceEvent`s: sinks and sources added or removed, and the
/// server's default sink or source changing.
///
/// Subscription callbacks run on the mainloop thread and only queue events; a delivery thread calls the
/// user's handler, so the handler may block or call back into the backend.
final class PulseDeviceWatcher: @unchecked Sendable {
    private let connection: PulseConnection
    private let handler: @Sendable (DeviceEvent) -> Void
    private let queue = Locked<[DeviceEvent]>([])
    private let wake = WakeSignal()
    private let cancelled = Atomic<Bool>(false)
    private var delivery: AudioThread?

    // Mainloop thread only (filled before the subscription starts, while the lock is not contended).
    private var sinkNames: [UInt32: String] = [:]
    private var sourceNames: [UInt32: String] = [:]
    private var defaultSink: String?
    private var defaultSource: String?

    init(connection: PulseConnection, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        self.connection = connection
        self.handler = handler
        do throws(AudioError) {
            let server = try connection.serverInfo()
            let sinks = try connection.sinks()
            let sources = try connection.sources()
            connection.locked {
                defaultSink = server.defaultSink
                defaultSource = server.defaultSource
                for sink in sinks { sinkNames[sink.index] = sink.device.id }
                for source in sources { sourceNames[source.index] = source.device.id }
                subscribe()
            }
            delivery = try AudioThread(name: "pulse-devices") { [unowned self] in self.deliver() }
        } catch {
            connection.close()
            throw error
        }
    }

    /// Stops events and disconnects. Idempotent; safe from inside the handler.
    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        connection.close()
        wake.signal()
        delivery?.join()
    }

    private var api: decibel_pulse_api { connection.api }

    private func post(_ event: DeviceEvent) {
        queue.withLock { $0.append(event) }
        wake.signal()
    }

    private func deliver() {
        while !cancelled.load(ordering: .acquiring) {
            wake.wait(timeoutNanoseconds: 200_000_000)
            let events = queue.withLock { events in
                defer { events.removeAll() }
                return events
            }
            for event in events where !cancelled.load(ordering: .acquiring) { handler(event) }
        }
    }

    // MARK: Mainloop thread

    private func subscribe() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        api.pa_context_set_subscribe_callback(
            connection.context,
            { _, type, index, userdata in
                guard let userdata else { return }
                Unmanaged<PulseDeviceWatcher>.fromOpaque(userdata).takeUnretainedValue().changed(type, index: index)
            }, me)
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SOURCE.rawValue
                | PA_SUBSCRIPTION_MASK_SERVER.rawValue)
        if let operation = api.pa_context_subscribe(connection.context, mask, nil, nil) {
            api.pa_operation_unref(operation)
        }
    }

    private func changed(_ type: pa_subscription_event_type_t, index: UInt32) {
        let facility = decibel_pulse_event_facility(type)
        let kind = decibel_pulse_event_kind(type)
        let me = Unmanaged.passUnretained(self).toOpaque()
        var operation: OpaquePointer?
        switch (facility, kind) {
        case (PA_SUBSCRIPTION_EVENT_SINK.rawValue, PA_SUBSCRIPTION_EVENT_NEW.rawValue):
            operation = api.pa_context_get_sink_info_by_index(
                connection.context, index,
                { _, info, _, userdata in
                    guard let info = info?.pointee, let userdata else { return }
                    Unmanaged<PulseDeviceWatcher>.fromOpaque(userdata).takeUnretainedValue().added(
                        index: info.index, pulseDevice(sink: info))
                }, me)
        case (PA_SUBSCRIPTION_EVENT_SOURCE.rawValue, PA_SUBSCRIPTION_EVENT_NEW.rawValue):
            operation = api.pa_context_get_source_info_by_index(
                connection.context, index,
                { _, info, _, userdata in
                    guard let info = info?.pointee, let userdata else { return }
                    Unmanaged<PulseDeviceWatcher>.fromOpaque(userdata).takeUnretainedValue().added(
                        index: info.index, pulseDevice(source: info))
                }, me)
        case (PA_SUBSCRIPTION_EVENT_SINK.rawValue, PA_SUBSCRIPTION_EVENT_REMOVE.rawValue):
            if let name = sinkNames.removeValue(forKey: index) { post(.removed(id: name)) }
        case (PA_SUBSCRIPTION_EVENT_SOURCE.rawValue, PA_SUBSCRIPTION_EVENT_REMOVE.rawValue):
            if let name = sourceNames.removeValue(forKey: index) { post(.removed(id: name)) }
        case (PA_SUBSCRIPTION_EVENT_SERVER.rawValue, _):
            operation = api.pa_context_get_server_info(
                connection.context,
                { _, info, userdata in
                    guard let info = info?.pointee, let userdata else { return }
                    Unmanaged<PulseDeviceWatcher>.fromOpaque(userdata).takeUnretainedValue()
                        .defaults(
                            sink: pulseString(info.default_sink_name), source: pulseString(info.default_source_name))
                }, me)
        default:
            break
        }
        if let operation { api.pa_operation_unref(operation) }
    }

    private func added(index: UInt32, _ device: AudioDevice) {
        if device.direction == .output {
            guard sinkNames.updateValue(device.id, forKey: index) == nil else { return }
        } else {
            guard sourceNames.updateValue(device.id, forKey: index) == nil else { return }
        }
        var device = device
        device.isDefaultOutput = device.direction == .output && device.id == defaultSink
        device.isDefaultInput = device.direction == .input && device.id == defaultSource
        post(.added(device))
    }

    private func defaults(sink: String?, source: String?) {
        if let sink, sink != defaultSink { post(.defaultChanged(.output, id: sink)) }
        if let source, source != defaultSource { post(.defaultChanged(.input, id: source)) }
        defaultSink = sink
        defaultSource = source
    }
}
