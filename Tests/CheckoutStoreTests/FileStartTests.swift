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
        #expect(try FileStart.read("/dev/zero", limit: 1 << 20).count == (1 << 20) + 1)
        #expect(throws: FileStart.ReadError.self) { try FileStart.read("/nonexistent/checkout-file", limit: 10) }
        do { _ = try FileStart.read("/nonexistent/checkout-file", limit: 10) } catch {
            #expect(error.code == ENOENT)
            #expect(error.reason == "No such file or directory")
        }
    }
}
