import CheckoutStore
import CheckoutCore
import CheckoutEngine
import FoundationEssentials
import Glibc

/// When `checkout` talks in plain lines instead of drawing the full-screen UI.
///
/// Plain mode runs with `--plain`, when `CHECKOUT_PLAIN` or `ACCESSIBLE` is set (to anything but
/// `0`, `false` or `no`), and when `TERM` names no terminal ncurses can drive (unset, `dumb`, or a
/// type the terminfo database does not know), on a terminal or on pipes alike, as PRODUCT.md
/// promises. A terminal type ncurses knows, over pipes, is the one case with no way to start: an
/// error that names `--plain`.
public enum PlainMode {
    /// What `checkout` (the terminal UI commands) should run.
    public enum Decision: Equatable, Sendable {
        case plain
        case fullScreen
        /// No terminal and no plain trigger: the full-screen UI's error, naming `--plain`.
        case notATerminal
    }

    /// The one-line error for ``Decision/notATerminal``, in English.
    public static var notATerminalMessage: String { notATerminalMessage(Bundled.english) }

    /// The one-line error for ``Decision/notATerminal`` in a language.
    public static func notATerminalMessage(_ text: Localizer) -> String { "checkout: " + text.text(.plainNotATerminal) }

    /// The decision for this process: its environment and standard streams.
    public static func decide(flag: Bool) -> Decision {
        let environment = ProcessEnvironment.values(["CHECKOUT_PLAIN", "ACCESSIBLE", "TERM", "TERMINFO", "HOME", "TERMINFO_DIRS"])
        return decide(flag: flag, environment: environment,
                      stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
                      knowsTerminal: { TerminfoDatabase.knows($0, environment: environment) })
    }

    /// The decision for the given flag, environment and streams; `knowsTerminal` says whether a
    /// terminal type has a terminfo entry.
    public static func decide(flag: Bool, environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
                              knowsTerminal: (String) -> Bool) -> Decision {
        if flag || isSet(environment["CHECKOUT_PLAIN"]) || isSet(environment["ACCESSIBLE"]) { return .plain }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || !knowsTerminal(term) { return .plain }
        guard stdinIsTerminal, stdoutIsTerminal else { return .notATerminal }
        return .fullScreen
    }

    private static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return !["0", "false", "no"].contains(value.lowercased())
    }
}

/// The terminfo database ncurses reads terminal descriptions from, searched the way terminfo(5)
/// says ncurses searches it: `$TERMINFO`, `~/.terminfo`, each directory of `$TERMINFO_DIRS` (an
/// empty entry meaning the system ones), then the system directories. Entries live under the
/// name's first character, or its hexadecimal code on systems that fold case.
enum TerminfoDatabase {
    static let systemDirectories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]

    static func knows(_ term: String, environment: [String: String],
                      fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> Bool {
        guard let first = term.unicodeScalars.first, !term.contains("/"), term != ".", term != ".." else { return false }
        var directories: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { directories.append(own) }
        if let home = environment["HOME"], !home.isEmpty { directories.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] {
            for entry in list.split(separator: ":", omittingEmptySubsequences: false) {
                if entry.isEmpty { directories += systemDirectories } else { directories.append(String(entry)) }
            }
        }
        directories += systemDirectories
        let hex = String(first.value, radix: 16)
        let subdirectories = [String(first), hex.count < 2 ? "0" + hex : hex]
        return directories.contains { directory in
            subdirectories.contains { fileExists("\(directory)/\($0)/\(term)") }
        }
    }
}
