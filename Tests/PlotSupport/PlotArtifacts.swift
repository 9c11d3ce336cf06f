import Foundation

/// Where tests leave their pictures (kept so a person can look at them).
public enum PlotArtifacts {
    public static let directory: URL = {
        let url = URL(fileURLWithPath: "/tmp/decibel-plot-tests")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
