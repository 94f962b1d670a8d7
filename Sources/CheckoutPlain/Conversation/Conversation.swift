import CheckoutCore
import CheckoutEngine

/// One plain-mode conversation over a console: sentences, and questions that wait for an answer.
///
/// Every question works the same way: `?` prints its help and asks again; an empty answer takes
/// the default shown in brackets, where there is one; `back` goes to the previous question (the
/// full-screen UI's Esc); end of input (Ctrl-D) ends the conversation. When the console does not
/// echo (a pipe or a file), each answer is written after its prompt, masked where it must be.
@MainActor
final class Conversation {
    let console: any PlainConsole
    /// Where answers are read: the console's lines, through the app loop's wait when it reads
    /// standard input.
    private let readLine: @MainActor (_ hidden: Bool) async -> InputLine?
    /// Whether the cursor is after a prompt, so the next sentence must start a new line first.
    private var midLine = false
    /// Whether the next character written starts a line (what the paragraph-direction mark goes before).
    private var atLineStart = true
    /// The language of the conversation's own words (prompts, yes and no, its refusals): the
    /// screens' language, which Settings may change while it runs.
    var localizer = Bundled.english
    /// Right to left (Arabic): each line keeps logical order, its numbers and card-number
    /// fragments in left-to-right isolates, for the screen reader or terminal to lay out.
    var isolatesNumbers: Bool { localizer.language.direction == .rightToLeft }

    init(console: any PlainConsole, readLine: (@MainActor (_ hidden: Bool) async -> InputLine?)? = nil) {
        self.console = console
        self.readLine = readLine ?? { hidden in await console.readLine(hidden: hidden) }
    }

    /// Whether typed answers can be kept off the screen.
    var canHideInput: Bool { console.canHideInput }

    /// One sentence (or several lines) of the conversation.
    func say(_ text: String) {
        write(text + "\n")
    }

    /// An empty line between parts of the conversation.
    func pause() {
        write("\n")
    }

    /// Everything the conversation writes goes through here: card-like digit runs are masked, so a
    /// card number typed at any question is never echoed or quoted back in full.
    private func write(_ text: String) {
        var masked = CardLikeDigits.masked(text)
        if isolatesNumbers {
            // Each line a right-to-left paragraph, also where it starts with a network's name or a
            // number, for a terminal or screen reader that lays it out (its first strong character decides).
            let starts = midLine || atLineStart
            masked = BidiIsolation.isolatingNumbers(masked).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset > 0 || starts ? BidiIsolation.startingRightToLeft(String($0.element)) : String($0.element) }.joined(separator: "\n")
        }
        let line = (midLine ? "\n" : "") + PlainText.printable(masked, ascii: console.asciiOnly, keepNewlines: true)
        midLine = false
        if !line.isEmpty { atLineStart = line.hasSuffix("\n") }
        console.write(line)
    }

    // MARK: Questions

    /// What a question got: an answer, a step back, or the end of input.
    enum Reply: Equatable {
        case answer(String)
        case back
        case end
    }

    /// A question: its prompt, the default an empty answer takes, its help, and how its answer is
    /// echoed when the console does not echo.
    struct Question {
        var prompt: String
        /// Taken on an empty answer.
        var defaultAnswer: String?
        /// How the default is shown in brackets (`•••• 1001` for a card number); the default itself when nil.
        var shownDefault: String?
        var help: [String]
        /// Typed with terminal echo off, where the console can.
        var hidden = false
        /// What is written after the prompt for an answer when the console does not echo.
        var echo: (String) -> String = { $0 }
        /// On a terminal that echoed the answer, its line is written again with ``echo``'s form (a card number).
        var masksTerminalEcho = false
    }

    /// The answers every question understands the same way; they are echoed as they are. `back`
    /// is understood in every language, as well as the language's own word for it.
    var commands: Set<String> { ["?", "back", localizer.text(.plainBackWord).lowercased()] }

    /// The help line every question ends with, in English.
    nonisolated static var commonHelp: String { Bundled.english.text(.plainCommonHelp) }

    /// Asks until the answer is one (`?` prints the help and asks again; unreadable lines are refused).
    func ask(_ question: Question) async -> Reply {
        while true {
            let shown = question.shownDefault ?? question.defaultAnswer
            let prompt = question.prompt + (shown.map { " [\($0)]" } ?? "") + localizer.text(.plainPromptEnd) + " "
            write(prompt)
            midLine = true
            guard let line = await readLine(question.hidden) else {
                // The cursor is still after the prompt: end that line before leaving.
                console.write("\n")
                midLine = false
                atLineStart = true
                return .end
            }
            // The answer's newline moved the cursor on (the terminal's, even for a hidden answer,
            // whose newline still echoes), or the echo written below ends the line.
            midLine = false
            let typed: String
            switch line {
            case let .text(value):
                typed = value.trimmingWhitespace()
            case .notUTF8:
                if !console.echoesInput { write("\n") }
                say(localizer.text(.plainNotUTF8))
                continue
            case let .tooLong(bytes):
                if !console.echoesInput { write("\n") }
                say(localizer.text(.plainTooLong, String(bytes)))
                continue
            }
            // An empty answer is the default's; the transcript shows which answer was taken.
            let answer = typed.isEmpty ? (question.defaultAnswer ?? "") : typed
            if !console.echoesInput {
                write((commands.contains(answer.lowercased()) ? answer : question.echo(answer)) + "\n")
            } else if question.masksTerminalEcho, console.canRewriteLine, !typed.isEmpty, !commands.contains(answer.lowercased()) {
                // The terminal echoed the full number: its line is drawn again (up one line, cleared)
                // with the number masked, so it does not stay in the scrollback.
                console.write("\u{1b}[1A\r\u{1b}[2K")
                atLineStart = true
                write(prompt + question.echo(answer) + "\n")
            }
            switch answer.lowercased() {
            case "?":
                say((question.help + [localizer.text(.plainCommonHelp)]).joined(separator: "\n"))
            case let word where word != "?" && commands.contains(word):
                return .back
            default:
                return .answer(answer)
            }
        }
    }

    /// What a numbered choice got.
    enum Choice: Equatable {
        case chose(Int)
        case back
        case end
    }

    /// Lists `options` numbered from 1 and asks for one, by number or by its name (or the start of
    /// its name, when only one option starts that way).
    ///
    /// The list is printed before the question and again with its help (`?`).
    func choose(_ options: [String], prompt: String, defaultIndex: Int? = nil, help: [String]) async -> Choice {
        let listing = options.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
        say(listing.joined(separator: "\n"))
        let range = options.count == 2 ? localizer.text(.plainRangeTwo) : localizer.text(.plainRange, String(options.count))
        let question = Question(prompt: (prompt.isEmpty ? "" : prompt + " ") + localizer.text(.plainChoose, range),
                                defaultAnswer: defaultIndex.map { String($0 + 1) },
                                help: help + listing)
        while true {
            switch await ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                if let index = Self.option(text, in: options) { return .chose(index) }
                say(localizer.text(.plainNoSuchChoice, text, range))
            }
        }
    }

    /// The option an answer names: its number (in any script's digits: `٢` is 2), its name, or the
    /// only name starting with it.
    nonisolated static func option(_ answer: String, in options: [String]) -> Int? {
        let digits = CardNumberNormalizer.asciiDigits(in: answer, limit: 9)
        let written = digits.unicodeScalars.count == answer.unicodeScalars.count ? Int(digits) : nil
        if let number = Int(answer) ?? written, (1...options.count).contains(number) { return number - 1 }
        let wanted = answer.lowercased()
        guard !wanted.isEmpty else { return nil }
        if let exact = options.firstIndex(where: { $0.lowercased() == wanted }) { return exact }
        let starting = options.indices.filter { options[$0].lowercased().hasPrefix(wanted) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// What a yes-or-no question got.
    enum Confirmation: Equatable {
        case yes
        case no
        case back
        case end
    }

    /// Asks a yes-or-no question, `[Y/n]` or `[y/N]` after the prompt (`[O/n]` in French, the
    /// default's word in Arabic). The language's words are taken, and English's `y` and `n` in
    /// every language: a keyboard may have no other letters to type.
    func confirm(_ prompt: String, defaultYes: Bool, help: [String]) async -> Confirmation {
        let question = Question(prompt: prompt, defaultAnswer: localizer.text(defaultYes ? .plainYes : .plainNo),
                                shownDefault: localizer.text(defaultYes ? .plainDefaultYes : .plainDefaultNo), help: help)
        while true {
            switch await ask(question) {
            case .end: return .end
            case .back: return .back
            case let .answer(text):
                if Self.words(localizer.text(.plainYesWords)).contains(text.lowercased()) { return .yes }
                if Self.words(localizer.text(.plainNoWords)).contains(text.lowercased()) { return .no }
                say(localizer.text(.plainAnswerYesNo))
            }
        }
    }

    /// The answers a catalogue lists, space-separated, in lower case.
    nonisolated static func words(_ list: String) -> Set<String> {
        Set(list.split(separator: " ").map { $0.lowercased() })
    }
}
