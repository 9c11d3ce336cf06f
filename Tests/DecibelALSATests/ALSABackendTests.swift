import DecibelCore
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelALSA

@Suite("ALSA backend: loading, devices, probing, errors")
struct ALSABackendTests {
    @Test func identifiesItself() {
        let backend = ALSATestConfig.backend()
        #expect(backend.id == "alsa")
        #expect(backend.name == "ALSA")
    }

    /// A missing library leaves the backend unavailable with dlopen's reason; nothing crashes.
    @Test func missingLibraryMakesTheBackendUnavailable() throws {
        let backend = ALSABackend(options: .init(libraryPath: "/nonexistent/decibel/libasound.so.2"))
        guard case .unavailable(let reason) = backend.availability else {
            Issue.record("a missing alsa-lib must make the backend unavailable")
            return
        }
        #expect(reason.contains("/nonexistent/decibel/libasound.so.2"))
        #expect(reason.contains("No such file"), "dlerror's text is kept: \(reason)")
        #expect(throws: AudioError.self) { try backend.devices() }
        do {
            _ = try backend.makeStream(StreamConfiguration(device: "null") { _ in })
            Issue.record("makeStream must throw without alsa-lib")
        } catch {
            #expect(error.kind == .backendUnavailable)
        }
    }

    /// `DECIBEL_ALSA_LIBRARY` names the library file unless the backend was given one. (The rule is
    /// checked as a function: setting the variable here would reach the tests running beside this one.)
    @Test func libraryEnvironmentVariableIsHonoured() throws {
        let missing = "/nonexistent/decibel/libasound.so.2"
        #expect(ALSALibrary.description.resolvePath(nil, environment: ["DECIBEL_ALSA_LIBRARY": missing]) == missing)
        #expect(
            ALSALibrary.description.resolvePath("/x/libasound.so.2", environment: ["DECIBEL_ALSA_LIBRARY": missing])
                == "/x/libasound.so.2")
        #expect(ALSALibrary.description.resolvePath(nil, environment: ["DECIBEL_ALSA_LIBRARY": ""]) == "libasound.so.2")
        #expect(ALSALibrary.description.resolvePath(nil, environment: [:]) == "libasound.so.2")
        if (try? ALSALibrary.load(path: missing)) != nil { Issue.record("a missing file cannot load") }
    }

    /// The real library loads, and availability says what it found in words.
    @Test func availabilityDescribesTheMachine() throws {
        let backend = ALSATestConfig.backend()
        let library = try backend.library()
        #expect(library.version.hasPrefix("1."))
        let availability = backend.availability
        #expect(availability.isAvailable, "plugin PCMs work without a card: \(availability)")
        let cards = ALSABackend.cardNumbers(library).count
        #expect(
            availability.description.contains("alsa-lib \(library.version), \(cards) sound card(s)"), "\(availability)")
        let defaultOpens = (try? ALSAPCM(library: library, name: "default", direction: .output)) != nil
        #expect(
            availability.description.contains(defaultOpens ? "'default' PCM opens" : "'default' PCM does not open"),
            "\(availability)")
    }

    /// Every PCM `aplay -L` lists is an output device here, every one `arecord -L` lists an input.
    @Test func listsWhatAplayLists() throws {
        let backend = ALSATestConfig.backend()
        let devices = try backend.devices()
        let environment = ["ALSA_CONFIG_PATH": ALSATestConfig.path]
        func names(_ tool: String) throws -> Set<String> {
            let result = try run(tool, ["-L"], environment: environment, timeout: 20)
            #expect(result.status == 0, "\(tool) -L failed: \(result.standardError)")
            return Set(
                result.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map(
                    String.init))
        }
        let playback = try names("aplay"), capture = try names("arecord")
        #expect(!playback.isEmpty)
        #expect(playback.contains("null"))
        #expect(playback.contains("decibel_file_s16"), "the test's own config is what both read")
        let outputs = Set(devices.filter { $0.direction.hasOutput }.map(\.id))
        let inputs = Set(devices.filter { $0.direction.hasInput }.map(\.id))
        #expect(playback.subtracting(outputs).isEmpty, "missing outputs: \(playback.subtracting(outputs).sorted())")
        #expect(capture.subtracting(inputs).isEmpty, "missing inputs: \(capture.subtracting(inputs).sorted())")
        // Beyond aplay's list only the default device (and card PCMs the hints left out) may appear.
        let extra = Set(devices.map(\.id)).subtracting(playback).subtracting(capture)
        #expect(extra.allSatisfy { $0 == "default" || $0.hasPrefix("hw:") }, "unexpected: \(extra.sorted())")
        let null = try #require(devices.first { $0.id == "null" })
        #expect(null.name.contains("Discard all samples"))
        #expect(null.direction == .duplex)
        let defaultOutput = try backend.defaultOutputDevice
        #expect(defaultOutput?.id == "default")
    }

    /// Probing `null` fills in channels, rates and the formats Decibel converts.
    @Test func probesChannelsRatesAndFormats() throws {
        let backend = ALSATestConfig.backend()
        let null = try backend.device(id: "null")
        #expect(null.sampleRates.isEmpty, "listing does not probe")
        let probed = try backend.probe(null)
        #expect(probed.outputChannelCount >= 2 && probed.inputChannelCount >= 2)
        #expect(probed.sampleRates.contains(44_100) && probed.sampleRates.contains(48_000))
        #expect(probed.preferredSampleRate == 48_000)
        #expect(Set(probed.sampleTypes) == [.float32, .int32, .int24, .int16])
    }

    /// Probing a PCM that cannot open says so with alsa-lib's text, and prints nothing to stderr.
    @Test func probingIsQuietAndErrorsCarryAlsaText() throws {
        let backend = ALSATestConfig.backend()
        let ghost = AudioDevice(id: "decibel_no_such_pcm", name: "ghost", backend: "alsa", direction: .duplex)
        let printed = try capturingStandardError {
            do throws(AudioError) {
                _ = try backend.probe(ghost)
                Issue.record("probing an unknown PCM must throw")
            } catch {
                #expect(error.kind == .deviceNotFound)
                #expect(error.codeDescription == "No such file or directory")
                #expect(
                    error.message.contains("Unknown PCM decibel_no_such_pcm"), "alsa-lib's own words: \(error.message)")
            }
            // Plugins that fail noisily without their server or device: jack (libjack's own messages), oss.
            for id in ["jack", "oss"] {
                _ = try? backend.probe(AudioDevice(id: id, name: id, backend: "alsa", direction: .duplex))
            }
        }
        // alsa-lib's default handler prints "ALSA lib pcm.c:…"; other tests may print beside this one.
        let chatter = printed.split(separator: "\n").filter {
            $0.hasPrefix("ALSA lib") || $0.contains("decibel_no_such_pcm") || $0.contains("Cannot connect to server")
                || $0.contains("jack server")
        }
        #expect(chatter.isEmpty, "alsa-lib printed: \(chatter)")
        #expect(ALSADiagnostics.recentMessages.contains { $0.text.contains("Unknown PCM decibel_no_such_pcm") })
    }

    /// Any PCM name alsa-lib accepts works, listed or not; an unknown one is a clear deviceNotFound.
    @Test func anyPCMNameWorksAndUnknownOnesAreClear() throws {
        let backend = ALSATestConfig.backend()
        let listed = try backend.devices().map(\.id)
        for name in ["plug:null", "plug:'null'"] {
            #expect(!listed.contains(name))
            let log = CallbackLog()
            let stream = try backend.makeStream(
                StreamConfiguration(device: name, channelCount: 3, bufferSize: .frames(64)) { log.record($0) })
            try stream.start()
            Thread.sleep(forTimeInterval: 0.1)
            stream.close()
            #expect(log.callbacks.load(ordering: .relaxed) > 10, "\(name) ran")
        }
        do {
            _ = try backend.makeStream(StreamConfiguration(device: "decibel_no_such_pcm") { _ in })
            Issue.record("an unknown PCM must throw")
        } catch {
            #expect(error.kind == .deviceNotFound)
            #expect(error.backend == "alsa")
            #expect(error.description.contains("'decibel_no_such_pcm'"))
            #expect(error.description.contains("aplay -L"), "the error says where the names are: \(error)")
        }
    }

    /// Requests a device cannot meet are refused with what it offers, never silently changed.
    @Test func unsupportedRequestsAreRefusedClearly() throws {
        let backend = ALSATestConfig.backend()
        do {
            _ = try backend.makeStream(
                StreamConfiguration(device: "pulse", sampleRate: 48_000, channelCount: 40) { _ in })
            Issue.record("40 channels on the pulse PCM must be refused")
        } catch {
            #expect([.unsupportedConfiguration, .backendError].contains(error.kind), "\(error)")
        }
        #expect(throws: AudioError.self) {
            try backend.makeStream(StreamConfiguration(device: "null", channelCount: 0) { _ in })
        }
    }

    /// The device folder is watched: a change there produces a device event.
    @Test func deviceFolderChangesAreReported() throws {
        // The real /dev/snd (absent on a machine without cards) can be watched too.
        try ALSATestConfig.backend().observeDevices { _ in }.cancel()

        let root = TestEnvironment.temporaryDirectory("decibel-alsa-dev")
        let folder = root.appendingPathComponent("snd")
        let backend = ALSABackend(options: .init(deviceDirectory: folder.path))
        let events = Locked<[DeviceEvent]>([])
        let observation = try backend.observeDevices { event in events.withLock { $0.append(event) } }
        defer { observation.cancel() }
        // Other entries of the parent (all of /dev in real life) do not count.
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("tty99").path, contents: nil)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(events.withLock { $0.isEmpty }, "a sibling of the folder is ignored")
        // The folder itself appearing (the first card) counts, then a node inside it.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(waitUntil(seconds: 3) { events.withLock { !$0.isEmpty } }, "creating the folder is noticed")
        let before = events.withLock { $0.count }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("pcmC0D0p").path, contents: nil)
        #expect(waitUntil(seconds: 3) { events.withLock { $0.count > before } }, "a new node is noticed")
        #expect(events.withLock { $0.allSatisfy { $0 == .listChanged } }, "the PCM list itself did not change")
        observation.cancel()
        let after = events.withLock { $0.count }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("pcmC0D0c").path, contents: nil)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(events.withLock { $0.count } == after, "no events after cancel()")
    }
}

func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}

/// Runs `body` with file descriptor 2 pointed at a temporary file and returns what was written.
func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let url = TestEnvironment.temporaryDirectory("decibel-stderr").appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    let saved = dup(2)
    dup2(handle.fileDescriptor, 2)
    defer {
        dup2(saved, 2)
        close(saved)
        try? handle.close()
    }
    try body()
    fsync(2)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}
