import CheckoutCore

/// Where the plain front end reads answers and writes its conversation: standard input and output
/// (``StandardConsole``), or a script in tests.
///
/// A console reads one line per question and writes text exactly as given; making that text
/// printable is the conversation's job (``PlainText``), so every console gets the same bytes.
public protocol PlainConsole: Sendable {
    /// Whether the terminal shows what the person types (standard input is a terminal). When it
    /// does not (a pipe, a file), the conversation writes each answer after its prompt itself, masked
    /// where it must be, so the transcript still reads as questions and answers.
    var echoesInput: Bool { get }
    /// Whether ``readLine(hidden:)`` can keep a typed line off the screen (turn terminal echo off).
    var canHideInput: Bool { get }
    /// Whether output must be plain ASCII (the locale's character set is not UTF-8).
    var asciiOnly: Bool { get }
    /// Writes `text` as it is.
    func write(_ text: String)
    /// The next line of input, without its line ending; `nil` at end of input (Ctrl-D).
    ///
    /// With `hidden`, a console that ``canHideInput`` turns echo off while the line is typed and
    /// puts back the newline the person typed, so the next output starts on a fresh line.
    func readLine(hidden: Bool) async -> InputLine?
    /// Whether the line just typed on the terminal can be written over (standard input and output
    /// are the terminal, and it moves the cursor): a card number's echo is replaced by its masked form.
    var canRewriteLine: Bool { get }
}

extension PlainConsole {
    public var canRewriteLine: Bool { false }
}
