import DecibelCore
import DecibelPipeWire
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// The thread that runs a stream's render callback, as the scheduler sees it.
extension PipeWireTests {
    /// pw-cat loads module-rt (client-rt.conf) and its data thread runs at `SCHED_FIFO`; the default
    /// client.conf of PipeWire 0.3 loads no module-rt, so Decibel's stream asks for it itself. Judged where
    /// the process may have it (root here, or an `rtprio` limit); elsewhere the stream must still play.
    @Test func theRenderCallbackRunsAtRealtimePriority() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_priority")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let renderThread = Atomic<UInt>(0)
        let callbacks = Atomic<Int>(0)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, channelCount: 2, bufferSize: .frames(256),
                name: "decibel-pw-priority"
            ) { _ in
                renderThread.store(UInt(pthread_self()), ordering: .relaxed)
                callbacks.wrappingAdd(1, ordering: .relaxed)
            })
        defer { stream.close() }
        try stream.start()
        Thread.sleep(forTimeInterval: 0.5)
        // The raise names the data thread: the thread that made and started the stream keeps its own policy.
        var ownPolicy: Int32 = -1
        var ownParameters = sched_param()
        #expect(pthread_getschedparam(pthread_self(), &ownPolicy, &ownParameters) == 0)
        #expect(ownPolicy == SCHED_OTHER, "the test's own thread was changed to policy \(ownPolicy)")
        // Asked while the stream runs: its thread is alive, and the callback's thread is the data thread.
        var policy: Int32 = -1
        var parameters = sched_param()
        let thread = renderThread.load(ordering: .relaxed)
        let asked = thread == 0 ? -1 : pthread_getschedparam(pthread_t(thread), &policy, &parameters)
        try stream.stop()
        let permitted = Self.processMayUseRealtimeScheduling()
        print(
            "\(callbacks.load(ordering: .relaxed)) callbacks; render thread policy \(policy) (SCHED_FIFO is "
                + "\(SCHED_FIFO)), priority \(parameters.sched_priority); SCHED_FIFO permitted here: \(permitted)")
        #expect(callbacks.load(ordering: .relaxed) > 10)
        #expect(asked == 0)
        if permitted {
            #expect(policy == SCHED_FIFO)
            #expect(parameters.sched_priority > 0)
        }
    }

    /// Whether a thread of this process may switch itself to `SCHED_FIFO` at the priority the stream asks for
    /// (80), tried on a thread of its own.
    static func processMayUseRealtimeScheduling() -> Bool {
        let permitted = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        let probe = Thread {
            var parameters = sched_param(sched_priority: 80)
            permitted.store(pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0, ordering: .relaxed)
            done.signal()
        }
        probe.start()
        done.wait()
        return permitted.load(ordering: .relaxed)
    }
}
