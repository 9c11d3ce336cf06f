import DecibelCore
import DecibelFormats
import Foundation

/// Reads the bytes as audiowaveform `.dat` and as `.json`. Whatever either reader accepts must survive a
/// round trip: written back in its bit depth and read again, it gives the same values (a reader that
/// accepts a file it cannot describe faithfully traps here, and the fuzzer reports it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWaveformData(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let peaks = try? WaveformPeaks(dat: data) {
        let bits: WaveformPeaks.Bits = count > 4 && bytes[4] & 1 == 1 ? .eight : .sixteen
        checkRoundTrip(peaks, bits: bits)
    }
    if let peaks = try? WaveformPeaks(json: data) {
        checkRoundTrip(peaks, bits: .sixteen)
    }
    return 0
}

private func checkRoundTrip(_ peaks: WaveformPeaks, bits: WaveformPeaks.Bits) {
    _ = peaks.secondsPerBucket
    let again: WaveformPeaks
    do {
        again = try WaveformPeaks(dat: peaks.datData(bits: bits))
    } catch {
        fatalError("a .dat Decibel wrote from accepted peaks does not read back: \(error)")
    }
    guard again.minimum == peaks.minimum, again.maximum == peaks.maximum,
        again.samplesPerBucket == peaks.samplesPerBucket, again.sampleRate == peaks.sampleRate
    else {
        fatalError("peaks changed in a .dat round trip")
    }
    do {
        let json = try WaveformPeaks(json: peaks.jsonData(bits: bits))
        guard json.minimum == peaks.minimum, json.maximum == peaks.maximum else {
            fatalError("peaks changed in a .json round trip")
        }
    } catch {
        fatalError("a .json Decibel wrote from accepted peaks does not read back: \(error)")
    }
}
