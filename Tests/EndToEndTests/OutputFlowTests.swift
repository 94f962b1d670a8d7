import CheckoutTestSupport
import Foundation
import Synchronization
import Testing

/// How output flows from the JSON-Lines commands: in blocks, but at once whenever the program waits
/// (so a reader driving it line by line never waits for what already happened); never faster than
/// its reader reads (the input waits, nothing is dropped); and not at all once the reader has gone.
@Suite struct OutputFlowTests {
    func rawData(_ number: String) -> String {
        #"{"rawData":{"cardNumber":"\#(number)","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe","cardNetwork":null}}"#
    }

    /// 30,000 edits: the output (about 10 MB) is far more than the program may hold for a reader.
    var edits: [String] {
        let cards = ["4000002500001001", "5555555555554444", "378282246310005", "4035501000000008", "6011111111111117"]
        var lines: [String] = []
        while lines.count < 30_000 {
            let card = cards[lines.count % cards.count]
            for length in 1...card.count { lines.append(rawData(String(card.prefix(length)))) }
        }
        return lines
    }

    /// Nol input whose every line is answered with an error event (about 250 bytes each), 20,000
    /// lines of about 250 bytes, so the input too is more than the program reads ahead.
    var nolLines: [String] {
        let note = String(repeating: "x", count: 200)
        return (0..<20_000).map { $0 % 2 == 0 ? #"{"submit":{},"note":"\#(note)"}"# : #"{"tap":"3084100125","note":"\#(note)"}"# }
    }

    @Test("a reader that stalls: the input waits, then every event arrives, in order", arguments: ["events", "nol events"])
    func stalledReader(command: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-flow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = command == "events"
            // The debounce never runs out before the input ends, so the events depend on the input alone.
            ? ["events", "--bin-service", "off", "--debounce", "3600000", "--data-dir", directory.path]
            : ["nol", "events", "--data-dir", directory.path]
        let input = (command == "events" ? edits : nolLines).joined(separator: "\n") + "\n"
        let reference = try ChildProcess.run(ChildProcess.checkoutBinary, arguments, input: input, timeout: 120)
        #expect(reference.status == 0)
        #expect(reference.stdout.utf8.count > 4 << 20, "the output must be far larger than what the program may hold")

        let child = try RunningCheckout(arguments)
        let written = Mutex(0)
        let done = DispatchSemaphore(value: 0)
        let bytes = Array(input.utf8)
        DispatchQueue.global().async {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].prefix(4096).withUnsafeBytes { Foundation.write(child.input, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                offset += count
                written.withLock { $0 = offset }
            }
            close(child.input)
            done.signal()
        }
        // Nobody reads the output: the program must stop reading its input.
        let stalled = child.waitUntil(timeout: 120) {
            let before = written.withLock { $0 }
            usleep(500_000)
            return written.withLock { $0 } == before
        }
        let progress = written.withLock { $0 }
        #expect(stalled && progress < bytes.count, "the input stopped being read: \(progress) of \(bytes.count) bytes taken")
        let output = child.readToEnd()
        done.wait()
        #expect(child.wait() == 0)
        #expect(output == Data(reference.stdout.utf8), "every event, in the same order as with a reader that keeps up")
    }

    @Test("a reader driving events line by line gets each event before it sends the next line, timers' too")
    func lineByLineEvents() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-flow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = try RunningCheckout(["events", "--debounce", "50", "--data-dir", directory.path])
        child.send(rawData("4") + "\n")
        #expect(child.readLine(timeout: 30)?.contains(#""event":"didReceiveMetadata""#) == true)
        #expect(child.readLine(timeout: 30)?.contains(#""event":"didReceiveBinData""#) == true)
        #expect(child.readLine(timeout: 30)?.contains(#""event":"dataIsValid""#) == true)
        child.send(rawData("40000025") + "\n")
        #expect(child.readLine(timeout: 30)?.contains(#""event":"didReceiveMetadata""#) == true)
        #expect(child.readLine(timeout: 30)?.contains(#""event":"didReceiveBinData""#) == true)
        // Nothing more is sent: the debounce runs out while the program waits for input, and what
        // follows must come out all the same.
        #expect(child.readLine(timeout: 30)?.contains(#""event":"willFetchMetadata""#) == true)
        #expect(child.readLine(timeout: 30)?.contains(#""source":"REMOTE""#) == true)
        #expect(child.readLine(timeout: 30)?.contains(#""status":"complete""#) == true)
        close(child.input)
        #expect(child.readToEnd().isEmpty)
        #expect(child.wait() == 0)
    }

    @Test("a reader driving detect line by line gets each object before it sends the next number")
    func lineByLineDetect() throws {
        let child = try RunningCheckout(["detect", "-"])
        for number in ["4000002500001001", "40117", "5555 5555 5555 4444"] {
            child.send(number + "\n")
            let line = child.readLine(timeout: 30)
            #expect(line?.hasPrefix(#"{"cardNumber":"\#(number)""#) == true, "\(line ?? "nothing")")
        }
        close(child.input)
        #expect(child.readToEnd().isEmpty)
        #expect(child.wait() == 0)
    }

    @Test("a reader that goes away ends the run quietly with status 141, SIGPIPE ignored or not", arguments: [false, true])
    func readerGone(ignoringSIGPIPE: Bool) throws {
        let numbers = String(repeating: "4000002500001001\n40117\n", count: 100_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-gone-\(UUID().uuidString)")
        try Data(numbers.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let child = try RunningCheckout(["/bin/sh", "-c", (ignoringSIGPIPE ? "trap '' PIPE; " : "")
                + "exec '\(ChildProcess.checkoutBinary)' detect - < '\(file.path)'"], executable: "/bin/sh")
        #expect(child.readLine(timeout: 30)?.hasPrefix(#"{"cardNumber":"4000002500001001""#) == true)
        child.closeOutput()
        #expect(child.wait() == 141)
        #expect(child.readErrors().isEmpty)
    }

    @Test("--bin-table names the line of a bad row, and the file it cannot read")
    func binTableErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-table-\(UUID().uuidString).csv")
        var csv = "iin_start,iin_end,networks\n"
        for index in 0..<50_000 { csv += "\(10_000_000 + index * 10),\(10_000_000 + index * 10 + 9),VISA\n" }
        csv += "5x,,VISA\n"
        try Data(csv.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let bad = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect", "--bin-table", file.path, "4242"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "checkout detect: --bin-table \(file.path): line 50002: iin_start \"5x\" is not 1 to 8 digits\n")
        let missing = try ChildProcess.run(ChildProcess.checkoutBinary, ["detect", "--bin-table", file.path + ".missing", "4242"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "checkout detect: --bin-table \(file.path).missing: cannot read it (No such file or directory)\n")
    }
}

/// A `checkout` process whose standard input, output and error are pipes the test holds.
final class RunningCheckout: @unchecked Sendable {
    let pid: pid_t
    /// The write end of the program's standard input.
    let input: Int32
    private var output: Int32
    private let errors: Int32
    private var buffered: [UInt8] = []

    init(_ arguments: [String], executable: String = ChildProcess.checkoutBinary) throws {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        pipe(&inPipe)
        pipe(&outPipe)
        pipe(&errPipe)
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        pid = try ChildProcess.spawn(executable, executable == ChildProcess.checkoutBinary ? arguments : Array(arguments.dropFirst()),
                                     stdin: inPipe[0], stdout: outPipe[1], stderr: errPipe[1])
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
    }

    /// The next line of output, or nil if none comes within `timeout` seconds.
    func readLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }

    /// Everything left on standard output, until it closes.
    func readToEnd() -> Data {
        var data = Data(buffered)
        buffered = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[..<count])
        }
        return data
    }

    func readErrors() -> String {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    func closeOutput() {
        close(output)
        output = -1
    }

    /// Checks `condition` until it holds (true) or `timeout` seconds pass (false).
    func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
        }
        return false
    }

    func wait() -> Int32 {
        ChildProcess.wait(pid: pid, timeout: 120)
    }
}
