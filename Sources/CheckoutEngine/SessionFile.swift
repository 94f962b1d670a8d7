import CheckoutCore
import Glibc

/// Reading a client-session file from disk: the one way `--session FILE` and a demo script's
/// `set session FILE` load a session, with the same size cap and the same messages.
///
/// The text is read with ``ClientSession/read(json:defaults:)``; a file that cannot be read, is
/// larger than ``sizeLimit`` or is not a session throws a ``SessionFileError`` whose description
/// is one line without the path (the caller names the file its own way):
///
///     cannot read it (No such file or directory)
///     larger than 1 MiB, so not a client session
///     line 4, column 17: unexpected character
public enum SessionFile {
    /// The largest file read; a client session is a few kilobytes.
    public static let sizeLimit = 1 << 20

    /// The session in the file at `path`, and the unknown network ids it left out. Absent amount
    /// and currency take `defaults`'.
    public static func read(path: String, defaults: ClientSession) throws(SessionFileError)
        -> (session: ClientSession, warnings: [SessionWarning]) {
        let data = try readStart(of: path, upTo: sizeLimit + 1)
        guard data.count <= sizeLimit else {
            throw SessionFileError(location: "", message: "larger than 1 MiB, so not a client session")
        }
        return try ClientSession.read(json: String(decoding: data, as: UTF8.self), defaults: defaults)
    }

    /// The first `limit` bytes of the file at `path` (all of it when shorter).
    private static func readStart(of path: String, upTo limit: Int) throws(SessionFileError) -> [UInt8] {
        func failure() -> SessionFileError {
            SessionFileError(location: "", message: "cannot read it (\(String(cString: strerror(errno))))")
        }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw failure() }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure() }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
