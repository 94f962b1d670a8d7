import CheckoutStore
import CheckoutTestSupport
import Foundation
import Testing

/// Kills `checkout nol events` with SIGKILL at random moments of link, pay and unlink, and checks
/// after every kill that the database opens cleanly and holds each operation done or not done.
@Suite struct NolCrashSafetyTests {
    static let card = "3084100783"
    static let startingBalance = 50000
    static let amount = 100
    static let code = "135790"

    static let script = [
        #"{"start":"link"}"#, #"{"tap":"\#(card)"}"#, #"{"collect":{"mobileNumber":"0501234567"}}"#, #"{"submit":{}}"#,
        #"{"collect":{"otpCode":"\#(code)"}}"#, #"{"submit":{}}"#,
        #"{"start":"pay"}"#, #"{"collect":{"cardNumber":"\#(card)","mobileNumber":"0501234567"}}"#, #"{"submit":{}}"#,
        #"{"start":"unlink"}"#, #"{"collect":{"cardNumber":"\#(card)","mobileNumber":"0501234567"}}"#, #"{"submit":{}}"#,
        #"{"collect":{"otpCode":"\#(code)"}}"#, #"{"submit":{}}"#,
    ].joined(separator: "\n") + "\n"

    /// Runs the script and sends SIGKILL as soon as it has printed `killAfterLines` event lines
    /// (so the kill lands at a point of the flow, whatever the machine's load); true when it was killed.
    func runScript(dataDir: String, killAfterLines: Int) throws -> (killed: Bool, lines: Int) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(devNull) }
        let pid = try ChildProcess.spawn(ChildProcess.checkoutBinary,
                                         ["nol", "events", "--data-dir", dataDir, "--otp", Self.code, "--amount", String(Self.amount)],
                                         stdin: input[0], stdout: output[1], stderr: devNull)
        close(input[0])
        close(output[1])
        defer { close(output[0]) }
        let bytes = Array(Self.script.utf8)
        _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])
        var lines = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
        while lines < killAfterLines {
            // A bound so a hung child fails the test instead of hanging it.
            guard poll(&descriptor, 1, 30_000) > 0 else { break }
            let count = read(output[0], &buffer, buffer.count)
            if count <= 0 { break }
            lines += buffer[0..<count].filter { $0 == UInt8(ascii: "\n") }.count
        }
        if lines >= killAfterLines { kill(pid, SIGKILL) }
        let status = ChildProcess.wait(pid: pid, timeout: 30)
        return (status == 128 + SIGKILL, lines)
    }

    /// The invariants that hold whenever no process is writing; returns (payments, linked).
    func checkConsistency(dataDir: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (payments: Int, linked: Bool) {
        let database = try Database(path: dataDir + "/checkout.sqlite")
        #expect(try database.query("PRAGMA integrity_check").first?.first?.string == "ok", sourceLocation: sourceLocation)
        let store = try NolBackendStore(database: database)
        let ledger = try Ledger(database: database).entries().filter { $0.last4 == String(Self.card.suffix(4)) }
        let charged = ledger.filter { $0.status == "AUTHORIZED" }.reduce(0) { $0 + $1.amount }
        let balance = try store.card(Self.card)?.balance ?? Self.startingBalance
        // A payment's deduction and its ledger row are both there or both missing.
        #expect(balance == Self.startingBalance - charged, sourceLocation: sourceLocation)
        #expect(ledger.allSatisfy { $0.amount == Self.amount && $0.method == "NOL_PAY" && $0.firstDigits.isEmpty },
                sourceLocation: sourceLocation)
        // A link exists exactly when one more link code than unlink code has been used.
        let codes = try store.codes().filter { $0.cardNumber == Self.card && $0.state == .used }
        let linked = try store.links().contains { $0.cardNumber == Self.card }
        let links = codes.filter { $0.purpose == "link" }.count, unlinks = codes.filter { $0.purpose == "unlink" }.count
        #expect(links - unlinks == (linked ? 1 : 0), sourceLocation: sourceLocation)
        // Every sent code has its SMS.
        let sent = try store.codes().filter { $0.code != nil }.count
        #expect(try store.messages().count >= sent, sourceLocation: sourceLocation)
        return (ledger.count, linked)
    }

    @Test func killedAtRandomPointsTheDatabaseIsNeverHalfWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nol-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // One full run counts the events the script prints, so kills land inside it.
        let full = try runScript(dataDir: dir, killAfterLines: .max)
        #expect(full.killed == false)
        #expect(full.lines > 10)
        let first = try checkConsistency(dataDir: dir)
        #expect(first.payments == 1)
        #expect(first.linked == false)

        var generator = SystemRandomNumberGenerator()
        var killedRuns = 0
        var statesSeen = Set<String>()
        for run in 0..<60 {
            // Every event position gets kills, in a shuffled order.
            let position = 1 + (run * 7 + Int.random(in: 0..<3, using: &generator)) % full.lines
            if try runScript(dataDir: dir, killAfterLines: position).killed { killedRuns += 1 }
            let state = try checkConsistency(dataDir: dir)
            statesSeen.insert("\(state.linked)")
        }
        #expect(killedRuns >= 30, "most runs are cut short (\(killedRuns) of 60)")
        let final = try checkConsistency(dataDir: dir)
        #expect(final.payments >= 1)
        // The kills interrupted the flows at different points: some left the card linked, some not.
        #expect(statesSeen.count == 2, "states seen: \(statesSeen)")
    }
}
