import Glibc

/// The start of a file, read with a bound: the one way checkout reads a file a user names
/// (`--session FILE`, `settings.json`, `checkout demo --script FILE`, a demo's `set session FILE`;
/// a BIN table is opened the same way and read in chunks), so a huge file costs at most `limit` + 1
/// bytes and a caller can tell "too large" from "whole".
///
/// Only a regular file is read (a link to one is followed): a FIFO, a device such as `/dev/zero`, a
/// directory or a socket is refused with a reason saying what it is, and it is opened without
/// blocking, so a FIFO nobody writes to cannot hang `open(2)`. A UTF-8 byte-order mark at the start
/// is dropped: some editors begin every text file with one.
///
///     let bytes = try FileStart.read("session.json", limit: 1 << 20)
///     if bytes.count > 1 << 20 { … too large … }
public enum FileStart {
    /// Why the file could not be read: the `errno` (`EINVAL` for a file that is not a regular one)
    /// and its text (`No such file or directory`, `a FIFO, not a regular file`).
    public struct ReadError: Error, Sendable {
        public var code: Int32
        public var reason: String
    }

    /// Opens `path` for reading, without blocking and without the descriptor being inherited, and
    /// checks it is a regular file; the caller closes the descriptor. Reads from it block as usual.
    public static func openRegularFile(_ path: String) throws(ReadError) -> (descriptor: Int32, size: Int) {
        func failure() -> ReadError { ReadError(code: errno, reason: String(cString: strerror(errno))) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = failure()
            close(descriptor)
            throw error
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Back to blocking reads, so a file on a slow disk is read as any other.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return (descriptor, Int(info.st_size))
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        close(descriptor)
        throw ReadError(code: EINVAL, reason: "\(kind), not a regular file")
    }

    /// The file's bytes, at most `limit` of them plus one, without a leading byte-order mark.
    public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let (descriptor, _) = try openRegularFile(path)
        defer { close(descriptor) }
        // Room for the mark too, so a file of `limit` bytes after it still reads whole.
        let most = limit + 1 + byteOrderMark.count
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < most {
            let wanted = min(chunk.count, most - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(code: errno, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        if bytes.starts(with: byteOrderMark) { bytes.removeFirst(byteOrderMark.count) }
        if bytes.count > limit + 1 { bytes.removeLast(bytes.count - limit - 1) }
        return bytes
    }

    /// U+FEFF in UTF-8.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
