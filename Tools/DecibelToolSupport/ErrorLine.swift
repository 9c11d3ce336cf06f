import ArgumentParser
import Decibel
import Glibc

/// The one line the command-line tools print for `error`: what happened and what to do, without Swift's
/// syntax for enums or structs. `AudioError`s carry their backend and, when the message has no advice of
/// its own (Decibel's messages give theirs after a semicolon), the advice for their kind.
public func errorLine(for error: any Error) -> String {
    if let line = SystemErrorText.line(error) { return oneLine(line) + "; " + AudioError.Kind.fileUnreadable.advice }
    guard let error = error as? AudioError else {
        return oneLine(String(describing: error))
    }
    let line = oneLine(error.description)
    return error.message.contains("; ") ? line : line + "; " + error.kind.advice
}

extension ParsableCommand {
    /// Exits the way the tools promise: every error is `Error: ` and one line on stderr, with status 1 for
    /// a Decibel error and ArgumentParser's status (64 for a usage mistake) otherwise. Help and version
    /// requests are ArgumentParser's to print.
    public static func exit(reporting error: any Error) -> Never {
        if error is AudioError || SystemErrorText.line(error) != nil {
            printError("Error: " + errorLine(for: error))
            Glibc.exit(1)
        }
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        printError("Error: " + oneLine(message(for: error)) + " (--help lists the options)")
        Glibc.exit(code.rawValue)
    }
}

private func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { line in
        var line = line
        while line.first?.isWhitespace == true { line.removeFirst() }
        while line.last?.isWhitespace == true { line.removeLast() }
        return String(line)
    }.joined(separator: " ")
}

extension AudioError.Kind {
    /// What a person at the command line can do about an error of this kind.
    public var advice: String {
        switch self {
        case .backendUnavailable: "`decibel backends` shows which backends work here and why the others do not"
        case .unknownBackend: "`decibel backends` lists the backend ids"
        case .deviceNotFound: "`decibel devices` lists the device ids"
        case .unsupportedConfiguration:
            "ask for another rate, channel count or buffer size (`decibel devices` shows what each device offers)"
        case .invalidArgument: "`--help` after the command name lists the accepted values"
        case .invalidState: "run the command again; if it repeats, please report it with this line"
        case .streamInvalidated:
            "check that the sound server and the device are still there (`decibel devices`) and run the command again"
        case .backendError: "check the sound server's own log, then run the command again"
        case .timedOut: "check that the sound server is running and not overloaded, then run the command again"
        case .fileNotFound: "check the path"
        case .fileUnreadable: "check that it is a regular file you may read (or write)"
        case .invalidFile:
            "the file is damaged or not audio; if another player reads it, re-encode it (ffmpeg -i in out.wav)"
        case .unsupportedFormat: "convert it to WAV or FLAC with another tool (ffmpeg, sox) first"
        }
    }
}
