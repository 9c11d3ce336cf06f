import Testing

/// Every DecibelPulse test, serialized: several tests load modules into, switch defaults of, or kill and
/// restart the one pulseaudio instance, so none may overlap with another.
@Suite(.serialized)
struct PulseTests {}
