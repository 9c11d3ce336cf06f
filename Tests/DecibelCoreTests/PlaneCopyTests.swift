import CDecibelSIMD
import Testing

/// `decibel_copy_planes`, under the ring buffer: every length and offset copies exactly its run, and not a
/// sample beside it.
@Suite struct PlaneCopyTests {
    @Test(arguments: [false, true])
    func everyLengthAndOffsetCopiesExactlyItsRun(portable: Bool) {
        let capacity = 9000
        let sources = (0..<3).map { channel in
            UnsafeMutablePointer<Float>.allocate(capacity: capacity).initialized { Float(channel * 100_000 + $0) }
        }
        let destinations = (0..<3).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: capacity) }
        defer { (sources + destinations).forEach { $0.deallocate() } }
        let lengths = Array(0...70) + [255, 256, 257, 1023, 1024, 1025, 4095, 4096, 4097, 8000]
        for count in lengths {
            for (sourceOffset, destinationOffset) in [(0, 0), (3, 17), (1000, 1), (5, 900)] {
                for destination in destinations {
                    destination.update(repeating: -1, count: min(capacity, destinationOffset + count + 20))
                }
                let inputs = sources.map { Optional(UnsafePointer($0)) }
                let outputs = destinations.map { Optional($0) }
                if portable {
                    decibel_copy_planes_portable(outputs, destinationOffset, inputs, sourceOffset, 3, count)
                } else {
                    decibel_copy_planes(outputs, destinationOffset, inputs, sourceOffset, 3, count)
                }
                for channel in 0..<3 {
                    // The run and 20 samples either side: what a copy could wrongly touch.
                    let window = max(0, destinationOffset - 20)..<min(capacity, destinationOffset + count + 20)
                    let written = window.filter { destinations[channel][$0] != -1 }
                    #expect(written == Array(destinationOffset..<(destinationOffset + count)), "\(count) samples")
                    let copied = (0..<count).allSatisfy {
                        destinations[channel][destinationOffset + $0] == sources[channel][sourceOffset + $0]
                    }
                    #expect(copied, "\(count) samples from \(sourceOffset) to \(destinationOffset)")
                }
            }
        }
    }
}

extension UnsafeMutablePointer where Pointee == Float {
    fileprivate func initialized(_ value: (Int) -> Float) -> Self {
        for index in 0..<9000 { (self + index).initialize(to: value(index)) }
        return self
    }
}
