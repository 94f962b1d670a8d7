import Glibc

/// The start of a file, read with a bound: the one way checkout reads a file a user names
/// (`--session FILE`, `settings.json`, `checkout demo --script FILE`), so a huge file, a pipe or
/// `/dev/zero` costs at most `limit` + 1 bytes and a caller can tell "too large" from "whole".
///
///     let bytes = try FileStart.read("session.json", limit: 1 << 20)
///     if bytes.count > 1 << 20 { … too large … }
public enum FileStart {
    /// Why the file could not be read: the `errno` and its text (`No such file or directory`).
    public struct ReadError: Error, Sendable {
        public var code: Int32
        public var reason: String
    }

    /// The file's bytes, at most `limit` of them plus one.
    public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        func failure() -> ReadError { ReadError(code: errno, reason: String(cString: strerror(errno))) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure() }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
