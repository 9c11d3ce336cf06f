import DecibelCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension AudioFile {
    /// Writes the .dat file `audiowaveform -z samplesPerPixel` writes for this file (with `-b 8` for
    /// `.eight`, `--split-channels` for `splitChannels`) to `path`, byte for byte, as the audio decodes:
    /// memory stays a few hundred kilobytes whatever the file's length, where `sixteenBitWaveform` followed
    /// by `WaveformPeaks.datData(bits:)` holds every bucket (an hour at 256 samples per pixel is 620,000).
    ///
    /// The data goes to a temporary file beside `path` that replaces it only once complete, so a failure
    /// leaves no partial file and an existing one untouched. The header's length is the bucket count the
    /// file's frame count promises, rewritten at the end if the decoded audio came out otherwise.
    /// Returns the number of buckets written.
    /// - Throws: `AudioError` of kind `fileUnreadable` when `path` cannot be written, `invalidState` when the
    ///   file was closed, or `invalidFile` when the audio is truncated or corrupt.
    @discardableResult
    public func writeSixteenBitWaveformDat(
        to path: String, samplesPerPixel: Int, splitChannels: Bool = false, bits: WaveformPeaks.Bits = .sixteen
    ) throws(AudioError) -> Int {
        let perPixel = Swift.max(1, samplesPerPixel)
        let channels = splitChannels ? channelCount : 1
        let promised = (frameCount + perPixel - 1) / perPixel
        let output = try DatOutput(path: path)
        var builder = SixteenBitWaveformBuilder(
            sampleRate: Double(sampleRate), inputChannels: channelCount, samplesPerPixel: perPixel,
            splitsChannels: splitChannels, conversion: .init(encoding), measuresRMS: false, expectedBuckets: 0)
        builder.collectIntegerPairs()
        var pairs = 0
        var bytes = WaveformPeaks.datHeader(
            channels: channels, sampleRate: Double(sampleRate), samplesPerBucket: perPixel, buckets: promised,
            bits: bits)
        func write(_ values: [Int16]) throws(AudioError) {
            pairs += values.count / 2
            switch bits {
            case .sixteen:
                values.map { $0.littleEndian }.withUnsafeBytes { bytes.append(contentsOf: $0) }
            case .eight:
                bytes.append(
                    contentsOf: values.lazy.map { UInt8(bitPattern: Int8(WaveformPeaks.eightBit(Int($0)))) })
            }
            try output.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        let buckets: Int
        do {
            try feedSixteenBit(into: &builder) { (builder) throws(AudioError) in
                try write(builder.takeIntegerPairs())
            }
            builder.closeLastBucket()
            try write(builder.takeIntegerPairs())
            buckets = pairs / channels
            if buckets != promised { try output.rewriteLength(buckets) }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return buckets
    }
}

/// A .dat file being written: a temporary file beside the destination, renamed over it when complete.
private final class DatOutput {
    let path: String
    let temporary: String
    private var stream: UnsafeMutablePointer<FILE>?

    init(path: String) throws(AudioError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        stream = fopen(temporary, "wb")
        guard stream != nil else { throw Self.failure(path, errno) }
    }

    deinit { discard() }

    func write(_ bytes: Data) throws(AudioError) {
        guard let stream else { return }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
        guard written == bytes.count else { throw Self.failure(path, errno) }
    }

    /// Puts the real bucket count in the header's length word.
    func rewriteLength(_ buckets: Int) throws(AudioError) {
        guard let stream else { return }
        var word = UInt32(truncatingIfNeeded: buckets).littleEndian
        guard fseek(stream, WaveformPeaks.datLengthOffset, SEEK_SET) == 0, fwrite(&word, 4, 1, stream) == 1 else {
            throw Self.failure(path, errno)
        }
    }

    /// Flushes, closes and moves the file to its destination.
    func commit() throws(AudioError) {
        guard let stream else { return }
        self.stream = nil
        guard fclose(stream) == 0 else {
            let error = errno
            unlink(temporary)
            throw Self.failure(path, error)
        }
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw Self.failure(path, error)
        }
    }

    /// Closes and removes the temporary file (nothing once committed).
    func discard() {
        guard let stream else { return }
        self.stream = nil
        fclose(stream)
        unlink(temporary)
    }

    private static func failure(_ path: String, _ code: Int32) -> AudioError {
        AudioError(
            .fileUnreadable, "\(path): cannot write: \(String(cString: strerror(code)))", code: code,
            codeDescription: String(cString: strerror(code)))
    }
}
