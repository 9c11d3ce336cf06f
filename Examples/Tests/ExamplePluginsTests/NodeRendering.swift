import DecibelCore
import DecibelGraph
import Foundation

/// Decibel's own offline render of one node: `input` (if the node has an input bus) in blocks of `blockSize`,
/// `before` called with each block's sample time so a test can schedule events, exactly as an engine would.
func render(
    _ node: RenderNode, input: AudioBuffer?, frames: Int, blockSize: Int, sampleRate: Double = 48_000,
    before: (Int64) -> Void = { _ in }
) -> AudioBuffer {
    node.prepare(format: NodeFormat(sampleRate: sampleRate, maximumFrameCount: blockSize))
    let output = AudioBuffer(channelCount: node.channelCount, frameCapacity: frames)
    output.frameLength = frames
    var offset = 0
    while offset < frames {
        let count = min(blockSize, frames - offset)
        before(Int64(offset))
        let inputs = input.map { [$0.view(frames: frames).slice(from: offset, count: count)] } ?? []
        inputs.withUnsafeBufferPointer { inputs in
            node.render(
                NodeRenderContext(
                    inputs: inputs, output: output.view.slice(from: offset, count: count), frameCount: count,
                    sampleTime: Int64(offset)))
        }
        offset += count
    }
    return output
}

/// The largest difference between two buffers of the same shape.
func largestDifference(_ a: AudioBuffer, _ b: AudioBuffer) -> Float {
    precondition(a.channelCount == b.channelCount && a.frameLength == b.frameLength, "buffers of different shapes")
    var largest: Float = 0
    for channel in 0..<a.channelCount {
        for (x, y) in zip(a[channel], b[channel]) { largest = max(largest, abs(x - y)) }
    }
    return largest
}

/// Runs `tool` with `arguments`; throws with its stderr when it fails.
func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailure(
            description: "\(tool) \(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(text)")
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}
