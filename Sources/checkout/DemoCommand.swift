import CheckoutCore
import CheckoutEngine
import CheckoutStore
import CheckoutTUI
import FoundationEssentials
import Glibc

/// `checkout demo [cobadge | eftpos | fallback | nol | tour] [--script FILE] [--check] [--record FILE.cast] [--speed X] [--no-color]`:
/// a narrated walkthrough played by an autopilot through the real screens and engine.
///
/// Without `--check` it plays in the terminal; `--check` plays every shipped script (or the one
/// named, or `--script FILE`) headless on a manual clock and exits 1 at the first step whose
/// expectation fails. `--record` writes the terminal's output as an asciicast v2 file (0600, never
/// through a link, card-like digit runs masked); it is only offered here, where every card typed is
/// a sandbox test card of the script, and it stops when the person takes the keyboard.
enum DemoCommand {
    static let usage = """
        usage: checkout demo [cobadge | eftpos | fallback | nol | tour] [--script FILE] [--check] [--record FILE.cast] [--speed X] [--no-color]

          cobadge    a co-badged card (Cartes Bancaires + Visa): local rules, the BIN lookup at the 8th digit,
                     the debounce, the chooser, a surcharge on Visa and why the cardholder chooses,
                     paying with Cartes Bancaires
          eftpos     an eftpos + Mastercard card: the network selected by routing, no chooser
          fallback   a slow BIN service: LOCAL_FALLBACK, and paying without waiting for it
          nol        linking a Nol card (scan, phone, SMS code, one wrong code), listing, paying, unlinking
          tour       all of them (the default)

          --script FILE       play your own script (the format is in Resources/demo/cobadge.demo)
          --check             play headless at full speed; exit 1 when a step's expectation fails
          --record FILE.cast  write what the terminal shows as an asciicast v2 file (asciinema play FILE.cast)
          --speed X           start at 0.5, 1 (the default), 1.5, 2, 3 or 4 times a person's pace
          --no-color          no colours (NO_COLOR works too)

        keys: space pause/resume · → next caption · ← replay the caption · + - speed · esc or q leave ·
              any other key hands you the keyboard
        """

    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        var names: [String] = []
        var scriptPath: String?
        var recordPath: String?
        var check = false
        var speed = 1.0
        var noColor = ProcessEnvironment.value("NO_COLOR").map { !$0.isEmpty } ?? false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            func value() -> String? {
                if argument.contains("=") { return String(argument.drop { $0 != "=" }.dropFirst()) }
                guard index < arguments.count else { return nil }
                index += 1
                return arguments[index - 1]
            }
            switch argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument {
            case "--help", "-h": FileHandleOutput.line(usage); return 0
            case "--check": check = true
            case "--no-color": noColor = true
            case "--script":
                guard let path = value() else { return usageError("--script needs a file") }
                scriptPath = path
            case "--speed":
                guard let text = value(), let number = Double(text), DemoDriver.speeds.contains(number) else {
                    return usageError("--speed takes one of " + DemoDriver.speeds.map { String($0) }.joined(separator: ", "))
                }
                speed = number
            case "--record":
                guard let path = value() else { return usageError("--record needs a file name") }
                recordPath = path
            default:
                if argument.hasPrefix("-") { return usageError("unknown option \(argument)") }
                names.append(argument)
            }
        }
        if names.count > 1 || (scriptPath != nil && !names.isEmpty) { return usageError("name one demo, or --script FILE") }

        // Every script is read and checked whole before anything plays.
        var scripts: [DemoScript] = []
        do {
            if let scriptPath {
                // A demo script is a page or two of text; anything over 1 MiB is not one.
                let data: [UInt8]
                do { data = try FileStart.read(scriptPath, limit: 1 << 20) } catch {
                    FileHandleOutput.error("checkout demo: cannot read \(scriptPath) (\(error.reason))")
                    return 2
                }
                guard data.count <= 1 << 20 else {
                    FileHandleOutput.error("checkout demo: \(scriptPath) is larger than 1 MiB, so not a demo script")
                    return 2
                }
                let url = URL(fileURLWithPath: scriptPath)
                scripts = [try DemoScript(name: url.deletingPathExtension().lastPathComponent, text: String(decoding: data, as: UTF8.self),
                                          directory: url.deletingLastPathComponent())]
            } else if let name = names.first {
                scripts = [try DemoScript.shipped(name)]
            } else {
                scripts = try (check ? DemoScript.shipped.filter { $0 != "tour" } : ["tour"]).map { try DemoScript.shipped($0) }
            }
        } catch let problems as DemoScript.Problems {
            // One line a problem: each is sanitised on its own, so the lines stay lines.
            for message in problems.messages { FileHandleOutput.error("checkout demo: \(message)") }
            return 2
        } catch {
            FileHandleOutput.error("checkout demo: \(error)")
            return 2
        }

        if check { return await runChecks(scripts) }
        if recordPath != nil, isatty(STDOUT_FILENO) != 1 {
            FileHandleOutput.error("checkout demo: --record records what a terminal shows: run it in one")
            return 2
        }
        let script = scripts[0]
        let world: DemoWorld
        do {
            world = try DemoWorld.bundled()
        } catch {
            FileHandleOutput.error("checkout demo: \(error)")
            return 2
        }
        var recorder: AsciicastRecorder?
        if let recordPath {
            var size = winsize()
            _ = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
            let command = (["checkout", "demo"] + (scriptPath.map { ["--script", $0] } ?? [script.name])).joined(separator: " ")
            do {
                let clock = world.clock
                recorder = try AsciicastRecorder(path: recordPath, width: Int(size.ws_col), height: Int(size.ws_row), title: command,
                                                 command: command) { clock.now.offset }
            } catch {
                FileHandleOutput.error("checkout demo: cannot write \(recordPath): \(error)")
                return 2
            }
        }
        let driver = DemoDriver(world: world, script: script, quitsAtEnd: recorder != nil, speed: speed)
        // What the person types once they have the keyboard is theirs: it is not recorded.
        driver.onHandOver = { recorder?.stop() }
        let status = await TerminalRuntime.runDemo(driver, colour: !noColor, recorder: recorder)
        if let recordPath, let failure = recorder?.failure {
            FileHandleOutput.error("checkout demo: the recording \(recordPath) could not be written (\(failure)); it is incomplete")
            return status == 0 ? 1 : status
        }
        return status
    }

    /// Plays each script headless at 80x24 and at 120x40 (the event panel beside the form).
    @MainActor
    static func runChecks(_ scripts: [DemoScript]) async -> Int32 {
        for script in scripts {
            for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 120, height: 40)] {
                do {
                    let world = try DemoWorld.bundled()
                    let run = HeadlessDemo(world: world, size: size)
                    try await run.play(script)
                    let seconds = Double(world.clock.now.offset.components.seconds)
                    FileHandleOutput.line("\(script.name) at \(size.width)x\(size.height): ok, \(script.steps.count) steps, "
                                          + "\(Int(seconds)) s of demo time")
                } catch let failure as DemoFailure {
                    FileHandleOutput.error("checkout demo: \(script.name) at \(size.width)x\(size.height): \(failure)")
                    return 1
                } catch {
                    FileHandleOutput.error("checkout demo: \(error)")
                    return 2
                }
            }
        }
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandleOutput.error("checkout demo: \(message) (see checkout demo --help)")
        return 2
    }
}
