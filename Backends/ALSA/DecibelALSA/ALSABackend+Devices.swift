import CALSA
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

extension ALSABackend {
    public func devices() throws(AudioError) -> [AudioDevice] {
        Self.listDevices(try library())
    }

    public func probe(_ device: AudioDevice) throws(AudioError) -> AudioDevice {
        try Self.probe(device, library: try library())
    }

    /// Watches `/dev/snd` (and `/dev`, for the folder itself appearing) with inotify; each change is
    /// reported as the devices added and removed since the last list, or `listChanged` when the list
    /// looks the same (a card's nodes changed but its PCMs did not).
    /// - Throws: `AudioError` of kind `backendUnavailable` when alsa-lib is missing, or `backendError` when
    ///   no inotify instance or watcher thread can be created.
    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let library = try library()
        let watcher = try ALSADeviceWatcher(
            directory: options.deviceDirectory, initial: Self.listDevices(library), list: { Self.listDevices(library) },
            handler: handler)
        return DeviceObservation { watcher.cancel() }
    }

    /// Every PCM alsa-lib's configuration names (`snd_device_name_hint`, what `aplay -L` prints), then the
    /// PCM devices of each sound card that the hints left out, with `default` first if the hints lack it.
    static func listDevices(_ library: ALSALibrary) -> [AudioDevice] {
        var devices = hintedDevices(library)
        var known = Set(devices.map(\.id))
        for device in cardDevices(library) where !known.contains(device.id) {
            known.insert(device.id)
            devices.append(device)
        }
        if !known.contains("default") {
            devices.insert(
                AudioDevice(id: "default", name: "Default ALSA device", backend: "alsa", direction: .duplex), at: 0)
        }
        return devices.map { device in
            var device = device
            if device.id == "default" {
                device.isDefaultInput = device.direction.hasInput
                device.isDefaultOutput = device.direction.hasOutput
            }
            return device
        }
    }

    private static func hintedDevices(_ library: ALSALibrary) -> [AudioDevice] {
        let api = library.api
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard api.snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { _ = api.snd_device_name_free_hint(hints) }
        func value(_ hint: UnsafeMutableRawPointer, _ key: String) -> String? {
            guard let text = api.snd_device_name_get_hint(hint, key) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
        var devices: [AudioDevice] = []
        var index = 0
        while let hint = hints[index] {
            index += 1
            guard let id = value(hint, "NAME") else { continue }
            let direction: AudioDirection =
                switch value(hint, "IOID") {
                case "Input": .input
                case "Output": .output
                default: .duplex
                }
            let lines = (value(hint, "DESC") ?? "").split(separator: "\n").map(trimmed).filter { !$0.isEmpty }
            let name = lines.isEmpty ? id : lines.joined(separator: ", ")
            devices.append(AudioDevice(id: id, name: name, backend: "alsa", direction: direction))
        }
        return devices
    }

    private static func trimmed(_ line: Substring) -> String {
        String(
            line.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
        )
    }

    /// Card numbers from `snd_card_next` (empty on a machine without sound hardware).
    static func cardNumbers(_ library: ALSALibrary) -> [Int32] {
        var cards: [Int32] = []
        var card: Int32 = -1
        while library.api.snd_card_next(&card) >= 0, card >= 0, cards.count < 64 { cards.append(card) }
        return cards
    }

    /// The hardware PCM devices of every card, as `hw:CARD=<id>,DEV=<n>`.
    private static func cardDevices(_ library: ALSALibrary) -> [AudioDevice] {
        let api = library.api
        var devices: [AudioDevice] = []
        var info: OpaquePointer?, pcmInfo: OpaquePointer?
        guard api.snd_ctl_card_info_malloc(&info) >= 0 else { return [] }
        defer { api.snd_ctl_card_info_free(info) }
        guard api.snd_pcm_info_malloc(&pcmInfo) >= 0 else { return [] }
        defer { api.snd_pcm_info_free(pcmInfo) }
        for card in cardNumbers(library) {
            var control: OpaquePointer?
            guard api.snd_ctl_open(&control, "hw:\(card)", 0) >= 0, let control else { continue }
            defer { _ = api.snd_ctl_close(control) }
            guard api.snd_ctl_card_info(control, info) >= 0 else { continue }
            let cardID = api.snd_ctl_card_info_get_id(info).map { String(cString: $0) } ?? String(card)
            var cardName: UnsafeMutablePointer<CChar>?
            let cardTitle =
                api.snd_card_get_name(card, &cardName) >= 0 ? cardName.map { String(cString: $0) } ?? cardID : cardID
            free(cardName)
            var device: Int32 = -1
            while api.snd_ctl_pcm_next_device(control, &device) >= 0, device >= 0 {
                var plays = false, captures = false, title = ""
                for stream in [SND_PCM_STREAM_PLAYBACK, SND_PCM_STREAM_CAPTURE] {
                    api.snd_pcm_info_set_device(pcmInfo, UInt32(device))
                    api.snd_pcm_info_set_subdevice(pcmInfo, 0)
                    api.snd_pcm_info_set_stream(pcmInfo, stream)
                    guard api.snd_ctl_pcm_info(control, pcmInfo) >= 0 else { continue }
                    if stream == SND_PCM_STREAM_PLAYBACK { plays = true } else { captures = true }
                    title = api.snd_pcm_info_get_name(pcmInfo).map { String(cString: $0) } ?? title
                }
                guard plays || captures else { continue }
                let direction: AudioDirection = plays && captures ? .duplex : (plays ? .output : .input)
                devices.append(
                    AudioDevice(
                        id: "hw:CARD=\(cardID),DEV=\(device)", name: "\(cardTitle), \(title)", backend: "alsa",
                        direction: direction))
            }
        }
        return devices
    }
}
