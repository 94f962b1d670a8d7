import CheckoutTestSupport
import Foundation
import Testing

/// Nothing a test runs writes outside its own temporary directories: a command that only reads,
/// or refuses to run, creates no data directory, and the suite leaves the real `$HOME` and
/// `$XDG_DATA_HOME` as they were.
@Suite struct HomeHygieneTests {
    /// A fresh home of this test's own, and the environment that points a child at it.
    static func freshHome() throws -> (home: URL, environment: [String: String]) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-hygiene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("xdg").path
        return (home, environment)
    }

    static func contents(_ directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("a screen refused on pipes creates no data directory: pay, settings, nol link, home")
    func refusedScreensCreateNothing() throws {
        let (home, environment) = try Self.freshHome()
        defer { try? FileManager.default.removeItem(at: home) }
        for arguments in [["pay"], ["settings"], ["nol", "link"], []] {
            let result = try ChildProcess.run(ChildProcess.checkoutBinary, arguments, environment: environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("needs a terminal"), "\(arguments): \(result.stderr)")
        }
        #expect(Self.contents(home).isEmpty, "refusing to run must leave nothing behind: \(Self.contents(home))")
    }

    @Test("checkout payments on a directory with no database says so and creates nothing, table or JSON")
    func listingCreatesNothing() throws {
        let (home, environment) = try Self.freshHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let named = home.appendingPathComponent("named/data")
        // A directory named with --data-dir that is not there is a mistake, said with exit 2 (issue 35).
        let refused = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--data-dir", named.path], environment: environment)
        #expect(refused.status == 2 && refused.stderr.contains("does not exist"), "\(refused.stderr)")
        // The default one, not made yet, has no payments.
        let table = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments"], environment: environment)
        #expect(table.status == 0)
        #expect(table.stdout == "No payments yet.\n")
        let json = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--json"], environment: environment)
        #expect(json.status == 0)
        #expect(json.stdout.isEmpty)
        let filtered = try ChildProcess.run(ChildProcess.checkoutBinary, ["payments", "--status", "declined"], environment: environment)
        #expect(filtered.stdout == "No payments match.\n")
        #expect(Self.contents(home).isEmpty, "listing only reads: \(Self.contents(home))")
    }

    @Test("a child started without --data-dir finds a file where its default data directory would be, and says so")
    func forgottenDataDirectoryFails() throws {
        let result = try ChildProcess.run(ChildProcess.checkoutBinary, ["events", "--bin-service", "off"],
                                          input: #"{"submit":{}}"# + "\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(TestHome.directory)/xdg/checkout is a file, not a directory"), "\(result.stderr)")
    }

    @Test("nothing under the real $HOME/.local/share/checkout or $XDG_DATA_HOME/checkout changed while the suite ran")
    func realHomeUntouched() {
        #expect(TestHome.changesUnderRealHome().isEmpty, "written by this test run: \(TestHome.changesUnderRealHome())")
    }
}
