import CDecibelSIMD

/// Block conversions between non-interleaved `Float` channels and encoded sample memory.
///
/// The encoded side is described by a start pointer and a stride in bytes per frame, which covers both
/// layouts: interleaved data has channel `c` at `base + c * bytesPerSample` with stride
/// `channelCount * bytesPerSample`; planar data has its own base per channel and stride
/// `bytesPerSample`. None of these functions allocate; they are safe on the render path.
public enum SampleConversion {
    /// Encodes `count` samples from `source` into `destination`, stepping `stride` bytes per sample.
    public static func encode(
        _ source: UnsafePointer<Float>, count: Int,
        to destination: UnsafeMutableRawPointer, stride: Int, as type: SampleType
    ) {
        switch type {
        case .int16:
            for i in 0..<count {
                destination.storeBytes(
                    of: SampleCoding.int16(from: source[i]), toByteOffset: i * stride, as: Int16.self)
            }
        case .int24:
            for i in 0..<count {
                SampleCoding.storeInt24(SampleCoding.int24(from: source[i]), to: destination + i * stride)
            }
        case .int32:
            for i in 0..<count {
                destination.storeBytes(
                    of: SampleCoding.int32(from: source[i]), toByteOffset: i * stride, as: Int32.self)
            }
        case .float32:
            for i in 0..<count {
                destination.storeBytes(of: source[i], toByteOffset: i * stride, as: Float.self)
            }
        case .float64:
            for i in 0..<count {
                destination.storeBytes(of: Double(source[i]), toByteOffset: i * stride, as: Double.self)
            }
        }
    }

    /// Decodes `count` samples from `source`, stepping `stride` bytes per sample, into `destination`.
    public static func decode(
        _ source: UnsafeRawPointer, stride: Int, as type: SampleType,
        count: Int, into destination: UnsafeMutablePointer<Float>
    ) {
        switch type {
        case .int16:
            for i in 0..<count {
                destination[i] = SampleCoding.float(
                    fromInt16: source.loadUnaligned(fromByteOffset: i * stride, as: Int16.self))
            }
        case .int24:
            for i in 0..<count {
                destination[i] = SampleCoding.float(fromInt24: SampleCoding.loadInt24(source + i * stride))
            }
        case .int32:
            for i in 0..<count {
                destination[i] = SampleCoding.float(
                    fromInt32: source.loadUnaligned(fromByteOffset: i * stride, as: Int32.self))
            }
        case .float32:
            for i in 0..<count {
                destination[i] = source.loadUnaligned(fromByteOffset: i * stride, as: Float.self)
            }
        case .float64:
            for i in 0..<count {
                destination[i] = Float(source.loadUnaligned(fromByteOffset: i * stride, as: Double.self))
            }
        }
    }

    /// Interleaves `frames` frames of `source`'s channels into `destination` as `type`.
    public static func interleave(
        _ source: AudioBufferView, frames: Int, into destination: UnsafeMutableRawPointer, as type: SampleType
    ) {
        precondition(frames <= source.frameCount, "interleave: more frames than the source holds")
        if source.channelCount == 2, type == .int16 || type == .float32 {
            interleaveStereo(source.samples(0), source.samples(1), frames: frames, into: destination, as: type)
            return
        }
        let width = type.bytesPerSample
        let stride = width * source.channelCount
        for channel in 0..<source.channelCount {
            encode(source.samples(channel), count: frames, to: destination + channel * width, stride: stride, as: type)
        }
    }

    /// Stereo in one pass over both channels, which vectorizes (a strided pass per channel does not):
    /// about four times as fast for the layout most streams have.
    private static func interleaveStereo(
        _ left: UnsafePointer<Float>, _ right: UnsafePointer<Float>, frames: Int,
        into destination: UnsafeMutableRawPointer, as type: SampleType
    ) {
        if type == .int16 {
            // AVX2 where the CPU has it (8 frames a step; the loop below, 4 with SSE2, was PulseAudio playback's
            // largest cost on its thread), this loop for the rest.
            let done = decibel_interleave_int16_stereo(left, right, frames, destination)
            for i in done..<frames {
                destination.storeBytes(of: SampleCoding.int16(from: left[i]), toByteOffset: 4 * i, as: Int16.self)
                destination.storeBytes(of: SampleCoding.int16(from: right[i]), toByteOffset: 4 * i + 2, as: Int16.self)
            }
        } else {
            for i in 0..<frames {
                destination.storeBytes(of: left[i], toByteOffset: 8 * i, as: Float.self)
                destination.storeBytes(of: right[i], toByteOffset: 8 * i + 4, as: Float.self)
            }
        }
    }

    /// De-interleaves `frames` frames of `type` samples with `destination.channelCount` channels from
    /// `source` into `destination`'s channels.
    public static func deinterleave(
        _ source: UnsafeRawPointer, as type: SampleType, frames: Int, into destination: AudioBufferView
    ) {
        precondition(frames <= destination.frameCount, "deinterleave: more frames than the destination holds")
        let width = type.bytesPerSample
        let stride = width * destination.channelCount
        for channel in 0..<destination.channelCount {
            decode(
                source + channel * width, stride: stride, as: type, count: frames, into: destination.samples(channel))
        }
    }
}
