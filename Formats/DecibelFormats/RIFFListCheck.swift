#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Walks a RIFF/RF64/BW64 file's `LIST` chunks before libsndfile opens it. libsndfile 1.2.0 parses a LIST
/// entry whose size runs past its LIST chunk by stepping backwards, and never returns from `sf_open` (a
/// 218-byte file the fuzzer found kept it spinning for minutes); such a file is refused here instead.
enum RIFFListCheck {
    /// A sentence describing the bad entry, or `nil` when every LIST entry fits its chunk (or the file
    /// is not RIFF).
    static func problem(path: String, fileSize: Int64) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func bytes(at offset: Int64, count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        guard let head = bytes(at: 0, count: 12), ["RIFF", "RF64", "BW64"].contains(text(head[0..<4])),
            text(head[8..<12]) == "WAVE"
        else { return nil }
        var position: Int64 = 12
        for _ in 0..<10_000 {
            guard let chunk = bytes(at: position, count: 8) else { return nil }
            let id = text(chunk[0..<4]), size = Int64(littleEndian32(chunk[4..<8]))
            if id == "data" && size == 0xFFFF_FFFF { return nil }  // RF64: the size is in ds64; LIST comes first
            if id == "LIST", let problem = listProblem(at: position + 8, size: size, fileSize: fileSize, read: bytes) {
                return problem
            }
            position += 8 + size + (size & 1)
            guard position < fileSize else { return nil }
        }
        return nil
    }

    private static func listProblem(
        at start: Int64, size: Int64, fileSize: Int64, read: (Int64, Int) -> [UInt8]?
    ) -> String? {
        let available = min(size, fileSize - start, 1 << 20)
        guard available > 4, let body = read(start, Int(available)) else { return nil }
        var offset = 4  // the list type ("INFO", "adtl")
        while offset + 8 <= body.count {
            let id = text(body[offset..<(offset + 4)])
            let entry = Int64(littleEndian32(body[(offset + 4)..<(offset + 8)]))
            if Int64(offset) + 8 + entry > size {
                return "has a LIST entry '\(id)' of \(entry) bytes in a LIST chunk of \(size) bytes (corrupt metadata)"
            }
            offset += 8 + Int(entry) + Int(entry & 1)
        }
        return nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    private static func littleEndian32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
