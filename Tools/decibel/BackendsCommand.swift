import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel backends`: every compiled-in backend, available or not, and why.
struct BackendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backends",
        abstract: "List the backends in priority order, whether each is available and why, and which is picked.",
        discussion: "Example:\n  decibel backends\n  DECIBEL_BACKEND=null decibel backends"
    )

    @Option(name: .long, help: ArgumentHelp("Show the pick as if --backend ID were given.", valueName: "id"))
    var backend: String?

    func run() throws {
        let registry = BackendRegistry.default
        if let backend { _ = try registry.backend(id: backend) }
        for report in registry.report(preferring: backend) {
            let mark = report.isChosen ? "*" : " "
            let state: String
            switch report.availability {
            case .available: state = "available"
            case .availableOnRequest: state = "if named"
            case .unavailable: state = "unavailable"
            }
            print("\(mark) \(column(report.id, 8)) \(column(state, 11))  \(report.availability.explanation)")
        }
    }
}
