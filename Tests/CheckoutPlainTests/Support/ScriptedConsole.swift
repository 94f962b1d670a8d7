import CheckoutCore
import CheckoutPlain
import Synchronization

/// A console for tests: answers from a script, everything written kept as one transcript.
///
/// An answer is a line, or a line computed from the transcript so far (a code read from the SMS
/// line); when the script runs out, input ends, as Ctrl-D ends it. Like a pipe, the console does
/// not echo, so the transcript shows each answer as the conversation echoes it.
final class ScriptedConsole: PlainConsole {
    enum Answer: ExpressibleByStringLiteral, Sendable {
        case line(String)
        /// Bytes that are not UTF-8, as a broken terminal may send.
        case notUTF8
        case computed(@Sendable (String) -> String)

        init(stringLiteral value: String) { self = .line(value) }
    }

    let echoesInput: Bool
    let canHideInput: Bool
    let asciiOnly: Bool
    let canRewriteLine: Bool

    private struct State {
        var answers: [Answer]
        var transcript = ""
        var hiddenPrompts: [String] = []
        var waiters: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// `echoesInput` and `canRewriteLine`: a terminal's console (what the terminal echoes is not in the transcript).
    init(_ answers: [Answer], asciiOnly: Bool = false, canHideInput: Bool = false, echoesInput: Bool = false, canRewriteLine: Bool = false) {
        state = Mutex(State(answers: answers))
        self.echoesInput = echoesInput
        self.canRewriteLine = canRewriteLine
        self.asciiOnly = asciiOnly
        self.canHideInput = canHideInput
    }

    /// Everything written so far.
    var transcript: String { state.withLock { $0.transcript } }

    /// The lines of the transcript that were prompts of hidden answers.
    var hiddenPrompts: [String] { state.withLock { $0.hiddenPrompts } }

    /// How many scripted answers are left unread.
    var unread: Int { state.withLock { $0.answers.count } }

    func write(_ text: String) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.transcript += text
            let transcript = state.transcript
            let ready = state.waiters.filter { transcript.contains($0.text) }.map(\.continuation)
            state.waiters.removeAll { transcript.contains($0.text) }
            return ready
        }
        ready.forEach { $0.resume() }
    }

    func readLine(hidden: Bool) async -> InputLine? {
        state.withLock { state in
            if hidden { state.hiddenPrompts.append(String(state.transcript.split(separator: "\n").last ?? "")) }
            guard !state.answers.isEmpty else { return nil }
            switch state.answers.removeFirst() {
            case let .line(text): return .text(text)
            case .notUTF8: return .notUTF8
            case let .computed(make): return .text(make(state.transcript))
            }
        }
    }

    /// Returns once the transcript contains `text`.
    func waitFor(_ text: String) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.transcript.contains(text) { return true }
                state.waiters.append((text, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension ScriptedConsole.Answer {
    /// The code of the newest `SMS to …: your code is NNNNNN` line of the transcript.
    static let codeFromSMS = ScriptedConsole.Answer.computed { transcript in
        let line = transcript.split(separator: "\n").last { $0.hasPrefix("SMS to ") && $0.contains("your code is ") } ?? ""
        return String(line.suffix(6))
    }
}
