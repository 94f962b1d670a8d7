import CheckoutTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The test harness's children inherit nothing but their standard streams. A descriptor a test opens
/// without close-on-exec (here one made on purpose) must not reach them: a long-lived child (a tmux
/// server) holding a sibling test's file kept its space from being freed (a full-disk test failed in CI).
struct ChildProcessTests {
    @Test func aChildSeesOnlyItsThreeStandardStreams() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("child-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let leaky = open(directory.appendingPathComponent("held").path, O_WRONLY | O_CREAT, 0o600)
        try #require(leaky >= 0)
        defer { close(leaky) }
        #expect(fcntl(leaky, F_GETFD) & FD_CLOEXEC == 0, "the descriptor is inheritable, as the test means it to be")
        // ls lists /proc/self/fd through a descriptor of its own: the lowest free one, 3.
        let listing = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(listing.status == 0)
        #expect(listing.lines.sorted() == ["0", "1", "2", "3"], "\(listing.lines)")
    }
}
