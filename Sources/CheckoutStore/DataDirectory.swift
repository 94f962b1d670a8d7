import CSQLite
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

    /// Opens the database for an optional `--data-dir` value and builds a store on it, turning
    /// every way that can fail into one ``DataDirectoryError`` that names the path and what to do.
    ///
    ///     let ledger = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) }
    public static func open<Store>(_ option: String?, _ makeStore: (Database) throws -> Store) throws(DataDirectoryError) -> Store {
        let directory = resolve(option)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw DataDirectoryError("the data directory \(directory.path) is a file, not a directory; pass --data-dir with a directory")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError("cannot create the data directory \(directory.path): \(reason(creating: directory)); pass --data-dir with a writable directory")
        }
        let path = databaseURL(in: directory).path
        do {
            return try makeStore(Database(path: path))
        } catch let error as DatabaseError where error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT {
            throw DataDirectoryError("\(path) is not a checkout database or is damaged (\(error.message)); move it aside (it is kept as it is) or pass another --data-dir")
        } catch let error as DatabaseError where [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(error.code) {
            throw DataDirectoryError("cannot write \(path) (\(error.message)); pass --data-dir with a writable directory")
        } catch {
            throw DataDirectoryError("cannot use the database \(path): \(error)")
        }
    }

    /// Why `directory` cannot be created, found by looking at its nearest existing ancestor:
    /// Foundation's own error only says "the operation could not be completed" on Linux.
    private static func reason(creating directory: URL) -> String {
        var ancestor = directory.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a directory" }
        if access(ancestor.path, W_OK) != 0 { return "\(ancestor.path) is not writable" }
        return "the system refused"
    }
}

/// The data directory or its database cannot be used; the message names the path and what to do.
public struct DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
