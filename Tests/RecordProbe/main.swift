import DecibelCore
import DecibelFormats
import Synchronization

// decibel-record-probe: a test helper, not a product. Records a known signal through `Recorder` in real
// time until killed, so RecorderTests can `kill -9` it mid-recording and check the file it leaves.
//
//   decibel-record-probe PATH [RATE]
//
// Appends 10 ms blocks paced by the monotonic clock (as a render thread would). Before handing a block
// over it prints "appending N" (frames handed to the recorder once this block is in), so the file can
// never hold more than the last such line says; after it, "flushed N" whenever the recorder's
// `framesWritten` (frames its writer thread has written to the file, header included) has grown, so the
// file must hold at least that many even if the process is killed. Lines go out with one `write` each,
// whole. Channel 0 holds `value(frame)` and channel 1 its negation, so every frame in the file can be
// checked.
//
// Run under a file-size limit (`sh -c 'ulimit -f 64; exec decibel-record-probe PATH'`), its writes fail
// with EFBIG (SIGXFSZ is ignored): it prints "failed KIND" when the recorder posts the failure, then
// "close threw KIND" and exits 3.
#if canImport(Glibc)
import Glibc
#endif

/// The signal: never zero, so inserted silence cannot be mistaken for audio; exact in float.
func value(_ frame: Int) -> Float { Float(frame % 65_521 + 1) / 65_536 }

func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    say("usage: decibel-record-probe PATH [RATE]")
    exit(2)
}
let rate = arguments.count > 2 ? Int(arguments[2]) ?? 48_000 : 48_000
let blockFrames = rate / 100
signal(SIGXFSZ, SIG_IGN)
let failed = Atomic<Bool>(false)
do {
    let recorder = try Recorder(
        path: arguments[1], format: .wav(bits: 32, float: true), sampleRate: Double(rate), channelCount: 2)
    recorder.addObserver { event in
        guard case .failed(let error) = event else { return }
        say("failed \(error.kind)")
        failed.store(true, ordering: .releasing)
    }
    let block = AudioBuffer(channelCount: 2, frameCapacity: blockFrames)
    var appended = 0, flushed = 0
    let start = MonotonicClock.now()
    while !failed.load(ordering: .acquiring) {
        for frame in 0..<blockFrames {
            block[0][frame] = value(appended + frame)
            block[1][frame] = -value(appended + frame)
        }
        say("appending \(appended + blockFrames)")
        recorder.append(block.view)
        appended += blockFrames
        let written = recorder.framesWritten
        if written > flushed {
            flushed = written
            say("flushed \(flushed)")
        }
        // Sleep until this block's end time, like a device clock.
        MonotonicClock.sleep(until: start + UInt64(appended) * 1_000_000_000 / UInt64(rate))
    }
    do {
        try recorder.close()
        say("close returned")
    } catch {
        say("close threw \(error.kind)")
    }
    exit(3)
} catch {
    say("error \(error)")
    exit(1)
}
