import CJACK

/// Words for the bits of a `jack_status_t`.
enum JACKStatusText {
    static func describe(_ status: jack_status_t) -> String {
        let bits: [(JackStatus, String)] = [
            (JackFailure, "overall operation failed"),
            (JackInvalidOption, "invalid or unsupported option"),
            (JackNameNotUnique, "client name not unique"),
            (JackServerStarted, "server started"),
            (JackServerFailed, "cannot connect to the server"),
            (JackServerError, "communication error with the server"),
            (JackNoSuchClient, "no such client"),
            (JackLoadFailure, "cannot load internal client"),
            (JackInitFailure, "cannot initialize client"),
            (JackShmFailure, "cannot access shared memory"),
            (JackVersionError, "client and server protocol versions differ"),
            (JackBackendError, "backend error"),
            (JackClientZombie, "client zombified"),
        ]
        let words = bits.filter { status.rawValue & $0.0.rawValue != 0 }.map(\.1)
        return words.isEmpty ? "no status bits" : words.joined(separator: ", ")
    }
}
