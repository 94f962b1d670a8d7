import CheckoutCore
import FoundationEssentials
import Glibc

/// The spool of ledger rows a database could not take (``Ledger/recordOrKeep(_:)``): a file beside
/// the database, private (0600, never through a link), one JSON object a line, appended to and
/// drained under an exclusive `flock`, so two processes never drain the same rows while a third
/// appends one that is then lost.
///
/// A drained spool is removed while its lock is held; an appender that got the lock on the removed
/// file sees it has no name left (`st_nlink == 0`) and opens the path again.
struct LedgerSpool {
    /// The largest spool read at once; rows past it wait for the next drain (the file is not removed).
    static let readLimit = 16 << 20

    private let descriptor: Int32
    private let path: String
    /// Whether every row of the file was read, so removing it loses none.
    private let isWhole: Bool
    /// The rows read, in the order they were appended (lines that are not a row are skipped).
    let entries: [LedgerEntry]

    /// The spool at `path`, locked and read; nil when there is none (or it is not a regular file of ours).
    static func open(_ path: String) -> LedgerSpool? {
        while true {
            let descriptor = Glibc.open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            guard let info = lockedStat(descriptor) else { Glibc.close(descriptor); return nil }
            if info.st_nlink == 0 { Glibc.close(descriptor); continue }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while bytes.count <= readLimit {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                bytes.append(contentsOf: chunk[..<count])
            }
            let isWhole = bytes.count <= readLimit
            if !isWhole, let lastLine = bytes.lastIndex(of: 0x0A) { bytes.removeSubrange((lastLine + 1)...) }
            let entries = bytes.split(separator: 0x0A).compactMap { Self.entry(fromLine: Array($0)) }
            return LedgerSpool(descriptor: descriptor, path: path, isWhole: isWhole, entries: entries)
        }
    }

    /// Unlocks and closes the file.
    func close() { Glibc.close(descriptor) }

    /// Removes the file, every row of it being in the ledger now (a partly read one stays).
    func remove() {
        if isWhole { unlink(path) }
    }

    /// Appends `entry` as one line, synced; false when it cannot be written.
    static func append(_ entry: LedgerEntry, to path: String) -> Bool {
        while true {
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            defer { Glibc.close(descriptor) }
            guard let info = lockedStat(descriptor) else { return false }
            if info.st_nlink == 0 { continue }
            guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return false }
            fchmod(descriptor, 0o600)
            let line = Array((line(entry) + "\n").utf8)
            var offset = 0
            while offset < line.count {
                let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, line.count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    // A short line would spoil the next one: cut the file back to where it was.
                    ftruncate(descriptor, info.st_size)
                    return false
                }
                offset += written
            }
            return fsync(descriptor) == 0
        }
    }

    /// Takes the file's exclusive lock, then its status; nil when either fails.
    private static func lockedStat(_ descriptor: Int32) -> stat? {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return nil }
        }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    /// The row as a line: `{"id","createdAt","method","amount","surcharge","currency","network","firstDigits","last4","status","declineReason","networkChosenBy"}`.
    static func line(_ entry: LedgerEntry) -> String {
        JSONValue.object([
            ("id", .string(entry.id)), ("createdAt", .number(entry.createdAt.timeIntervalSince1970)), ("method", .string(entry.method)),
            ("amount", .integer(entry.amount)), ("surcharge", .integer(entry.surcharge)), ("currency", .string(entry.currency)),
            ("network", .string(entry.network)), ("firstDigits", .string(entry.firstDigits)), ("last4", .string(entry.last4)),
            ("status", .string(entry.status)), ("declineReason", .string(orNull: entry.declineReason)),
            ("networkChosenBy", .string(orNull: entry.networkChosenBy)),
        ]).serialized()
    }

    /// The row a line holds; nil for a line that is not one (cut short, or not ours), or one that
    /// would put more of a card number in the ledger than it keeps.
    static func entry(fromLine bytes: [UInt8]) -> LedgerEntry? {
        guard let value = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)),
              let id = value["id"]?.stringValue, let createdAt = value["createdAt"]?.doubleValue, let method = value["method"]?.stringValue,
              let amount = value["amount"]?.intValue, let surcharge = value["surcharge"]?.intValue,
              let currency = value["currency"]?.stringValue, let network = value["network"]?.stringValue,
              let firstDigits = value["firstDigits"]?.stringValue, let last4 = value["last4"]?.stringValue,
              let status = value["status"]?.stringValue, firstDigits.count <= 8, last4.count <= 4 else { return nil }
        return LedgerEntry(id: id, createdAt: Date(timeIntervalSince1970: createdAt), method: method, amount: amount, surcharge: surcharge,
                           currency: currency, network: network, firstDigits: firstDigits, last4: last4, status: status,
                           declineReason: value["declineReason"]?.stringValue, networkChosenBy: value["networkChosenBy"]?.stringValue)
    }
}
