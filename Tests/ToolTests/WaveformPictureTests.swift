import DecibelPlot
import DecibelTestSupport
import Foundation
import Testing

/// `decibel waveform` pictures checked by their pixels: size, audiowaveform's colour schemes, border,
/// time markers and labels present or absent, bar geometry, channel rows and colours, the RMS band.
@Suite("decibel waveform pictures")
struct WaveformPictureTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-waveform-png")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A 4 s 44.1 kHz stereo tone at -6 dBFS: 440 Hz left, 660 Hz right at half that level.
    private func tone() throws -> String {
        let file = path("tone.wav")
        let sox = try run(
            "sox",
            [
                "-n", "-r", "44100", "-c", "2", "-b", "16", file, "synth", "4", "sine", "440", "sine", "660", "remix",
                "1v0.5",
                "2v0.25",
            ])
        try #require(sox.status == 0, "\(sox.standardError)")
        return file
    }

    private func draw(_ name: String, _ arguments: [String]) throws -> PlotImage {
        let output = path(name)
        let result = try run(decibel, ["waveform", "-i", try tone(), "-o", output, "-q"] + arguments)
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        return try PlotImage(contentsOfPNG: output)
    }

    private func rgb(_ image: PlotImage, _ x: Int, _ y: Int) -> UInt32 { image.argb(x: x, y: y) & 0xFF_FFFF }

    private func count(_ image: PlotImage, _ color: UInt32, rows: Range<Int>, columns: Range<Int>? = nil) -> Int {
        var total = 0
        for y in rows { for x in columns ?? 0..<image.width where rgb(image, x, y) == color { total += 1 } }
        return total
    }

    /// Pixels darker than a quarter in every channel (anti-aliased text included).
    private func dark(_ image: PlotImage, rows: Range<Int>, columns: Range<Int>) -> Int {
        var total = 0
        for y in rows {
            for x in columns {
                let color = rgb(image, x, y)
                if color >> 16 < 0x40, color >> 8 & 0xFF < 0x40, color & 0xFF < 0x40 { total += 1 }
            }
        }
        return total
    }

    @Test("defaults: 800×250, audacity colours, black border, a marker every second with its label")
    func defaults() throws {
        // 441 samples per pixel: 100 pixels per second, so markers every second at x = 100, 200, …
        let image = try draw("default.png", ["-z", "441"])
        #expect(image.width == 800 && image.height == 250)
        #expect(rgb(image, 0, 0) == 0 && rgb(image, 799, 249) == 0 && rgb(image, 400, 0) == 0)
        #expect(rgb(image, 50, 5) == 0xD6D6D6, "background between markers")
        for x in [100, 200, 300, 700] {
            #expect(rgb(image, x, 5) == 0 && rgb(image, x, 244) == 0, "marker at \(x)")
            #expect(rgb(image, x + 1, 5) == 0xD6D6D6)
            // Its label sits above the bottom marker: dark text pixels around the marker.
            #expect(dark(image, rows: 220..<238, columns: (x - 18)..<(x + 18)) > 10, "label at \(x)")
        }
        // 4 s: 400 columns of waveform, the first under the border, then background.
        #expect(count(image, 0x3F4D9B, rows: 120..<130) == 399 * 10, "the waveform crosses the middle")
        #expect(rgb(image, 400, 125) == 0xD6D6D6)
        #expect(dark(image, rows: 220..<238, columns: 40..<80) == 0, "no label before the first marker")
        // Mono mix at -6 dBFS and -12 dBFS: (0.5 + 0.25) / 2 peak at most, so the top ~30 % stays clear.
        #expect(count(image, 0x3F4D9B, rows: 11..<60) == 0)
        #expect(count(image, 0x3F4D9B, rows: 80..<100) > 0)
    }

    @Test("--no-axis-labels: no border, markers or labels; --start shifts the markers")
    func axisLabels() throws {
        let bare = try draw("bare.png", ["-z", "441", "--no-axis-labels"])
        #expect(count(bare, 0, rows: 0..<250) == 0, "nothing black")
        let shifted = try draw("shifted.png", ["-z", "441", "-s", "0.5"])
        // 0.5 s in, the first whole second is 50 pixels on.
        #expect(rgb(shifted, 50, 5) == 0 && rgb(shifted, 150, 5) == 0 && rgb(shifted, 100, 5) == 0xD6D6D6)
    }

    @Test("bars: 8 wide with 4-pixel gaps, equal heights on a steady tone; rounded corners are cut")
    func bars() throws {
        let square = try draw("bars.png", ["-z", "441", "--waveform-style", "bars", "--no-axis-labels"])
        let middle = 125
        // 4 s at 100 pixels per second: 400 columns make 33 bars and a bit.
        for bar in 0..<33 {
            let left = bar * 12
            #expect((left..<(left + 8)).allSatisfy { rgb(square, $0, middle) == 0x3F4D9B }, "bar \(bar)")
            #expect(((left + 8)..<(left + 12)).allSatisfy { rgb(square, $0, middle) == 0xD6D6D6 }, "gap \(bar)")
        }
        func top(_ image: PlotImage, _ x: Int) -> Int { (0..<250).first { rgb(image, x, $0) == 0x3F4D9B } ?? -1 }
        let tops = Set((1..<33).map { top(square, $0 * 12 + 3) })
        #expect(tops.count == 1, "steady tone, equal bars: \(tops)")
        let rounded = try draw(
            "rounded.png",
            [
                "-z", "441", "--waveform-style", "bars", "--bar-style", "rounded", "--bar-width", "12",
                "--bar-gap", "4", "--no-axis-labels",
            ])
        let barTop = top(rounded, 16 + 6)
        #expect(barTop > 0)
        #expect(rgb(rounded, 16, barTop) == 0xD6D6D6, "the corner is cut")
        #expect(rgb(rounded, 16 + 6, barTop) == 0x3F4D9B)
    }

    @Test("--split-channels with a colour per channel: two rows; audition scheme; the RMS band inside")
    func channelsAndColours() throws {
        let image = try draw(
            "split.png",
            [
                "-z", "441", "--split-channels", "--waveform-color", "ff0000,00aa00", "-c", "audition", "--rms",
                "--rms-color", "ffffff",
            ])
        #expect(rgb(image, 50, 5) == 0x003F22, "audition background")
        #expect(rgb(image, 0, 0) == 0x9D9D9D, "audition border")
        #expect(count(image, 0xFF0000, rows: 1..<124) > 500 && count(image, 0xFF0000, rows: 126..<249) == 0)
        #expect(count(image, 0x00AA00, rows: 126..<249) > 500 && count(image, 0x00AA00, rows: 1..<124) == 0)
        // A sine's RMS is 0.707 of its peak: the white band is inside the coloured peaks, in both rows.
        #expect(count(image, 0xFFFFFF, rows: 55..<70) > 700 && count(image, 0xFFFFFF, rows: 180..<195) > 700)
        #expect(count(image, 0xFFFFFF, rows: 1..<30) == 0)
    }

    @Test("-z auto fits the whole file; --amplitude-scale auto fills the height; SVG and PDF are written")
    func autoZoomAndVectors() throws {
        let fitted = try draw("auto.png", ["-z", "auto", "-w", "400", "-h", "100", "--amplitude-scale", "auto"])
        #expect(fitted.width == 400 && fitted.height == 100)
        // 4 s over 400 pixels: 441 samples each, all 400 columns drawn, reaching the rows under the border.
        #expect(count(fitted, 0x3F4D9B, rows: 1..<3) > 300)
        for format in ["svg", "pdf"] {
            let output = path("vector.\(format)")
            let result = try run(decibel, ["waveform", "-i", try tone(), "-o", output, "-z", "auto", "--mirror", "-q"])
            #expect(result.status == 0, "\(result.standardError)")
            let head = try Data(contentsOf: URL(fileURLWithPath: output)).prefix(5)
            #expect(head == Data(format == "svg" ? "<?xml".utf8 : "%PDF-".utf8))
        }
    }

    @Test("--compression: 0 and 9 hold the same pixels, 9 in fewer bytes; translucent colours keep their alpha")
    func compressionAndAlpha() throws {
        let stored = try draw("level0.png", ["-z", "441", "--compression", "0"])
        let packed = try draw("level9.png", ["-z", "441", "--compression", "9"])
        #expect(stored.pixels == packed.pixels)
        let storedSize = try Data(contentsOf: URL(fileURLWithPath: path("level0.png"))).count
        let packedSize = try Data(contentsOf: URL(fileURLWithPath: path("level9.png"))).count
        #expect(storedSize > 800 * 250 * 3 && packedSize * 10 < storedSize, "\(storedSize) and \(packedSize) bytes")
        // ImageMagick, an independent decoder, sees the same picture in both.
        let compare = try run("compare", ["-metric", "AE", path("level0.png"), path("level9.png"), "null:"])
        #expect(
            compare.standardError.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(compare.standardError)")
        let clear = try draw("clear.png", ["-z", "441", "--background-color", "ffffff00", "--no-axis-labels"])
        #expect(clear.argb(x: 500, y: 10) >> 24 == 0, "transparent background")
        #expect(clear.argb(x: 100, y: 125) == 0xFF3F_4D9B, "opaque waveform")
        let identify = try run("identify", ["-format", "%[channels]", path("clear.png")])
        #expect(identify.standardOutput.contains("a"), "RGBA: \(identify.standardOutput)")
    }

    @Test("without Cairo: data is still written; a picture fails with one line naming the package to install")
    func withoutCairo() throws {
        // A libcairo.so.2 that is no library, first on the search path, stands for Cairo missing: the command
        // must start (Cairo is loaded when a plot is drawn, not linked) and say what to install.
        let libraries = path("no-cairo")
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: libraries + "/libcairo.so.2", contents: Data()))
        let environment = ["LD_LIBRARY_PATH": libraries]
        let data = try run(
            decibel, ["waveform", "-i", try tone(), "-o", path("plain.dat"), "-q"], environment: environment)
        #expect(data.status == 0, "\(data.standardError)")
        let picture = try run(
            decibel, ["waveform", "-i", try tone(), "-o", path("none.png"), "-q"], environment: environment)
        #expect(picture.status == 1)
        let lines = picture.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(picture.standardError)")
        #expect(lines.first?.hasPrefix("Error: plotting needs libcairo.so.2, which could not be loaded (") == true)
        #expect(lines.first?.hasSuffix("; install libcairo2 (Debian, Ubuntu) or cairo") == true, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: path("none.png")))
    }
}
