import CheckoutStore
import Foundation
import Testing

/// The settings file: read whole, written atomically and privately.
@Suite struct SettingsFileTests {
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func noFileReadsAsNothing() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try SettingsFile.read(in: directory, limit: 100) == nil)
    }

    @Test func writtenForItsOwnerOnlyAndReplacedWhole() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An old file readable by everyone is replaced, not written into.
        let url = SettingsFile.url(in: directory)
        try Data("old".utf8).write(to: url)
        chmod(url.path, 0o644)
        try SettingsFile.write(Data("{\"version\":1}\n".utf8), in: directory)
        #expect(try SettingsFile.read(in: directory, limit: 100) == Data("{\"version\":1}\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try SettingsFile.write(Data("{\"version\":1,\"mouse\":false}\n".utf8), in: directory)
        #expect(try SettingsFile.read(in: directory, limit: 100) == Data("{\"version\":1,\"mouse\":false}\n".utf8))
        // Nothing but the file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.json"])
    }

    @Test func aLinkPlantedAtTheNameIsReplacedNotFollowed() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("elsewhere.txt")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: SettingsFile.url(in: directory), withDestinationURL: target)
        try SettingsFile.write(Data("{}".utf8), in: directory)
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: SettingsFile.url(in: directory).path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the link itself was replaced by the file")
    }

    @Test func aLargeFileIsReadOnlyJustPastTheLimit() throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SettingsFile.write(Data(repeating: 0x20, count: 1_000_000), in: directory)
        let read = try #require(try SettingsFile.read(in: directory, limit: 1000))
        #expect(read.count > 1000 && read.count < 10_000)
    }

    @Test(.enabled(if: getuid() != 0, "root writes in a read-only directory"))
    func anUnwritableDirectorySaysWhy() throws {
        let directory = try directory()
        defer { chmod(directory.path, 0o755); try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o500)
        #expect(throws: SettingsFileError.self) { try SettingsFile.write(Data("{}".utf8), in: directory) }
        do { try SettingsFile.write(Data("{}".utf8), in: directory) } catch {
            #expect(error.message.contains(directory.path) && error.message.contains("Permission denied"))
        }
    }
}
