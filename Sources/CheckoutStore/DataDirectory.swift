import Foundation

/// Where `checkout` keeps its database: `--data-dir`, else `$XDG_DATA_HOME/checkout`, else
/// `~/.local/share/checkout`.
public enum DataDirectory {
    /// The data directory for an optional `--data-dir` value.
    public static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("checkout", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/checkout", isDirectory: true)
    }

    /// The one SQLite database file inside a data directory.
    public static func databaseURL(in directory: URL) -> URL {
        directory.appendingPathComponent("checkout.sqlite")
    }

    /// Opens the database for an optional `--data-dir` value.
    public static func openDatabase(_ option: String?) throws -> Database {
        try Database(path: databaseURL(in: resolve(option)).path)
    }
}
