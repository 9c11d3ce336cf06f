import DecibelCore
import DecibelFormats
import DecibelJACK
import DecibelPipeWire
import DecibelPulse

#if canImport(Glibc)
import Glibc
#endif

// decibel-soak SECONDS DIRECTORY: a JACK stream (the server's period, 64 frames in Scripts/soak), a
// PulseAudio stream asking 10 ms and a PipeWire stream, each playing the 32-source soak graph into a
// recorder, all at once for SECONDS. Prints each stream's figures; exits 1 if Decibel lost or changed
// any audio. Scripts/soak starts the servers and the load.

let arguments = CommandLine.arguments
guard arguments.count == 3, let seconds = Double(arguments[1]), seconds > 0 else {
    print("usage: decibel-soak SECONDS DIRECTORY")
    exit(2)
}
let directory = arguments[2]
let plan: [(String, any AudioBackend, BufferSize)] = [
    ("jack", JACKBackend(), .automatic),
    ("pulse", PulseBackend(options: .init()), .milliseconds(10)),
    ("pipewire", PipeWireBackend(), .frames(256)),
]
var runs: [SoakRun] = []
do {
    for (label, backend, size) in plan {
        runs.append(try SoakRun(label: label, backend: backend, bufferSize: size, directory: directory))
    }
    for run in runs { try run.start() }
} catch {
    print("soak: cannot start: \(error)")
    exit(1)
}
print("soak: \(runs.count) streams running for \(seconds) s")
let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
var nextReport = MonotonicClock.now() + 10_000_000_000
while MonotonicClock.now() < deadline {
    for run in runs { run.sample() }
    if MonotonicClock.now() >= nextReport {
        print("soak: " + runs.map { "\($0.label) \($0.timer.callbacks) callbacks" }.joined(separator: ", "))
        nextReport += 10_000_000_000
    }
    MonotonicClock.sleep(nanoseconds: 5_000_000)
}
var failed = false
for run in runs {
    do {
        let result = try run.finish()
        SoakReport.print(result)
        failed = failed || result.decibelLost
    } catch {
        print("soak: \(run.label): \(error)")
        failed = true
    }
}
print(
    failed
        ? "soak: FAILED: Decibel lost or changed audio (above)"
        : "soak: passed: every recording equals its offline render")
exit(failed ? 1 : 0)
