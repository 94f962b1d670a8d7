import CheckoutCore
import CheckoutStore
import FoundationEssentials
import Glibc

/// Why a BIN table file could not be read at all (a problem in what it says is a ``BinTableError``).
public struct BinTableFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read \(path): \(reason)" }
}

extension BinTable {
    /// The size of the chunks a file is read in.
    public static let fileChunkSize = 1 << 20
    /// The largest BIN table file read: 1 GiB (the public binlist table is about 30 MB; a table of
    /// tens of millions of ranges fits).
    public static let maximumFileSize = 1 << 30

    /// Loads a CSV BIN table file (see ``BinTable/init(csv:)`` for the format) a chunk at a time,
    /// so memory holds one chunk of the file, never the whole of it.
    ///
    /// Only a regular file of at most ``maximumFileSize`` bytes is read (opened as ``FileStart``
    /// opens every file a user names: a FIFO or `/dev/zero` is refused at once, never waited on or
    /// read without end). Throws ``BinTableFileError`` when the file cannot be read and
    /// ``BinTableError`` for a bad row.
    public init(csvFile path: String) throws {
        let file: Int32
        let size: Int
        do { (file, size) = try FileStart.openRegularFile(path) } catch {
            throw BinTableFileError(path: path, reason: error.reason)
        }
        defer { close(file) }
        let tooLarge = BinTableFileError(path: path, reason: "larger than 1 GiB, so not a BIN table")
        guard size <= Self.maximumFileSize else { throw tooLarge }
        var loader = BinTableLoader(expectedSize: size)
        var chunk = [UInt8](repeating: 0, count: Self.fileChunkSize)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw BinTableFileError(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            total += count
            // The file may grow while it is read.
            guard total <= Self.maximumFileSize else { throw tooLarge }
            try chunk.withUnsafeBytes { try loader.load(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        self = try loader.finish()
    }
}
