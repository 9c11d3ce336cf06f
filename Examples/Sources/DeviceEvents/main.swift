// Prints device changes (added, removed, default changed) as they happen, with `for await`, until
// `count` have arrived or `seconds` have passed. Try it while you plug in a headset, or `pactl
// load-module module-null-sink`.
import Decibel
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let wanted = arguments.first.flatMap(Int.init) ?? 2
let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 30

func describe(_ event: DeviceEvent) -> String {
    switch event {
    case .added(let device): "added \(device.id) (\(device.name))"
    case .removed(let id): "removed \(id)"
    case .defaultChanged(let direction, let id): "default \(direction) is now \(id)"
    case .listChanged: "the device list changed"
    }
}

do {
    let backend = try BackendRegistry.default.select().backend
    let events = try backend.deviceEvents()
    print("watching \(backend.id) devices", terminator: "\n")
    let watch = Task {
        var seen = 0
        for await event in events {
            print(describe(event))
            seen += 1
            if seen == wanted { break }
        }
        return seen
    }
    let timeout = Task {
        try await Task.sleep(for: .seconds(seconds))
        watch.cancel()
    }
    let seen = await watch.value
    timeout.cancel()
    print("\(seen) events")
} catch {
    FileHandle.standardError.write(Data("device-events: \(error)\n".utf8))
    exit(1)
}
