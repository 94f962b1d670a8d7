import CheckoutCore
import CheckoutTestSupport
import Foundation
import Glibc
import Testing
@testable import CheckoutApp
@testable import CheckoutTUI

/// Issue 18 ⑤ and ⑩: a demo recording never holds a card number, is private, never follows a
/// link, and says when it could not be written.
@Suite struct AsciicastRecorderTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-cast-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    static func recorder(_ path: String) throws -> AsciicastRecorder {
        try AsciicastRecorder(path: path, width: 80, height: 24, title: "t", command: "c") { .zero }
    }

    static func record(_ recorder: AsciicastRecorder, _ text: String) {
        var text = text
        text.withUTF8 { recorder.record(UnsafeRawBufferPointer($0)) }
    }

    /// The data of every output event, joined.
    static func output(_ path: String) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.map { line -> String in
            let event = try JSONValue(parsing: String(line))
            return event[2]?.stringValue ?? ""
        }.joined()
    }

    @Test func cardLikeDigitsAreMaskedEvenWhenAWriteSplitsTheNumber() throws {
        let folder = Folder()
        let path = folder.path("demo.cast")
        let recorder = try Self.recorder(path)
        Self.record(recorder, "\u{1b}[5;3H\u{1b}[1m4000 0025 0000 1001\u{1b}[0m")
        Self.record(recorder, "\u{1b}[7;3H4242 4242 42")
        Self.record(recorder, "42 4242\u{1b}[K")
        Self.record(recorder, "\u{1b}[9;1H+971 50 123 4567 pay_ab12")
        recorder.finish()
        let output = try Self.output(path)
        #expect(output.contains("**** **** **** 1001") && output.contains("**** **** **** 4242"), "\(output)")
        #expect(output.contains("+971 50 123 4567"), "a phone number is no card")
        #expect(!output.contains("4000 0025") && !output.contains("4242 4242"))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "created private")
    }

    /// The terminal is sent a field's digits one at a time (ncurses writes only the cells that
    /// changed), so no block of output holds the whole number: a recorded screen masks it itself,
    /// on each row as shown, left to right or mirrored, styles and columns kept.
    @Test func aRecordedScreenMasksTheNumberInItsOwnFieldInEitherDirection() throws {
        for direction in [Language.Direction.leftToRight, .rightToLeft] {
            var canvas = Canvas(width: 60, height: 3)
            canvas.direction = direction
            canvas.put("┃ 4000 0025 0000 1001", row: 1, column: 2, style: .focus)
            canvas.put("Visa", row: 1, column: 40)
            canvas.put("+971 50 123 4567 · 4000 00•• •••• 1001", row: 2, column: 0)
            canvas.cursor = (1, 20)
            let before = canvas
            canvas.maskCardLikeDigits()
            let row = canvas.lines[1]
            #expect(row.contains("**** **** **** 1001"), "\(row)")
            #expect(!row.contains("4000"))
            #expect(canvas.lines[2] == before.lines[2], "a phone number and a masked number stay as they are")
            #expect(row.count == before.lines[1].count, "every cell keeps its column")
            let star = try #require(row.firstIndex(of: "*")).utf16Offset(in: row)
            #expect(canvas.style(row: 1, column: star) == .focus)
            #expect(canvas.direction == direction)
            #expect(canvas.cursor?.column == before.cursor?.column)
        }
    }

    @Test func nothingIsRecordedOnceStopped() throws {
        let folder = Folder()
        let path = folder.path("demo.cast")
        let recorder = try Self.recorder(path)
        Self.record(recorder, "scripted 4000 00")
        recorder.stop()
        Self.record(recorder, "4")
        Self.record(recorder, "2")
        recorder.finish()
        let output = try Self.output(path)
        #expect(output == "scripted 4000 00", "what was held back is written, nothing after: \(output)")
    }

    @Test func aLinkIsNeverFollowedAndAnExistingFileIsMadePrivate() throws {
        let folder = Folder()
        let target = folder.path("target")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.path("link.cast")
        #expect(symlink(target, link) == 0)
        #expect(throws: AsciicastRecorder.RecordingError.self) { try Self.recorder(link) }
        do { _ = try Self.recorder(link) } catch { #expect("\(error)".contains("symbolic link"), "\(error)") }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep", "the link's target is untouched")

        let existing = folder.path("old.cast")
        #expect(FileManager.default.createFile(atPath: existing, contents: Data(), attributes: [.posixPermissions: 0o644]))
        try Self.recorder(existing).finish()
        var info = stat()
        #expect(stat(existing, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func aDeviceOrAFIFOIsRefused() throws {
        do { _ = try Self.recorder("/dev/full"); Issue.record("/dev/full taken") } catch {
            #expect("\(error)" == "a character device, not a regular file")
        }
        let folder = Folder()
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        do { _ = try Self.recorder(fifo); Issue.record("a FIFO taken") } catch {
            #expect("\(error)" == "No such device or address", "no reader: refused at once, not waited on")
        }
    }

    /// A real full disk: a tmpfs of 64 KiB filled by the recording itself.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskIsAFailureTheCallerCanReport() throws {
        let folder = Folder()
        let mount = folder.path("disk")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let mounted = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount])
        guard mounted.status == 0 else {
            Issue.record("mount failed: \(mounted.stderr)")
            return
        }
        defer { _ = try? ChildProcess.run("/bin/umount", [mount]) }
        let recorder = try Self.recorder(mount + "/demo.cast")
        for _ in 0..<200 { Self.record(recorder, String(repeating: "x", count: 1000)) }
        recorder.finish()
        #expect(recorder.failure == "No space left on device")
    }
}

/// The demo tells its recording when the person takes the keyboard, once.
@MainActor @Suite struct DemoHandOverTests {
    @Test func aKeyThatHandsTheKeyboardOverCallsOnHandOverOnce() throws {
        let world = try DemoWorld.bundled()
        let driver = DemoDriver(world: world, script: try DemoScript.shipped("cobadge"), quitsAtEnd: true)
        var calls = 0
        driver.onHandOver = { calls += 1 }
        let model = world.makeModel(route: .home, settings: world.baseSettings, size: TerminalSize(width: 80, height: 24), glyphs: .unicode)
        let loop = DemoDriverTests.loop(driver, model)
        #expect(driver.intercept(.space, loop: loop), "space pauses: the demo keeps the keyboard")
        #expect(calls == 0)
        #expect(!driver.intercept(.character("4"), loop: loop), "the key that takes over is typed, not swallowed")
        #expect(driver.handedOver && calls == 1)
        _ = driver.intercept(.character("2"), loop: loop)
        #expect(calls == 1)
    }
}
