import DecibelCore
import Testing

@Suite("AudioBuffer and AudioBufferView")
struct AudioBufferTests {
    @Test("channels are zeroed, separate and 64-byte aligned")
    func layout() {
        let buffer = AudioBuffer(channelCount: 3, frameCapacity: 100)
        for channel in 0..<3 {
            #expect(buffer.withView { Int(bitPattern: $0.samples(channel)) } % 64 == 0)
            #expect(buffer.samples(ofChannel: channel).allSatisfy { $0 == 0 })
        }
        buffer[1][99] = 1
        #expect(buffer[0][99] == 0 && buffer[2][99] == 0 && buffer[2][0] == 0)
    }

    @Test("slices see the right frames and clear only themselves")
    func slicing() {
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: 8)
        for i in 0..<8 { buffer[0][i] = Float(i); buffer[1][i] = Float(-i) }
        buffer.withView { view in
            let slice = view.slice(from: 3, count: 4)
            #expect(slice[0].map { $0 } == [3, 4, 5, 6])
            #expect(slice.slice(from: 1, count: 2)[1].map { $0 } == [-4, -5])
            slice.clear()
        }
        #expect(buffer.samples(ofChannel: 0) == [0, 1, 2, 0, 0, 0, 0, 7])
    }

    @Test("copy fills missing source channels with silence")
    func copyPadsChannels() {
        let mono = AudioBuffer(channelCount: 1, frameCapacity: 4)
        for i in 0..<4 { mono[0][i] = 0.5 }
        let stereo = AudioBuffer(channelCount: 2, frameCapacity: 4)
        stereo[1][0] = 9
        withExtendedLifetime((stereo, mono)) { stereo.view.copy(from: mono.view) }
        #expect(stereo.samples(ofChannel: 0) == [0.5, 0.5, 0.5, 0.5])
        #expect(stereo.samples(ofChannel: 1) == [0, 0, 0, 0])
    }

    @Test("the empty view has nothing")
    func emptyView() {
        #expect(AudioBufferView.empty.isEmpty)
        #expect(AudioBufferView.empty.channelCount == 0)
    }
}
