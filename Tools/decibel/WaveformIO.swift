import Decibel
import DecibelPlot
import FoundationEssentials
import Glibc

/// The input of `decibel waveform`: an audio file or stored waveform data, from a path or stdin.
struct WaveformInput {
    /// The path as given ('-' for stdin).
    let path: String
    /// Audio, or stored data with its bytes.
    let content: Content

    enum Content {
        case audio(AudioFile)
        case data(WaveformPeaks, bits: Int)
    }

    /// Bits per value of stored data (nil for audio).
    var storedBits: Int? {
        if case .data(_, let bits) = content { return bits }
        return nil
    }

    init(path: String, format: String?) throws {
        self.path = path
        let kind = (format ?? path.fileExtension).lowercased()
        if path == "-", format == nil {
            throw AudioError(.invalidArgument, "reading stdin needs --input-format (wav, mp3, flac, ogg, dat, json…)")
        }
        if kind == "dat" || kind == "json" {
            let bytes = try Self.readBytes(path)
            do {
                let peaks = try kind == "dat" ? WaveformPeaks(dat: bytes) : WaveformPeaks(json: bytes)
                content = .data(peaks, bits: Self.bits(of: bytes, json: kind == "json"))
            } catch {
                throw AudioError(error.kind, "\(path == "-" ? "stdin" : path): \(error.message)")
            }
        } else if path == "-" {
            // libsndfile needs to seek, so stdin is kept in a temporary file while it is read.
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                "decibel-waveform-\(getpid()).\(kind)")
            try Self.readBytes("-").write(to: temporary)
            defer { try? FileManager.default.removeItem(at: temporary) }
            content = .audio(try AudioFile(path: temporary.path))
        } else {
            content = .audio(try AudioFile(path: path))
        }
    }

    private static func readBytes(_ path: String) throws -> Data {
        if path == "-" { return try SystemCalls.readStandardInput() }
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw AudioError(
                missing ? .fileNotFound : .fileUnreadable, "\(path): \(missing ? "no such file" : "cannot read it")")
        }
    }

    /// The bits a .dat (flag bit 0) or .json ("bits") file stores; the readers have checked the rest.
    private static func bits(of bytes: Data, json: Bool) -> Int {
        if json {
            struct Bits: Decodable { let bits: Int? }
            return (try? JSONDecoder().decode(Bits.self, from: bytes))?.bits ?? 16
        }
        let flags =
            bytes.count >= 8 ? bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) } : 0
        return UInt32(littleEndian: flags) & 1 == 1 ? 8 : 16
    }
}

/// Where `decibel waveform` writes, and as what.
struct WaveformOutput {
    /// The path as given ('-' for stdout).
    let path: String
    let kind: Kind

    enum Kind {
        case data(WaveformDataFormat)
        case picture(PlotFileFormat)
    }

    init(path: String, format: String?) throws {
        self.path = path
        let name = (format ?? path.fileExtension).lowercased()
        if let data = WaveformDataFormat(rawValue: name) {
            kind = .data(data)
        } else if let picture = PlotFileFormat(rawValue: name) {
            kind = .picture(picture)
        } else if path == "-" && format == nil {
            throw AudioError(.invalidArgument, "writing stdout needs --output-format (dat, json, txt, png, svg, pdf)")
        } else {
            throw AudioError(
                .invalidArgument,
                "cannot write '\(format ?? path)': the output must be .dat, .json, .txt, .png, .svg or .pdf (decibel convert writes audio)"
            )
        }
    }

    /// Writes `bytes` to the path or stdout.
    func write(_ bytes: Data) throws {
        if path == "-" {
            try SystemCalls.writeStandardOutput(bytes)
            return
        }
        do { try bytes.write(to: URL(fileURLWithPath: path)) } catch {
            throw AudioError(.fileUnreadable, "\(path): cannot write: \(SystemCalls.reason(error))")
        }
    }
}

/// The data files audiowaveform writes.
enum WaveformDataFormat: String {
    case dat, json, txt

    func encode(_ peaks: WaveformPeaks, bits: WaveformPeaks.Bits) -> Data {
        switch self {
        case .dat: peaks.datData(bits: bits)
        case .json: peaks.jsonData(bits: bits)
        case .txt: peaks.textData(bits: bits)
        }
    }
}

extension PlotDrawable {
    /// The picture as the bytes of an SVG or PDF file (or a PNG at Cairo's compression).
    func encoded(as format: PlotFileFormat, size: PlotSize) throws -> Data {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "decibel-waveform-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try write(to: temporary.path, size: size, format: format)
        return try Data(contentsOf: temporary)
    }
}
