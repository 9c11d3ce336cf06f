import ArgumentParser

/// Checks a `--rate` option: nil (the device's rate) or a finite rate in 1 kHz…768 kHz.
func validateRate(_ rate: Double?) throws {
    guard let rate else { return }
    guard rate.isFinite, (1000...768_000).contains(rate) else {
        throw ValidationError("--rate must be between 1000 and 768000 Hz")
    }
}
