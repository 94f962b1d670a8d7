import CheckoutCore
import CSQLite
import FoundationEssentials
import Glibc

/// Where `checkout` keeps its database: `--data-dir`, else `$XDG_DATA_HOME/checkout`, else
/// `~/.local/share/checkout`.
public enum DataDirectory {
    /// The data directory for an optional `--data-dir` value.
    public static func resolve(_ option: String?, environment: [String: String] = ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"])) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("checkout", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/checkout", isDirectory: true)
    }

    /// The user's home directory from the password database, for when `HOME` is not set.
    private static func homeDirectory() -> String {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// The one SQLite database file inside a data directory.
    public static func databaseURL(in directory: URL) -> URL {
        directory.appendingPathComponent("checkout.sqlite")
    }

    /// Opens the database for an optional `--data-dir` value and builds a store on it, turning
    /// every way that can fail into one ``DataDirectoryError`` that names the path and what to do.
    ///
    /// The directory is created private (0700) or, when it exists, refused if other users can write
    /// in it; the database is private (0600) and of a schema version this checkout knows (see
    /// ``Database/init(path:)``). All of this happens before a screen opens or a line is read.
    ///
    ///     let ledger = try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) }
    public static func open<Store>(_ option: String?, _ makeStore: (Database) throws -> Store) throws(DataDirectoryError) -> Store {
        let directory = resolve(option)
        try PrivateFiles.prepareDirectory(directory.path)
        let path = databaseURL(in: directory).path
        do {
            return try makeStore(Database(path: path))
        } catch let error as DataDirectoryError {
            throw error
        } catch let error as SchemaError {
            throw DataDirectoryError("\(path) cannot be used: \(error); it is left as it is: use the checkout that wrote it, or pass another --data-dir")
        } catch let error as DatabaseError where error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT {
            throw DataDirectoryError("\(path) is not a checkout database or is damaged (\(error.message)); move it aside (it is kept as it is) or pass another --data-dir")
        } catch let error as DatabaseError where [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(error.code) {
            throw DataDirectoryError("cannot write \(path) (\(error.message)); pass --data-dir with a writable directory")
        } catch {
            throw DataDirectoryError("cannot use the database \(path): \(error)")
        }
    }

    /// ``open(_:_:)`` for a command that only reads: `nil`, and nothing created (no directory, no
    /// database), while the data directory or its database does not exist yet. A directory that
    /// exists is checked as ``open(_:_:)`` checks it (a file, or writable by others, is refused),
    /// and a path under a file is refused the same way.
    ///
    ///     guard let ledger = try DataDirectory.openIfPresent(options.dataDirectory, { try Ledger(database: $0) }) else { … }
    public static func openIfPresent<Store>(_ option: String?, _ makeStore: (Database) throws -> Store) throws(DataDirectoryError) -> Store? {
        let directory = resolve(option)
        var info = stat()
        if stat(directory.path, &info) != 0 {
            guard errno != ENOENT else { return nil }
        } else if info.st_mode & S_IFMT == S_IFDIR, lstat(databaseURL(in: directory).path, &info) != 0, errno == ENOENT {
            try PrivateFiles.prepareDirectory(directory.path)
            return nil
        }
        return try open(option, makeStore)
    }
}

/// The data directory or its database cannot be used; the message names the path and what to do.
public struct DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
