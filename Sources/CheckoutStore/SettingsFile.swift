import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The settings file beside the database in the data directory (`settings.json`): read whole, and
/// written so that it is never seen half written and never readable by other users.
///
/// A write creates a new file next to it with `open(O_CREAT | O_EXCL, 0600)` (so it cannot follow
/// a planted link or reuse another's file), writes and syncs it, then renames it over the old one.
///
///     try SettingsFile.write(Data(json.utf8), in: directory)
///     let text = try SettingsFile.read(in: directory, limit: 65_536)   // nil when there is none
public enum SettingsFile {
    /// The settings file of a data directory.
    public static func url(in directory: URL) -> URL {
        directory.appendingPathComponent("settings.json")
    }

    /// The settings file of a data directory given as a path (``DataDirectory/path(_:environment:)``):
    /// a start reads it before its first frame, with no `URL` made.
    public static func path(inDirectory directory: String, name: String = "settings.json") -> String {
        DataDirectory.joined(directory, name)
    }

    /// The file's bytes, at most `limit` of them plus one (so a caller can tell it is too large);
    /// `nil` when there is no such file.
    public static func read(in directory: URL, limit: Int) throws(SettingsFileError) -> Data? {
        try read(inDirectory: directory.path, limit: limit)
    }

    /// ``read(in:limit:)`` for a directory given as a path.
    public static func read(inDirectory directory: String, limit: Int) throws(SettingsFileError) -> Data? {
        let path = path(inDirectory: directory)
        do { return Data(try FileStart.read(path, limit: limit)) } catch {
            if error.code == ENOENT { return nil }
            throw SettingsFileError("cannot read \(path): \(error.reason)")
        }
    }

    /// Replaces the settings file of `directory` with `data`, atomically, readable by its owner only.
    public static func write(_ data: Data, in directory: URL) throws(SettingsFileError) {
        let final = url(in: directory).path
        let temporary = directory.appendingPathComponent(".settings.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SettingsFileError("cannot write in \(directory.path): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        var offset = 0
        data.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, final) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw SettingsFileError("cannot write \(final): \(failure)")
        }
    }
}

/// The settings file cannot be read or written; the message names the path and the reason.
public struct SettingsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
