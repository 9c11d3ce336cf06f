import DecibelCore
import Foundation
import Synchronization

/// Records the smallest and largest frame counts the render callback sees.
final class FrameCountProbe: @unchecked Sendable {
    private let calls = Atomic<Int>(0)
    private let smallest = Atomic<Int>(Int.max)
    private let largest = Atomic<Int>(0)

    var render: RenderCallback {
        { [self] context in
            calls.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount < smallest.load(ordering: .relaxed) {
                smallest.store(context.frameCount, ordering: .relaxed)
            }
            if context.frameCount > largest.load(ordering: .relaxed) {
                largest.store(context.frameCount, ordering: .relaxed)
            }
        }
    }

    var summary: (calls: Int, smallest: Int, largest: Int) {
        (calls.load(ordering: .relaxed), smallest.load(ordering: .relaxed), largest.load(ordering: .relaxed))
    }
}
