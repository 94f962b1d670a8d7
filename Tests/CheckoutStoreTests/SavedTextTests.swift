import CheckoutStore
import Foundation
import Testing

/// A receipt saved where the person says: a new private file, never an existing one, never through a link.
@Suite struct SavedTextTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-saved-\(UUID().uuidString)")

    @Test("a new file, 0600, holding the text; ~/ is the home directory")
    func writesANewPrivateFile() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("receipt.txt").path
        #expect(SavedText.writeNew("Receipt\n", to: path) == .success(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Receipt\n")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(SavedText.writeNew("x", to: "~/home.txt", home: root.path) == .success(root.path + "/home.txt"))
    }

    @Test("an existing file is never overwritten, a link never followed, a missing directory named")
    func refusals() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let existing = root.appendingPathComponent("kept.txt").path
        try "mine".write(toFile: existing, atomically: true, encoding: .utf8)
        #expect(SavedText.writeNew("Receipt", to: existing) == .failure(SavedTextError("\(existing): it exists already (a receipt never overwrites a file)")))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")
        let link = root.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root.appendingPathComponent("target.txt").path)
        #expect(SavedText.writeNew("Receipt", to: link).isFailure)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("target.txt").path))
        let missing = root.appendingPathComponent("no/such/dir.txt").path
        #expect(SavedText.writeNew("Receipt", to: missing) == .failure(SavedTextError("\(missing): No such file or directory")))
        #expect(SavedText.writeNew("Receipt", to: "  ") == .failure(SavedTextError("type a file name")))
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
