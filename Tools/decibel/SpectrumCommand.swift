import ArgumentParser
import Decibel
import DecibelAnalysis
import DecibelPlot
import DecibelToolSupport

/// `decibel spectrum`: a file's average spectrum as a picture.
struct SpectrumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spectrum",
        abstract: "Draw a file's average magnitude spectrum (Hann-windowed FFT, Welch average) to PNG/SVG/PDF.",
        discussion:
            "Examples:\n  decibel spectrum take.wav --output spectrum.png\n  decibel spectrum take.flac --output spectrum.svg --line --linear"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Option(name: .shortAndLong, help: "Output path ending in .png, .svg or .pdf.")
    var output: String

    @Option(name: .long, help: "Picture width in pixels.")
    var width: Int = 800

    @Option(name: .long, help: "Picture height in pixels.")
    var height: Int = 300

    @Option(name: .long, help: "FFT size (a power of two, 256 to 65536).")
    var fftSize: Int = 4096

    @Flag(name: .long, help: "Draw a line instead of bars.")
    var line = false

    @Flag(name: .long, help: "Linear frequency axis instead of logarithmic.")
    var linear = false

    func validate() throws {
        guard (16...20_000).contains(width), (16...10_000).contains(height) else {
            throw ValidationError("--width must be 16...20000 and --height 16...10000")
        }
        guard (256...65536).contains(fftSize), fftSize & (fftSize - 1) == 0 else {
            throw ValidationError("--fft-size must be a power of two from 256 to 65536")
        }
        guard ["png", "svg", "pdf"].contains(output.fileExtension) else {
            throw ValidationError("--output must end in .png, .svg or .pdf (got '\(output)')")
        }
    }

    func run() throws {
        let spectrum = try Self.averageSpectrum(of: file, fftSize: fftSize)
        let plot = SpectrumPlot(
            shape: line ? .line : .bars, frequencyScale: linear ? .linear : .logarithmic, fftSize: fftSize)
        plot.spectrum = spectrum.spectrum
        try plot.write(to: output, size: PlotSize(width: width, height: height))
        let peak =
            spectrum.spectrum.peakBin.map { " peak near \(Int(spectrum.spectrum.frequency(ofBin: $0).rounded())) Hz" }
            ?? ""
        printError("decibel: wrote \(output) (\(spectrum.windows) windows of \(fftSize) points;\(peak))")
    }

    /// The Welch-averaged spectrum of a whole file, its channels mixed to mono.
    static func averageSpectrum(of file: String, fftSize: Int = 4096) throws -> (spectrum: Spectrum, windows: Int) {
        let audio = try AudioFile(path: file)
        let average = try SpectrumAverage(size: fftSize)
        let block = AudioBuffer(channelCount: audio.channelCount, frameCapacity: 8192)
        var mono = [Float](repeating: 0, count: 8192)
        try block.withView { view in
            while true {
                let frames = try audio.read(into: view)
                guard frames > 0 else { break }
                let scale = 1 / Float(view.channelCount)
                for i in 0..<frames {
                    var sum: Float = 0
                    for channel in 0..<view.channelCount { sum += view.samples(channel)[i] }
                    mono[i] = sum * scale
                }
                mono.withUnsafeBufferPointer { average.append(UnsafeBufferPointer(rebasing: $0[0..<frames])) }
            }
        }
        guard let spectrum = average.spectrum(sampleRate: Double(audio.sampleRate)) else {
            throw AudioError(
                .invalidFile, "\(file): too short for a \(fftSize)-point spectrum (\(audio.frameCount) frames)")
        }
        return (spectrum, average.windowCount)
    }
}
