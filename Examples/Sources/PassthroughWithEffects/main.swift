// The microphone through effects to the output, on one AudioController: a high-pass filter, an echo and
// a gain on the microphone's monitor group, with its level printed as it goes.
//
//   passthrough-with-effects [SECONDS] [--backend ID]
import Decibel
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var backendID: String?
if let index = arguments.firstIndex(of: "--backend") {
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("passthrough-with-effects: --backend needs an id\n".utf8))
        exit(2)
    }
    backendID = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
}
let seconds = arguments.first.flatMap(Double.init) ?? 5

do {
    let backend = try BackendRegistry.default.select(preferring: backendID).backend
    let controller = try AudioController(backend: backend, name: "passthrough-with-effects")
    let microphone = try Microphone(on: controller)
    let rumble = BiquadFilter(.highPass, frequency: 120, channelCount: controller.channelCount)
    let echo = DelayNode(time: 0.25, feedback: 0.35, mix: 0.3, channelCount: controller.channelCount)
    try microphone.monitor.setFilters([rumble, echo])
    microphone.monitor.volume.value = 0.8
    microphone.isMonitoring = true
    try microphone.start()
    try controller.start()
    print("passthrough-with-effects on \(backend.id): \(controller.format)")
    let started = Date()
    while Date().timeIntervalSince(started) < seconds {
        Thread.sleep(forTimeInterval: 0.5)
        print("microphone peak \(String(format: "%.1f", microphone.peakDBFS())) dBFS")
    }
    try controller.stop()
    controller.close()
    print("done")
} catch {
    FileHandle.standardError.write(Data("passthrough-with-effects: \(error)\n".utf8))
    exit(1)
}
