import CheckoutCore
import CheckoutEngine
import CheckoutPlain
import CheckoutStore
import CheckoutApp
import CheckoutTUI
import FoundationEssentials
import Glibc

/// `checkout demo [cobadge | eftpos | fallback | nol | tour] [options]`: a narrated walkthrough
/// played by an autopilot through the real screens and engine.
///
/// Without `--check` it plays in the terminal; `--check` plays every shipped script (or the one
/// named, or `--script FILE`) headless on a manual clock and exits 1 at the first step whose
/// expectation fails. `--record` writes the terminal's output as an asciicast v2 file (0600, never
/// through a link, card-like digit runs masked); it is only offered here, where every card typed is
/// a sandbox test card of the script, and it stops when the person takes the keyboard. Engines are
/// made by the app's one recipe, so `--bin-table` and `--bin-service` apply; `--data-dir` keeps the
/// demo's payments in that ledger.
enum DemoCommand {
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: CommandLineOptions
        do { options = try CommandLineOptions.parseOrExit(arguments, command: .demo).get() } catch {
            return error.status
        }
        let names = options.positionals
        let scriptPath = options.scriptPath, recordPath = options.recordPath, check = options.check
        if names.count > 1 || (scriptPath != nil && !names.isEmpty) { return options.usageError("name one demo, or --script FILE") }

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

        // --check plays without a terminal, so there is nothing to record: refused, not ignored.
        if check, recordPath != nil {
            FileHandleOutput.error("checkout demo: --check and --record do not go together: --check plays the scripts without a terminal, "
                                   + "so there is nothing to record; run --check, then --record in a terminal")
            return 2
        }
        if check { return await runChecks(scripts, options: options) }
        if recordPath != nil, isatty(STDOUT_FILENO) != 1 {
            FileHandleOutput.error("checkout demo: --record records what a terminal shows: run it in one")
            return 2
        }
        let script = scripts[0]
        let world: DemoWorld
        do {
            world = try makeWorld(options)
        } catch {
            FileHandleOutput.error("checkout demo: \(error)")
            return 2
        }
        var recorder: AsciicastRecorder?
        if let recordPath {
            var size = winsize()
            _ = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
            // The language chosen on the command line is part of what replays the recording.
            let command = (["checkout", "demo"] + (scriptPath.map { ["--script", $0] } ?? [script.name])
                           + (options.language.map { ["--lang", $0.code] } ?? [])).joined(separator: " ")
            do {
                let clock = world.clock
                recorder = try AsciicastRecorder(path: recordPath, width: Int(size.ws_col), height: Int(size.ws_row), title: command,
                                                 command: command) { clock.now.offset }
            } catch {
                FileHandleOutput.error("checkout demo: cannot write \(recordPath): \(error)")
                return 2
            }
        }
        let driver = DemoDriver(world: world, script: script, quitsAtEnd: recorder != nil, speed: options.speed)
        // What the person types once they have the keyboard is theirs: it is not recorded.
        driver.onHandOver = { recorder?.stop() }
        let status = await TerminalRuntime.runDemo(driver, colour: options.colorEnabled, recorder: recorder)
        if let recordPath, let failure = recorder?.failure {
            FileHandleOutput.error("checkout demo: the recording \(recordPath) could not be written (\(failure)); it is incomplete")
            return status == 0 ? 1 : status
        }
        return status
    }

    /// The world a demo plays in: the shipped catalogue and session, the BIN source the options
    /// name, and the ledger of `--data-dir` when one is given.
    static func makeWorld(_ options: CommandLineOptions, clock: ManualClock = ManualClock()) throws -> DemoWorld {
        var settings = CheckoutSettings(session: try Bundled.sessionDefaults())
        switch options.binService {
        case .embedded: settings.binSource = options.binTablePath.map { .table(path: $0) } ?? .embedded
        case .off: settings.binSource = .off
        case .url(let url): settings.binSource = .url(url.absoluteString)
        }
        settings.language = Language.choose(option: options.language, setting: nil, environment: ProcessEnvironment.values(LocaleName.variables))
        if let problem = ScreenContext.localizer(for: settings.language, ascii: !PlainText.localeIsUTF8()).problem {
            FileHandleOutput.error("checkout demo: " + problem)
            settings.language = .english
        }
        let ledger = try options.dataDirectory.map { _ in try DataDirectory.open(options.dataDirectory) { try Ledger(database: $0) } }
        return try DemoWorld(catalogue: try Bundled.catalogue(), baseSettings: settings, clock: clock, ledger: ledger)
    }

    /// Plays each script headless at 80x24 and at 120x40 (the event panel beside the form).
    @MainActor
    static func runChecks(_ scripts: [DemoScript], options: CommandLineOptions) async -> Int32 {
        for script in scripts {
            for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 120, height: 40)] {
                do {
                    let world = try makeWorld(options)
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
}
