import CheckoutCore
import CheckoutStore

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
        let data: [UInt8]
        do { data = try FileStart.read(path, limit: sizeLimit) } catch {
            throw SessionFileError(location: "", message: "cannot read it (\(error.reason))")
        }
        guard data.count <= sizeLimit else {
            throw SessionFileError(location: "", message: "larger than 1 MiB, so not a client session")
        }
        return try ClientSession.read(json: String(decoding: data, as: UTF8.self), defaults: defaults)
    }
}
