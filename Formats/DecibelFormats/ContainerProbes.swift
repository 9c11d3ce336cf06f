#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks that an Ogg file's last page is complete and ends the stream. libvorbis silently skips a cut-off final page and
/// libsndfile then reports the length up to the page before, so a truncated stream would pass as whole.
enum OggTail {
    /// A sentence describing the cut, or `nil` when the last page ends exactly at the end of the file.
    static func truncation(path: String, fileSize: Int64) -> String? {
        let tailSize = Int(min(fileSize, 65_307 * 2))  // two maximum-size pages
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var tail = [UInt8](repeating: 0, count: tailSize)
        let start = fileSize - Int64(tailSize)
        let got = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, tailSize, off_t(start)) }
        guard got == tailSize else { return nil }
        // The last "OggS" capture pattern that starts a well-formed page header.
        var index = tailSize - 27
        while index >= 0 {
            if tail[index] == 0x4F, tail[index + 1] == 0x67, tail[index + 2] == 0x67, tail[index + 3] == 0x53,
                tail[index + 4] == 0
            {
                let segments = Int(tail[index + 26])
                guard index + 27 + segments <= tailSize else { return "the last Ogg page's header is cut off" }
                let body = tail[(index + 27)..<(index + 27 + segments)].reduce(0) { $0 + Int($1) }
                let end = index + 27 + segments + body
                if end > tailSize { return "the last Ogg page needs \(end - tailSize) more bytes than the file holds" }
                if tail[index + 5] & 0x04 == 0 { return "the Ogg stream stops without its end-of-stream page" }
                return nil
            }
            index -= 1
        }
        return nil
    }
}

/// Finds an MP3's exact-length header (a Xing, Info or VBRI frame near the start). Without one,
/// libmpg123's frame count is estimated from the bitrate and file size.
enum MPEGLengthHeader {
    static func isPresent(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 1 << 16)  // covers a typical ID3v2 tag plus the first frame
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 4 else { return false }
        let markers: [[UInt8]] = [Array("Xing".utf8), Array("Info".utf8), Array("VBRI".utf8)]
        for index in 0..<(count - 4) {
            for marker in markers
            where head[index] == marker[0] && head[index + 1] == marker[1] && head[index + 2] == marker[2]
                && head[index + 3] == marker[3]
            {
                return true
            }
        }
        return false
    }
}
