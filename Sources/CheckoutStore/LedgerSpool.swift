import CheckoutCore
import FoundationEssentials
import Glibc

/// The spool of ledger rows a database could not take (``Ledger/recordOrKeep(_:)``,
/// ``Ledger/recordIntent(_:)``): a file beside the database, private (0600, never through a link),
/// one JSON object a line, appended to and drained under an exclusive `flock`, so two processes
/// never drain the same rows while a third appends one that is then lost.
///
/// It is trusted as the database is: only a regular file that belongs to this user and that no one
/// else may write is read (anything else is refused whole, nothing imported, and the refusal says
/// why). It is read as a stream, a line at a time, so a spool of any size drains in the memory of
/// one line; a line that is not a row (cut short by a crash, longer than ``lineLimit``, not ours) is
/// moved aside to ``rejectedSuffix`` beside it. An append always starts on a new line, so a line
/// cut short never swallows the next row. A drained spool is removed while its lock is held; an
/// appender that got the lock on the removed file sees it has no name left (`st_nlink == 0`) and
/// opens the path again.
struct LedgerSpool {
    /// The longest line read as a row; longer ones are moved aside (a row is a few hundred bytes).
    static let lineLimit = 64 * 1024
    /// Where lines that are not rows are moved, beside the spool.
    static let rejectedSuffix = ".rejected"

    private let descriptor: Int32
    let path: String

    /// Why a spool is not read: it is not a private file of this user's.
    struct Refused: Error, Sendable, Equatable, CustomStringConvertible {
        var path: String
        var why: String
        var description: String {
            "the spool \(path) \(why), so its rows could have been written by someone else; nothing was imported from it: "
                + "check it, then remove it (or chmod 600 it if it is yours)"
        }
    }

    /// The spool at `path`, locked; nil when there is none, ``Refused`` when it is not a private
    /// regular file of this user's.
    static func open(_ path: String) -> Result<LedgerSpool?, Refused> {
        while true {
            let descriptor = Glibc.open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return .success(nil) }
                if errno == ELOOP { return .failure(Refused(path: path, why: "is a symbolic link")) }
                return .failure(Refused(path: path, why: "cannot be opened (\(String(cString: strerror(errno))))"))
            }
            if let refusal = refusal(of: descriptor, path: path) { Glibc.close(descriptor); return .failure(refusal) }
            guard let info = lockedStat(descriptor) else { Glibc.close(descriptor); return .success(nil) }
            if info.st_nlink == 0 { Glibc.close(descriptor); continue }
            return .success(LedgerSpool(descriptor: descriptor, path: path))
        }
    }

    /// Why the open file is not to be trusted; nil when it is a regular file of this user's that
    /// neither its group nor others may write.
    private static func refusal(of descriptor: Int32, path: String) -> Refused? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return Refused(path: path, why: "cannot be examined") }
        guard info.st_mode & S_IFMT == S_IFREG else { return Refused(path: path, why: "is not a regular file") }
        guard info.st_uid == geteuid() else { return Refused(path: path, why: "belongs to user \(info.st_uid), not to this user (\(geteuid()))") }
        guard info.st_mode & 0o022 == 0 else {
            return Refused(path: path, why: "can be written by other users (mode \(String(info.st_mode & 0o777, radix: 8)))")
        }
        return nil
    }

    /// Unlocks and closes the file.
    func close() { Glibc.close(descriptor) }

    /// Removes the file, every row of it being in the ledger now.
    func remove() { unlink(path) }

    /// One line that is not a row: where it starts in the file and how long it is (without its newline).
    struct Span: Sendable, Equatable {
        var offset: Int
        var length: Int
    }

    /// Hands every row of the file to `body` in the order they were appended, reading it from the
    /// start a chunk at a time; returns the lines that are not rows. `body` may throw to stop.
    func forEachEntry(_ body: (LedgerEntry) throws -> Void) rethrows -> [Span] {
        var rejected: [Span] = []
        var line: [UInt8] = []
        var lineStart = 0
        var tooLong = false
        var offset = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        func finish(_ end: Int) throws {
            defer { line.removeAll(keepingCapacity: true); tooLong = false; lineStart = end + 1 }
            if !tooLong, line.isEmpty { return }
            if !tooLong, let entry = Self.entry(fromLine: line) { try body(entry) } else {
                rejected.append(Span(offset: lineStart, length: end - lineStart))
            }
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            var start = 0
            while start < count {
                guard let newline = chunk[start..<count].firstIndex(of: 0x0A) else {
                    if !tooLong { line.append(contentsOf: chunk[start..<count]) }
                    break
                }
                if !tooLong { line.append(contentsOf: chunk[start..<newline]) }
                if line.count > Self.lineLimit { tooLong = true }
                try finish(offset + newline)
                start = newline + 1
            }
            if line.count > Self.lineLimit { tooLong = true; line.removeAll(keepingCapacity: true) }
            offset += count
        }
        // A last line without its newline was cut short by a writer that died: not a row.
        if tooLong || !line.isEmpty { rejected.append(Span(offset: lineStart, length: offset - lineStart)) }
        return rejected
    }

    /// Appends the `spans` of this file to the rejected file beside it (0600, never through a
    /// link), each as a line; the rejected file's path, or nil when it cannot be written.
    func moveAside(_ spans: [Span]) -> String? {
        guard !spans.isEmpty else { return nil }
        let rejectedPath = path + Self.rejectedSuffix
        let output = Glibc.open(rejectedPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard output >= 0 else { return nil }
        defer { Glibc.close(output) }
        var info = stat()
        guard fstat(output, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return nil }
        fchmod(output, 0o600)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        for span in spans {
            var done = 0
            while done < span.length {
                let wanted = min(buffer.count, span.length - done)
                let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(span.offset + done)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, Self.writeAll(output, Array(buffer[..<count])) else { return nil }
                done += count
            }
            guard Self.writeAll(output, [0x0A]) else { return nil }
        }
        return fsync(output) == 0 ? rejectedPath : nil
    }

    /// Appends `entry` as one line, synced; false when it cannot be written. The line starts on a
    /// new line even when the file's last one was cut short.
    static func append(_ entry: LedgerEntry, to path: String) -> Bool {
        while true {
            let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            defer { Glibc.close(descriptor) }
            guard let info = lockedStat(descriptor) else { return false }
            if info.st_nlink == 0 { continue }
            guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return false }
            fchmod(descriptor, 0o600)
            var last: UInt8 = 0x0A
            if info.st_size > 0, pread(descriptor, &last, 1, info.st_size - 1) != 1 { return false }
            let text = (last == 0x0A ? "" : "\n") + line(entry) + "\n"
            guard writeAll(descriptor, Array(text.utf8)) else {
                // A short line would spoil the next one: cut the file back to where it was.
                ftruncate(descriptor, info.st_size)
                return false
            }
            return fsync(descriptor) == 0
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Takes the file's exclusive lock, then its status; nil when either fails.
    private static func lockedStat(_ descriptor: Int32) -> stat? {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return nil }
        }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    /// The row as a line: `{"id","requestId","createdAt","method","amount","surcharge","currency","network","firstDigits","last4","status","declineReason","networkChosenBy"}`.
    static func line(_ entry: LedgerEntry) -> String {
        JSONValue.object([
            ("id", .string(entry.id)), ("requestId", .string(entry.requestId)),
            ("createdAt", .number(entry.createdAt.timeIntervalSince1970)), ("method", .string(entry.method)),
            ("amount", .integer(entry.amount)), ("surcharge", .integer(entry.surcharge)), ("currency", .string(entry.currency)),
            ("network", .string(entry.network)), ("firstDigits", .string(entry.firstDigits)), ("last4", .string(entry.last4)),
            ("status", .string(entry.status)), ("declineReason", .string(orNull: entry.declineReason)),
            ("networkChosenBy", .string(orNull: entry.networkChosenBy)),
        ]).serialized()
    }

    /// The row a line holds; nil for a line that is not one (cut short, or not ours), or one that
    /// would put more of a card number in the ledger than it keeps, or an amount no checkout
    /// charges (below 0, above ``ClientSession/maximumAmount``). A line of an older checkout
    /// has no `requestId`: its id is its key.
    static func entry(fromLine bytes: [UInt8]) -> LedgerEntry? {
        guard bytes.count <= lineLimit, let value = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)),
              let id = value["id"]?.stringValue, let createdAt = value["createdAt"]?.doubleValue, createdAt.isFinite,
              let method = value["method"]?.stringValue,
              let amount = value["amount"]?.intValue, let surcharge = value["surcharge"]?.intValue,
              let currency = value["currency"]?.stringValue, let network = value["network"]?.stringValue,
              let firstDigits = value["firstDigits"]?.stringValue, let last4 = value["last4"]?.stringValue,
              let status = value["status"]?.stringValue, firstDigits.count <= 8, last4.count <= 4,
              (0...ClientSession.maximumAmount).contains(amount), (0...ClientSession.maximumAmount).contains(surcharge) else { return nil }
        let requestId = value["requestId"]?.stringValue ?? id
        return LedgerEntry(id: id, createdAt: Date(timeIntervalSince1970: createdAt), method: method, amount: amount, surcharge: surcharge,
                           currency: currency, network: network, firstDigits: firstDigits, last4: last4, status: status,
                           declineReason: value["declineReason"]?.stringValue, networkChosenBy: value["networkChosenBy"]?.stringValue,
                           requestId: requestId)
    }
}

extension Ledger {
    /// What the spool reader makes of the file at `path`, read as a drain reads it (streamed, a
    /// line at a time): its rows in order and how many lines are not rows; nil when there is no
    /// file or it is not one to trust (``LedgerSpool/Refused``). Nothing is changed. For the fuzz
    /// target (`scripts/fuzz.sh spool`) and tests.
    public static func readSpool(at path: String) -> (entries: [LedgerEntry], rejectedLines: Int)? {
        guard case .success(let spool?) = LedgerSpool.open(path) else { return nil }
        defer { spool.close() }
        var entries: [LedgerEntry] = []
        let rejected = spool.forEachEntry { entries.append($0) }
        return (entries, rejected.count)
    }

    /// A row as the spool writes it, one line without its newline.
    public static func spoolLine(_ entry: LedgerEntry) -> String { LedgerSpool.line(entry) }
}
