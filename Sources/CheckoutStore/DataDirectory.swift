import CheckoutCore
import CSQLite
import FoundationEssentials
import Glibc

/// Where `checkout` keeps its database: `--data-dir`, else `$XDG_DATA_HOME/checkout`, else
/// `~/.local/share/checkout`. A relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory
/// Specification says ("If an implementation encounters a relative path in any of these variables
/// it should consider the path invalid and ignore it"); `--data-dir ""` is refused by the command line.
public enum DataDirectory {
    /// The data directory for an optional `--data-dir` value.
    public static func resolve(_ option: String?, environment: [String: String] = ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"])) -> URL {
        URL(fileURLWithPath: path(option, environment: environment), isDirectory: true)
    }

    /// ``resolve(_:environment:)``'s directory as a path: what a start reads its settings file
    /// from before the first frame, where the first `URL` path operation of a process fills a set
    /// of FoundationEssentials' (0.23 M instructions, callgrind).
    public static func path(_ option: String?, environment: [String: String] = ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"])) -> String {
        if let option, !option.isEmpty { return option.hasPrefix("/") ? option : joined(FileManager.default.currentDirectoryPath, option) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return joined(xdg, "checkout") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory()
        return joined(home, ".local/share/checkout")
    }

    /// `directory` and `name` with one slash between them.
    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
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
        } catch {
            throw explain(error, path: path)
        }
    }

    /// ``open(_:_:)`` for a command that only reads (`checkout payments`): when the database cannot
    /// be opened for writing because its medium is read-only (or its directory is not writable),
    /// it is opened read-only instead, so listing needs no write access.
    public static func openForReading<Store>(_ option: String?, _ makeStore: (Database) throws -> Store) throws(DataDirectoryError) -> Store {
        do {
            return try open(option, makeStore)
        } catch {
            let directory = resolve(option).path
            let path = databaseURL(in: resolve(option)).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, isReadOnly(directory) || access(directory, W_OK) != 0 else {
                throw error
            }
            do { return try makeStore(Database.readOnly(path: path)) } catch { throw explain(error, path: path) }
        }
    }

    /// Whether the file system holding `path` is mounted read-only.
    static func isReadOnly(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// One ``DataDirectoryError`` for whatever opening `path` threw, naming the path, the real cause
    /// where it can be told (a full disk, a read-only medium, a link) and what to do.
    static func explain(_ error: any Error, path: String) -> DataDirectoryError {
        let directory = PrivateFiles.parentPath(path)
        var link = stat()
        let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
        switch error {
        case let error as DataDirectoryError:
            return error
        case let error as SchemaError:
            return DataDirectoryError("\(path) cannot be used: \(error); it is left as it is: use the checkout that wrote it, or pass another --data-dir")
        case let error as DatabaseError where error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT:
            return DataDirectoryError("\(path) is not a checkout database or is damaged (\(error.message)); move it aside (it is kept as it is) or pass another --data-dir")
        case let error as DatabaseError where isLink:
            return DataDirectoryError("\(path) is a symbolic link, and checkout opens its database only as a file of its own (\(error.message)); "
                                      + "put the database itself there, or pass --data-dir with the directory it is in")
        case let error as DatabaseError where [SQLITE_FULL, SQLITE_IOERR].contains(error.code & 0xFF) && hasNoSpaceLeft(directory):
            return DataDirectoryError("no space is left on the device holding \(directory) (SQLite: \(error.message)); free some space, "
                                      + "or pass --data-dir with a directory on another disk")
        case let error as DatabaseError where [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(error.code & 0xFF) && isReadOnly(directory):
            return DataDirectoryError("\(path) is on a read-only file system (\(error.message)): payments cannot be recorded there; "
                                      + "checkout payments still lists it; pass --data-dir with a writable directory to pay")
        case let error as DatabaseError where [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(error.code & 0xFF):
            return DataDirectoryError("cannot write \(path) (\(error.message)); pass --data-dir with a writable directory")
        default:
            return DataDirectoryError("cannot use the database \(path): \(error)")
        }
    }

    /// Whether the file system holding `path` has no block left for an unprivileged writer.
    static func hasNoSpaceLeft(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_bavail == 0
    }

    /// ``open(_:_:)`` for a command that only reads: `nil`, and nothing created (no directory, no
    /// database), while the data directory or its database does not exist yet. A directory that
    /// exists is checked as ``open(_:_:)`` checks it (a file, or writable by others, is refused),
    /// and a path under a file is refused the same way; a database that exists is opened by
    /// ``openForReading(_:_:)``, so a read-only medium still lists.
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
        return try openForReading(option, makeStore)
    }
}

/// The data directory or its database cannot be used; the message names the path and what to do.
public struct DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
