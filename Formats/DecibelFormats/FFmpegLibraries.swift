import CFFmpeg
import DecibelCore

/// FFmpeg's libavutil, libavcodec and libavformat, loaded at run time through Core's `BackendLibrary`, as
/// every backend loads its library: the same `DECIBEL_<NAME>_LIBRARY` overrides (`DECIBEL_AVFORMAT_LIBRARY`),
/// the same "cannot load …; install …" message, loaded once per process.
enum FFmpegLibraries {
    /// Loads the three libraries (the first call; later calls return or throw what it did).
    /// - Throws: `AudioError` of kind `backendUnavailable` naming the library that is missing and the
    ///   Debian package that has it, or saying that this build has no FFmpeg headers.
    static func load() throws(AudioError) { try loaded.get() }

    /// `load()` for the file at `path`: a failure reads "`path`: `problem`: cannot load …", of kind
    /// `unsupportedFormat` (the file is fine; this program cannot decode it).
    static func load(for path: String, saying problem: String) throws(AudioError) {
        do { try load() } catch { throw FileErrors.unsupported(path, "\(problem): \(error.message)") }
    }

    private static let loaded = Result { () throws(AudioError) in try install() }

    private static func install() throws(AudioError) {
        guard decibel_av_has_headers() == 1 else {
            throw AudioError(
                .backendUnavailable,
                "this Decibel was built without FFmpeg's headers (install libavformat-dev, libavcodec-dev and libavutil-dev and rebuild)",
                backend: "ffmpeg")
        }
        let util = try BackendLibrary<decibel_avutil_table>.load(
            description(of: DECIBEL_AVUTIL, named: "avutil"),
            functionName: { decibel_av_function_name(DECIBEL_AVUTIL, Int32($0)) })
        let codec = try BackendLibrary<decibel_avcodec_table>.load(
            description(of: DECIBEL_AVCODEC, named: "avcodec"),
            functionName: { decibel_av_function_name(DECIBEL_AVCODEC, Int32($0)) })
        let format = try BackendLibrary<decibel_avformat_table>.load(
            description(of: DECIBEL_AVFORMAT, named: "avformat"),
            functionName: { decibel_av_function_name(DECIBEL_AVFORMAT, Int32($0)) })
        withUnsafePointer(to: util.api) { util in
            withUnsafePointer(to: codec.api) { codec in
                withUnsafePointer(to: format.api) { format in decibel_av_install(util, codec, format) }
            }
        }
    }

    /// `lib<name>.so.<major>` for the major version of the headers Decibel was built with, from Debian's
    /// `lib<name><major>`.
    private static func description(of library: decibel_av_library, named name: String) -> BackendLibraryDescription {
        let major = decibel_av_major(library)
        return BackendLibraryDescription(
            backendID: name, displayName: "FFmpeg's lib\(name) (for AAC, ALAC and M4A files)",
            defaultFileName: "lib\(name).so.\(major)", package: "lib\(name)\(major)",
            minimumVersion: "lib\(name) \(major)")
    }
}
