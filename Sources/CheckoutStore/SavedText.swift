import CheckoutCore
import FoundationEssentials
import Glibc

/// Writes a text the person asked to keep (a receipt) to a file they named.
///
/// The file must be new: one that exists is never overwritten, and a link is never followed
/// (`O_EXCL | O_NOFOLLOW`). It is made private (0600), as the database is: a receipt names a card's
/// last four and what was bought. `~/` at the start is the home directory.
public enum SavedText {
    /// Writes `text` to a new file at `path`; returns the path written, or why not, in words.
    public static func writeNew(_ text: String, to path: String, home: String? = ProcessEnvironment.value("HOME")) -> Result<String, SavedTextError> {
        var target = path.trimmingWhitespace()
        guard !target.isEmpty else { return .failure(SavedTextError("type a file name")) }
        if target == "~" || target.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return .failure(SavedTextError("HOME is not set, so ~ names no directory")) }
            target = home + target.dropFirst()
        }
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "it exists already (a receipt never overwrites a file)" : String(cString: strerror(errno))
            return .failure(SavedTextError("\(target): \(reason)"))
        }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(target)
                return .failure(SavedTextError("\(target): \(reason)"))
            }
            bytes = bytes.dropFirst(written)
        }
        return .success(target)
    }
}

/// Why a text could not be saved, naming the path.
public struct SavedTextError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
