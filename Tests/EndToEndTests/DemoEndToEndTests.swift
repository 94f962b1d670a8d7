import CheckoutCore
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout demo` as a person runs it: in tmux, paused and taken over by hand; recorded to an
/// asciicast file whose replay ends on the result; checked headless by `--check`.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux (the README's set-up line installs it)")) struct DemoEndToEndTests {
    func demo(_ arguments: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let command = TmuxSession.quote(ChildProcess.checkoutBinary) + " demo " + arguments
        return try TmuxSession(shellCommand: "\(command); echo EXIT=$?; sleep 60", width: width, height: height)
    }

    @Test func pausedThenTakenOverThePaymentIsFinishedByHand() throws {
        let tmux = try demo("cobadge")
        defer { tmux.close() }
        try tmux.waitUntil("the chooser under the whole number", timeout: 40) { screen in
            screen.contains("┃ 4000 0025 0000 1001") && screen.contains("Pay with ◉ Cartes Bancaires  ○ Visa +€0.30")
        }
        tmux.send("Space")
        // Paused is a state the status line shows; that the clock stands still while it does is
        // DemoDriverTests' (the rate is 0) and DemoLoopClock's (a rate of 0 moves no time).
        let paused = try tmux.waitFor("· paused")
        #expect(paused.contains("┃ 4000 0025 0000 1001"), "paused where it was: \(paused)")
        tmux.send("x")
        let taken = try tmux.waitFor("You have the keyboard")
        #expect(taken.contains("┃ 4000 0025 0000 1001       Cartes Bancaires"), "the demo's state; the key that took over went to the form")
        #expect(taken.contains("digits only"), "the x was typed into the number, which takes digits only")
        #expect(taken.contains("[ Pay €49.99 ]"))
        // By hand, the other network: its surcharge is paid.
        tmux.send("Tab", "Right")
        try tmux.waitFor("[ Pay €50.29 ]")
        try tmux.fillTheRestOfTheCard()
        tmux.send("Enter")
        let result = try tmux.waitFor("Payment authorized")
        #expect(result.contains("Visa · chosen by you"))
        #expect(result.contains("Surcharge") && result.contains("€50.29"))
        tmux.send("Escape")
        try tmux.waitFor("EXIT=0")
    }

    /// Dozens of resizes, half of them below 50x17: the demo holds while the terminal is too small
    /// (the app takes no keys then) and plays on to its end after, never stopping on a lost key.
    @Test func theDemoSurvivesAResizeStorm() throws {
        let tmux = try demo("cobadge --speed 4")
        defer { tmux.close() }
        try tmux.waitFor("cobadge 1/")
        let sizes = [(45, 12), (120, 40), (30, 8), (80, 24), (49, 16), (60, 20), (50, 17), (160, 48), (20, 5), (100, 30)]
        for _ in 0..<4 {
            for (width, height) in sizes {
                tmux.resize(width: width, height: height)
                usleep(60_000)
            }
        }
        tmux.resize(width: 40, height: 12)
        try tmux.waitFor("Terminal too small")
        usleep(1_500_000)
        tmux.resize(width: 80, height: 24)
        let end = try tmux.waitUntil("the end of the demo", timeout: 120) { $0.contains("End of the demo") || $0.contains("Demo stopped") }
        #expect(end.contains("End of the demo"), "\(end)")
        #expect(end.contains("Payment authorized"), "\(end)")
    }

    /// Paused, → goes on to the next caption and stays paused there; the status says so while it skips.
    @Test func pausedThenSkippedStopsPausedAtTheNextCaption() throws {
        let tmux = try demo("cobadge", width: 50, height: 17)
        defer { tmux.close() }
        try tmux.waitFor("cobadge 1/")
        tmux.send("Space")
        try tmux.waitFor("paused")
        tmux.send("Right")
        let skipped = try tmux.waitUntil("the next caption, paused", timeout: 20) { $0.contains("cobadge 2/") && !$0.contains("skipping") }
        #expect(skipped.contains("paused"), "\(skipped)")
        // The caption reads whole under a status that has its own row at 50 columns.
        #expect(skipped.contains("Under 8 digits local rules guess Visa: no"), "\(skipped)")
        #expect(skipped.contains("surcharge is quoted until the network is known"), "\(skipped)")
    }

    @Test func aRecordedCastIsValidAndItsReplayEndsOnTheResult() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try demo("cobadge --speed 4 --record " + TmuxSession.quote(path))
        try tmux.waitFor("EXIT=0", timeout: 60)
        tmux.close()

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try JSONValue(parsing: try #require(lines.first))
        #expect(header["version"]?.intValue == 2)
        #expect(header["width"]?.intValue == 80 && header["height"]?.intValue == 24)
        #expect(header["title"]?.stringValue == "checkout demo cobadge")
        #expect(header["command"]?.stringValue == "checkout demo cobadge")
        var times: [Double] = []
        var chunks: [String] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONValue(parsing: line).arrayValue)
            #expect(event.count == 3 && event[1].stringValue == "o")
            times.append(try #require(event[0].doubleValue))
            chunks.append(try #require(event[2].stringValue))
        }
        #expect(times == times.sorted(), "times never go back")
        // The demo's clock: about 37 s of demo, recorded at four times the pace.
        #expect((25...45).contains(times.last ?? 0), "ends at \(times.last ?? 0) s")
        #expect(!chunks.contains { $0.contains("\u{FFFD}") }, "every chunk is whole UTF-8")
        #expect(chunks.first?.contains("\u{1b}[?1049h") == true, "starts by entering the alternate screen")

        // Replayed into a terminal up to the program's exit, the screen is the result.
        let exit = try #require(chunks.lastIndex { $0.contains("\u{1b}[?1049l") })
        let replay = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: replay) }
        try Data(chunks[..<exit].joined().utf8).write(to: URL(fileURLWithPath: replay))
        let viewer = try TmuxSession(shellCommand: "cat \(TmuxSession.quote(replay)); sleep 60", width: 80, height: 24)
        defer { viewer.close() }
        let screen = try viewer.waitFor("Payment authorized")
        #expect(screen.contains("Network       Cartes Bancaires · chosen by you"))
    }

    /// ncurses sends a field's digits one at a time, so masking each block of output cannot see the
    /// number whole: replayed write by write, a recording made before the screen masked it showed the
    /// test card in its field. Now no moment of the replay shows it; the field shows it masked.
    @Test func aRecordingReplayedWriteByWriteNeverShowsTheWholeCardNumber() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast").path
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: fifo)
        }
        let tmux = try demo("cobadge --lang fr --speed 4 --record " + TmuxSession.quote(path))
        try tmux.waitFor("EXIT=0", timeout: 60)
        tmux.close()
        let chunks = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            try #require(try JSONValue(parsing: String(line)).arrayValue?[2].stringValue)
        }
        let exit = try #require(chunks.lastIndex { $0.contains("\u{1b}[?1049l") })
        #expect(mkfifo(fifo, 0o600) == 0)
        let viewer = try TmuxSession(shellCommand: "cat \(TmuxSession.quote(fifo)); sleep 60", width: 80, height: 24)
        defer { viewer.close() }
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        var maskedInItsField = false
        for chunk in chunks[..<exit] {
            writer.write(Data(chunk.utf8))
            usleep(15_000)
            let screen = viewer.capture()
            #expect(!screen.replacingOccurrences(of: " ", with: "").contains("4000002500001001"), "\(screen)")
            if screen.contains("**** **** **** 1001") { maskedInItsField = true }
        }
        try writer.close()
        #expect(maskedInItsField)
    }

    /// An Arabic recording is of visual lines; a terminal that does bidi of its own replaying it is
    /// told not to, as it would be told live: explicit mode first, implicit mode back at the end.
    @Test func aRecordedArabicDemoCarriesTheExplicitBidiMode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try demo("eftpos --lang ar --speed 4 --record " + TmuxSession.quote(path))
        try tmux.waitFor("EXIT=0", timeout: 60)
        tmux.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(try JSONValue(parsing: String(lines[0]))["title"]?.stringValue == "checkout demo eftpos --lang ar")
        let output = try lines.dropFirst().map { try #require(try JSONValue(parsing: String($0)).arrayValue?[2].stringValue) }.joined()
        let explicit = try #require(output.range(of: "\u{1b}[8l"), "the explicit mode is recorded")
        let implicit = try #require(output.range(of: "\u{1b}[8h", options: .backwards))
        #expect(output.components(separatedBy: "\u{1b}[8l").count == 2, "once")
        #expect(explicit.lowerBound < implicit.lowerBound)
        #expect(output.contains("eftpos"))
    }

    /// The same scripts hold in French and in Arabic: their captions and checks name the
    /// catalogues' sentences (issue 24).
    @Test(arguments: ["fr", "ar"])
    func checkPlaysEveryShippedScriptInFrenchAndArabic(_ code: String) throws {
        let run = try ChildProcess.run(ChildProcess.checkoutBinary, ["demo", "--check", "--lang", code],
                                       environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        for name in ["cobadge", "eftpos", "fallback", "nol"] {
            #expect(run.stdout.contains("\(name) at 80x24: ok") && run.stdout.contains("\(name) at 120x40: ok"), "\(run.stdout)")
        }
    }

    @Test func checkPlaysEveryShippedScriptAndAWrongExpectationFails() throws {
        let all = try ChildProcess.run(ChildProcess.checkoutBinary, ["demo", "--check"], timeout: 120)
        #expect(all.status == 0, "\(all.stderr)")
        for name in ["cobadge", "eftpos", "fallback", "nol"] {
            #expect(all.stdout.contains("\(name) at 80x24: ok") && all.stdout.contains("\(name) at 120x40: ok"))
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("wrong-\(UUID().uuidString).demo").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "start pay\ntype 4000002500001001\nwait 1s\nexpect Pay with ◉ Mastercard\n".write(toFile: script, atomically: true, encoding: .utf8)
        let wrong = try ChildProcess.run(ChildProcess.checkoutBinary, ["demo", "--check", "--script", script], timeout: 60)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains(".demo:4 (expect): the screen does not show \"Pay with ◉ Mastercard\""))
        try "set session missing-\(UUID().uuidString).json\nstart pay\npress sideways\n".write(toFile: script, atomically: true, encoding: .utf8)
        let broken = try ChildProcess.run(ChildProcess.checkoutBinary, ["demo", "--check", "--script", script], timeout: 60)
        #expect(broken.status == 2)
        let problems = broken.stderr.split(separator: "\n")
        #expect(problems.count == 2, "one line a problem: \(broken.stderr)")
        #expect(problems.first?.contains(".demo:1: session missing-") == true && problems.first?.contains(".json: cannot read it") == true)
        #expect(problems.last?.contains(".demo:3: unknown key \"sideways\"") == true)

        // A session beside the script is found there, whatever the working directory.
        let session = URL(fileURLWithPath: script).deletingLastPathComponent().appendingPathComponent("surcharge-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: session) }
        try #"{"paymentMethod": {"options": [{"type": "PAYMENT_CARD", "networks": [{"type": "VISA", "surcharge": 100}]}]}}"#
            .write(to: session, atomically: true, encoding: .utf8)
        try "set session \(session.lastPathComponent)\nstart pay\ntype 4242424242424242\nwait 1s\nexpect [ Pay €50.99 ]\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let surcharged = try ChildProcess.run(ChildProcess.checkoutBinary, ["demo", "--check", "--script", script], timeout: 60)
        #expect(surcharged.status == 0, "\(surcharged.stderr)")
    }
}
