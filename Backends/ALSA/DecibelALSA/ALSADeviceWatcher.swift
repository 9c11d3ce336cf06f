import CALSA
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Watches the ALSA device folder (`/dev/snd`) with inotify and tells Core's `DeviceListWatcher` when it
/// changed; the watcher lists the PCMs again and reports the difference (or `listChanged` when alsa-lib
/// names the same PCMs).
///
/// It also watches the folder's parent, because `/dev/snd` itself appears with the first card and
/// vanishes with the last. Bursts of node changes (a card brings several) are gathered for a moment
/// before the watcher is told.
final class ALSADeviceWatcher: @unchecked Sendable {
    private let inotify: Int32
    private let wake: Int32
    private let directory: String
    private let watcher: DeviceListWatcher
    private var directoryWatch: Int32 = -1
    private var parentWatch: Int32 = -1
    private let folderName: String
    private let stopping = Atomic<Bool>(false)
    private var thread: AudioThread?

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)

    init(
        directory: String, initial: [AudioDevice], list: @escaping @Sendable () -> [AudioDevice],
        handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) {
        self.directory = directory
        watcher = try DeviceListWatcher(
            name: "alsa-devices", devices: initial, reportsUnlistedChanges: true, list: list, handler: handler)
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            watcher.cancel()
            throw AudioError(
                .backendError, "cannot watch \(directory) for sound cards (inotify)", backend: "alsa", code: errno,
                codeDescription: String(cString: strerror(errno)))
        }
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        let components = directory.split(separator: "/")
        folderName = components.last.map(String.init) ?? directory
        parentWatch = inotify_add_watch(
            inotify, "/" + components.dropLast().joined(separator: "/"), UInt32(IN_CREATE | IN_DELETE))
        directoryWatch = inotify_add_watch(inotify, directory, Self.mask)
        do throws(AudioError) {
            thread = try AudioThread(name: "alsa-inotify") { [self] in watch() }
        } catch {
            watcher.cancel()
            _ = close(inotify)
            _ = close(wake)
            throw error
        }
    }

    /// Stops watching; waits for the watcher thread unless called from it.
    func cancel() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        thread?.join()
        watcher.cancel()
        _ = close(inotify)
        _ = close(wake)
    }

    private func watch() {
        var descriptors = [
            pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopping.load(ordering: .acquiring) {
            guard poll(&descriptors, 2, 1000) > 0, descriptors[1].revents == 0 else { continue }
            guard descriptors[0].revents != 0 else { continue }
            // Gather the burst: read until the folder has been quiet for 100 ms.
            var relevant = false
            repeat {
                while true {
                    let count = read(inotify, &buffer, buffer.count)
                    if count <= 0 { break }
                    relevant = relevant || containsRelevantEvent(buffer, count: count)
                }
            } while poll(&descriptors, 1, 100) > 0 && !stopping.load(ordering: .acquiring)
            if stopping.load(ordering: .acquiring) { return }
            guard relevant else { continue }
            if directoryWatch < 0 || access(directory, F_OK) == 0 {
                directoryWatch = inotify_add_watch(inotify, directory, Self.mask)  // the folder may be new
            }
            watcher.listMayHaveChanged()
        }
    }

    /// Whether the events in `buffer` concern the device folder: anything inside it, or the folder
    /// itself appearing or vanishing in its parent (whose other entries, all of `/dev`, do not count).
    private func containsRelevantEvent(_ buffer: [UInt8], count: Int) -> Bool {
        buffer.withUnsafeBytes { raw in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let descriptor = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let nameLength = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                if descriptor != parentWatch { return true }
                let nameBytes = raw[(offset + header)..<min(count, offset + header + nameLength)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == folderName { return true }
                offset += header + nameLength
            }
            return false
        }
    }
}
