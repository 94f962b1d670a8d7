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
        guard !target.isEmpty else { return .failure(SavedTextError("type a file name", shown: LocalizedText(.savedTextNoName))) }
        if target == "~" || target.hasPrefix("~/") {
            guard let home, !home.isEmpty else {
                return .failure(SavedTextError("HOME is not set, so ~ names no directory", shown: LocalizedText(.savedTextNoHome)))
            }
            target = home + target.dropFirst()
        }
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            return .failure(SavedTextError(path: target, errno: errno))
        }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let failure = SavedTextError(path: target, errno: errno)
                unlink(target)
                return .failure(failure)
            }
            bytes = bytes.dropFirst(written)
        }
        return .success(target)
    }
}

/// Why a text could not be saved, naming the path: in English (``message``), and as a sentence of
/// the catalogues for a screen in another language (``shown``).
public struct SavedTextError: Error, Sendable, Equatable, CustomStringConvertible, ShownInLanguage {
    public var message: String
    public var shown: LocalizedText?
    public var description: String { message }
    /// The same reason: the English words (``shown`` is how a screen says them).
    public static func == (a: SavedTextError, b: SavedTextError) -> Bool { a.message == b.message }

    public init(_ message: String, shown: LocalizedText? = nil) {
        self.message = message
        self.shown = shown
    }

    /// `path` could not be made or written: `errno`'s reason, in the catalogues' words for the
    /// reasons a person can act on, else the system's (English) words.
    init(path: String, errno code: Int32) {
        let system = String(cString: strerror(code))
        let key: TextKey? = switch code {
        case EEXIST: .savedTextExists
        case EACCES, EPERM: .savedTextNoAccess
        case ENOENT: .savedTextNoFolder
        case ENOSPC, EDQUOT: .savedTextFull
        case EISDIR: .savedTextIsFolder
        case EROFS: .savedTextReadOnly
        case ELOOP: .savedTextLink
        default: nil
        }
        let reason = code == EEXIST ? "it exists already (a receipt never overwrites a file)" : system
        self.init("\(path): \(reason)", shown: key.map { LocalizedText(.savedTextReason, .text(path), .localized(LocalizedText($0))) }
                  ?? LocalizedText(.savedTextReason, path, system))
    }
}
