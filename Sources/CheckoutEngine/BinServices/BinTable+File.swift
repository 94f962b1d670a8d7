import CheckoutCore
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

    /// Loads a CSV BIN table file (see ``BinTable/init(csv:)`` for the format) a chunk at a time,
    /// so memory holds one chunk of the file, never the whole of it.
    ///
    /// Throws ``BinTableFileError`` when the file cannot be read and ``BinTableError`` for a bad row.
    public init(csvFile path: String) throws {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { throw BinTableFileError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var info = stat()
        var loader = BinTableLoader(expectedSize: fstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil)
        var chunk = [UInt8](repeating: 0, count: Self.fileChunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw BinTableFileError(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            try chunk.withUnsafeBytes { try loader.load(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        self = try loader.finish()
    }
}
