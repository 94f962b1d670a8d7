import FoundationEssentials
import Glibc

/// The data directory and database files, private to their owner whatever the umask.
///
/// The ledger and the simulated Nol backend hold card prefixes, phone numbers and one-time codes,
/// so: directories are created 0700 and the database 0600 (modes set explicitly after creation,
/// so a umask of 000 cannot widen them); SQLite creates its `-wal`, `-shm` and journal files with
/// the database file's mode. A directory that other users can write is refused, as ssh refuses
/// such a key directory: another user could plant a `-wal` file or a link in it.
enum PrivateFiles {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600
    /// The files SQLite keeps beside a database. Not the ledger's spool: one that others could
    /// write is refused, never narrowed and then trusted (``LedgerSpool``).
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Makes `path` a usable private directory: creates it and any missing parents as 0700, or
    /// checks the existing one (refused when others can write in it, unless `allowingShared`: a
    /// library caller's own choice of place). Every failure is a ``DataDirectoryError`` naming the path.
    static func prepareDirectory(_ path: String, allowingShared: Bool = false) throws(DataDirectoryError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw DataDirectoryError("the data directory \(path) is a file, not a directory; pass --data-dir with a directory")
            }
            if !allowingShared { try refuseIfWritableByOthers(path, mode: info.st_mode) }
            return
        }
        guard createDirectories(path) else {
            throw DataDirectoryError("cannot create the data directory \(path): \(reason(creating: path)); pass --data-dir with a writable directory")
        }
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw DataDirectoryError("the data directory \(path) is a file, not a directory; pass --data-dir with a directory")
        }
        try refuseIfWritableByOthers(path, mode: info.st_mode)
    }

    /// Refuses a directory whose mode lets its group or other users write in it.
    static func refuseIfWritableByOthers(_ path: String, mode: mode_t) throws(DataDirectoryError) {
        guard mode & (S_IWGRP | S_IWOTH) != 0 else { return }
        let octal = String(mode & 0o7777, radix: 8)
        throw DataDirectoryError("the data directory \(path) can be written by other users (mode \(octal)), so they could "
            + "read or change the payment data; run chmod go-w \(path), or pass --data-dir with a private directory")
    }

    /// Creates `path` and its missing parents, each 0700; true when `path` exists afterwards
    /// (another process creating it at the same moment is fine).
    private static func createDirectories(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return true }
        let parent = parentPath(path)
        if !parent.isEmpty, parent != path, !createDirectories(parent) { return false }
        if mkdir(path, directoryMode) == 0 {
            // mkdir's mode is narrowed by the umask but never widened; chmod makes it exact.
            chmod(path, directoryMode)
            return true
        }
        return errno == EEXIST
    }

    /// Why `path` cannot be created, found by looking at its nearest existing ancestor:
    /// Foundation's own error only says "the operation could not be completed" on Linux.
    private static func reason(creating path: String) -> String {
        var ancestor = parentPath(path)
        var info = stat()
        while stat(ancestor, &info) != 0, ancestor != "/", !ancestor.isEmpty {
            ancestor = parentPath(ancestor)
        }
        if info.st_mode & S_IFMT != S_IFDIR { return "\(ancestor) is a file, not a directory" }
        if access(ancestor, W_OK) != 0 { return "\(ancestor) is not writable" }
        return "the system refused"
    }

    /// The path of the directory holding `path`, as `NSString.deletingLastPathComponent` gives it:
    /// trailing slashes ignored, `/` for a top-level entry and for `/` itself, empty for a bare name.
    static func parentPath(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var parent = text[..<slash]
        while parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Creates the database file empty and 0600 when it does not exist yet, never through a link.
    static func createFile(_ path: String) throws(DataDirectoryError) {
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        if fd >= 0 {
            fchmod(fd, fileMode)
            close(fd)
            return
        }
        // Already there (perhaps made a moment ago by another process): SQLite opens it, or says
        // why it cannot.
        if errno == EEXIST { return }
        let reason = String(cString: strerror(errno))
        throw DataDirectoryError("cannot create \(path) (\(reason)); pass --data-dir with a writable directory")
    }

    /// Narrows the database and its companion files to 0600 when an older checkout left them
    /// readable by others. Files of another owner are left alone (SQLite has already said whether
    /// it can use them).
    static func tighten(databasePath path: String) {
        for file in [path] + companionSuffixes.map({ path + $0 }) {
            var info = stat()
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_mode & 0o077 != 0 else { continue }
            chmod(file, fileMode)
        }
    }
}
