import CSndFile
import DecibelCore

/// Sanity checks on what a file's header claims, made before any size from it is used.
enum FileHeaderCheck {
    struct Result {
        let sampleRate: Int
        let channelCount: Int
        let frameCount: Int
    }

    /// Compressed encodings never pack more samples than this into one byte (FLAC's constant subframes on
    /// digital silence come closest); a header claiming more is lying.
    static let maxCompressedSamplesPerByte: Int64 = 8192

    static func validate(
        _ info: SF_INFO, handle: OpaquePointer, path: String, fileSize: Int64
    ) throws(AudioError) -> Result {
        let channels = Int(info.channels), rate = Int(info.samplerate), frames = Int64(info.frames)
        guard channels >= 1, channels <= AudioFile.maxChannels else {
            throw FileErrors.invalid(
                path, "has an absurd header: \(channels) channels (expected 1…\(AudioFile.maxChannels))")
        }
        guard rate >= 1, rate <= AudioFile.maxSampleRate else {
            throw FileErrors.invalid(
                path, "has an absurd header: sample rate \(rate) Hz (expected 1…\(AudioFile.maxSampleRate))")
        }
        if frames == Int64.max {
            throw FileErrors.invalid(
                path, "is truncated or unterminated: its length cannot be determined (no final page or length field)")
        }
        guard frames >= 0 else { throw FileErrors.invalid(path, "has an absurd header: \(frames) frames") }
        let (samples, overflow) = frames.multipliedReportingOverflow(by: Int64(channels))
        guard !overflow else {
            throw FileErrors.invalid(path, "has an absurd header: \(frames) frames × \(channels) channels overflows")
        }
        let subtype = decibel_sndfile_subtype(info.format), major = decibel_sndfile_major(info.format)
        let compressedContainer = [SF_FORMAT_FLAC, SF_FORMAT_OGG, SF_FORMAT_MPEG].contains(Int(major))
        if !compressedContainer, let bits = AudioEncoding(sndfileSubtype: subtype)?.bitDepth {
            let (bytes, tooBig) = samples.multipliedReportingOverflow(by: Int64(bits / 8))
            guard !tooBig, bytes <= fileSize else {
                throw FileErrors.invalid(
                    path,
                    "has an absurd header: it declares \(frames) frames (\(tooBig ? "overflowing" : "\(bytes)") bytes) but the file is \(fileSize) bytes"
                )
            }
        } else {
            let (limit, tooBig) = fileSize.multipliedReportingOverflow(by: maxCompressedSamplesPerByte)
            guard tooBig || samples <= limit else {
                throw FileErrors.invalid(
                    path, "has an absurd header: it declares \(frames) frames, far more than \(fileSize) bytes can hold"
                )
            }
        }
        if let problem = truncation(in: logText(handle)) {
            throw FileErrors.invalid(path, "is truncated: \(problem)")
        }
        if Int(major) == SF_FORMAT_OGG, let problem = OggTail.truncation(path: path, fileSize: fileSize) {
            throw FileErrors.invalid(path, "is truncated: \(problem)")
        }
        guard frames <= Int64(Int.max) else { throw FileErrors.invalid(path, "has an absurd header: \(frames) frames") }
        return Result(sampleRate: rate, channelCount: channels, frameCount: Int(frames))
    }

    /// libsndfile's parse log for `handle` (it notes every header size that disagrees with the file).
    static func logText(_ handle: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 8192)
        let count = sf_command(handle, Int32(SFC_GET_LOG_INFO), &buffer, Int32(buffer.count))
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A sentence saying how the audio data chunk is shorter than its header declares, or `nil`.
    /// libsndfile opens such files with the frames that are present and logs "data : N (should be M)";
    /// the RIFF/FORM size alone being off is common in streamed files and is not treated as truncation.
    static func truncation(in log: String) -> String? {
        for line in log.split(separator: "\n") {
            let text = line.trimmingPrefixSpaces
            for chunk in ["data :", "SSND :", "ds64"] where text.hasPrefix(chunk) && text.contains("(should be") {
                return "the audio data chunk declares more bytes than the file holds (\(text))"
            }
            if text.hasPrefix("*** Chunk size") && text.contains("> file length") {
                return String(text.dropFirst(4))
            }
            if text.contains("psf_fread returned short count") {
                return "the header ends in the middle of a field"
            }
        }
        return nil
    }
}

extension Substring {
    var trimmingPrefixSpaces: Substring { drop(while: { $0 == " " || $0 == "\t" }) }
}
