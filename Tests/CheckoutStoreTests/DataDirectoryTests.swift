import CheckoutStore
import Foundation
import Testing

@Suite("Data directory")
struct DataDirectoryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-datadir-\(UUID().uuidString)")

    func message(_ option: String) -> String? {
        do {
            _ = try DataDirectory.open(option) { try Ledger(database: $0) }
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a --data-dir that is a file, or lies under one, is refused with the path named")
    func fileInTheWay() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        #expect(message(file.path) == "the data directory \(file.path) is a file, not a directory; pass --data-dir with a directory")
        let under = file.appendingPathComponent("sub/deeper").path
        #expect(message(under) == "cannot create the data directory \(under): \(file.path) is a file, not a directory; pass --data-dir with a writable directory")
    }

    @Test("random bytes or damaged pages where the database should be: named, left alone, and what to do")
    func corruptDatabase() throws {
        let directory = root.appendingPathComponent("corrupt")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = DataDirectory.databaseURL(in: directory).path
        var random = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let text = try #require(message(directory.path))
        #expect(text.hasPrefix("\(path) is not a checkout database or is damaged ("))
        #expect(text.hasSuffix("move it aside (it is kept as it is) or pass another --data-dir"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the file is not touched")

        // A real database whose pages after the header are overwritten.
        let damaged = root.appendingPathComponent("damaged")
        _ = try DataDirectory.open(damaged.path) { try Ledger(database: $0) }
        let damagedPath = DataDirectory.databaseURL(in: damaged).path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damagedPath))
        for index in 100..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: damagedPath + suffix) }
        try bytes.write(to: URL(fileURLWithPath: damagedPath))
        #expect(message(damaged.path)?.hasPrefix("\(damagedPath) is not a checkout database or is damaged") == true)
    }

    @Test("a fresh directory is created with the database in it")
    func fresh() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("a/b")
        #expect(message(directory.path) == nil)
        #expect(FileManager.default.fileExists(atPath: DataDirectory.databaseURL(in: directory).path))
    }
}
