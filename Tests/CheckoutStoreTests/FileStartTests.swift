import CheckoutStore
import Foundation
import Glibc
import Testing

/// The bounded read every user-named file goes through.
@Suite struct FileStartTests {
    @Test func aFileUpToTheLimitIsReadWholeAndALargerOneStopsOneBytePast() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-filestart-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }   // more than one 64 KiB chunk
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileStart.read(path, limit: 200_000) == bytes)
        #expect(try FileStart.read(path, limit: 300_000) == bytes)
        #expect(try FileStart.read(path, limit: 70_000) == Array(bytes.prefix(70_001)))
        #expect(try FileStart.read(path, limit: 0) == [0])
    }

    @Test func anEndlessFileCostsTheLimitAndAMissingOneSaysWhy() throws {
        #expect(throws: FileStart.ReadError.self) { try FileStart.read("/nonexistent/checkout-file", limit: 10) }
        do { _ = try FileStart.read("/nonexistent/checkout-file", limit: 10) } catch {
            #expect(error.code == ENOENT)
            #expect(error.reason == "No such file or directory")
        }
    }

    /// Issue 18 ⑥: what is not a regular file is refused at once, saying what it is; a FIFO nobody
    /// writes to does not hang `open(2)`, and `/dev/zero` is not read at all.
    @Test func onlyARegularFileIsReadAndAFIFONeverBlocks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-filestart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [(fifo, "a FIFO (named pipe), not a regular file"), ("/dev/zero", "a character device, not a regular file"),
                     (folder.path, "a directory, not a regular file")]
        for (path, reason) in cases {
            do {
                _ = try FileStart.read(path, limit: 1 << 20)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.reason == reason && error.code == EINVAL, "\(path): \(error.reason)")
            }
        }
        let target = folder.appendingPathComponent("target.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.appendingPathComponent("link.json").path
        #expect(symlink(target, link) == 0)
        #expect(try FileStart.read(link, limit: 10) == Array("{}".utf8), "a link to a regular file is read")
        let toFIFO = folder.appendingPathComponent("to-fifo").path
        #expect(symlink(fifo, toFIFO) == 0)
        #expect(throws: FileStart.ReadError.self) { try FileStart.read(toFIFO, limit: 10) }
    }

    /// Issue 18 ⑪: a byte-order mark is not part of the text, and does not count against the limit.
    @Test func aByteOrderMarkIsDropped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-filestart-\(UUID().uuidString)").path
        defer { unlink(path) }
        try Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try FileStart.read(path, limit: 2) == Array("{}".utf8))
        #expect(try FileStart.read(path, limit: 1) == Array("{}".utf8), "limit + 1 bytes after the mark")
        try Data([0xEF, 0xBB]).write(to: URL(fileURLWithPath: path))
        #expect(try FileStart.read(path, limit: 10) == [0xEF, 0xBB], "half a mark is the file's own bytes")
    }
}
