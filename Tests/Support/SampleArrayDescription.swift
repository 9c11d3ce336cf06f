import Testing

// A failed expectation prints the values it was given; tests pass seconds of audio, so these are described by
// their size and range rather than sample by sample (one failed bridge check printed 16 MB).

extension Array: @retroactive CustomTestStringConvertible where Element == Float {
    public var testDescription: String { describeSamples(self) }
}

extension ArraySlice: @retroactive CustomTestStringConvertible where Element == Float {
    public var testDescription: String { describeSamples(self) }
}

private func describeSamples(_ samples: some Collection<Float>) -> String {
    guard let low = samples.min(), let high = samples.max() else { return "[no samples]" }
    return samples.count <= 16 ? "\(Array(samples))" : "[\(samples.count) samples from \(low) to \(high)]"
}
