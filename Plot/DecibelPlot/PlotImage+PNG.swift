import CCairo
import DecibelCore

extension PlotImage {
    /// The image as PNG bytes, compressed with zlib at `compressionLevel`: 0 (none) to 9 (smallest), or
    /// -1 for zlib's default. Opaque images are written as RGB, others as RGBA (straight alpha); rows use
    /// the Sub filter, which suits waveforms' long flat runs (none at level 0).
    /// - Throws: `AudioError` of kind `invalidArgument` when `compressionLevel` is not -1...9, or `backendError`
    ///   when zlib fails to compress the pixels.
    public func pngData(compressionLevel: Int = -1) throws(AudioError) -> [UInt8] {
        guard (-1...9).contains(compressionLevel) else {
            throw AudioError(.invalidArgument, "PNG compression level \(compressionLevel) is not 0…9 or -1")
        }
        let opaque = pixels.allSatisfy { $0 >> 24 == 0xFF }
        let bytesPerPixel = opaque ? 3 : 4
        let filter: UInt8 = compressionLevel == 0 ? 0 : 1
        let rowBytes = 1 + width * bytesPerPixel
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let row = y * rowBytes
            raw[row] = filter
            for x in 0..<width {
                let (red, green, blue, alpha) = Self.straight(pixels[y * width + x])
                let at = row + 1 + x * bytesPerPixel
                raw[at] = red
                raw[at + 1] = green
                raw[at + 2] = blue
                if !opaque { raw[at + 3] = alpha }
            }
            if filter == 1 {
                // Sub: each byte minus the same channel of the pixel to its left, right to left.
                var at = row + rowBytes - 1
                while at > row + bytesPerPixel {
                    raw[at] &-= raw[at - bytesPerPixel]
                    at -= 1
                }
            }
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var compressedCount = uLong(compressed.count)
        let status = compressed.withUnsafeMutableBufferPointer { output in
            raw.withUnsafeBufferPointer { input in
                compress2(
                    output.baseAddress, &compressedCount, input.baseAddress, uLong(input.count), Int32(compressionLevel)
                )
            }
        }
        guard status == Z_OK else { throw AudioError(.backendError, "zlib could not compress the PNG (\(status))") }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        Self.appendChunk("IHDR", header, to: &png)
        Self.appendChunk("IDAT", Array(compressed[0..<Int(compressedCount)]), to: &png)
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    /// A premultiplied `0xAARRGGBB` pixel as straight-alpha bytes.
    private static func straight(_ pixel: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = pixel >> 24
        func channel(_ shift: UInt32) -> UInt8 {
            let value = (pixel >> shift) & 0xFF
            guard alpha != 0xFF else { return UInt8(value) }
            guard alpha != 0 else { return 0 }
            return UInt8(min(255, (value * 255 + alpha / 2) / alpha))
        }
        return (channel(16), channel(8), channel(0), UInt8(alpha))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + typeBytes + data
        let typed = typeBytes + data
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        png += bigEndian(UInt32(checksum))
    }
}
