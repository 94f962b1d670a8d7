/// One line of line-oriented input (`checkout detect -`, `checkout events`, `checkout nol events`).
public enum InputLine: Equatable, Sendable {
    /// A line of UTF-8 text, without its line feed and without a carriage return just before it.
    case text(String)
    /// A line whose bytes are not UTF-8; its content is never kept, since it may hold a card number.
    case notUTF8
    /// A line longer than the splitter's limit, with its length in bytes; its content is dropped.
    case tooLong(bytes: Int)
}

/// Splits a byte stream into ``InputLine``s, keeping at most ``maximumLength`` bytes of any line.
///
/// Lines end with LF; a CR before the LF is dropped, so CRLF input reads like LF input. Bytes after
/// the last LF form a last line when ``finish()`` is called. A line longer than the limit is
/// skipped as it arrives rather than buffered, so one endless line cannot exhaust memory.
///
///     var splitter = InputLineSplitter()
///     let lines = splitter.feed(Array("4000\r\n5555".utf8))   // [.text("4000")]
///     let last = splitter.finish()                            // .text("5555")
public struct InputLineSplitter: Sendable {
    /// The default limit: far more than any card number or event line needs.
    public static let defaultMaximumLength = 1 << 20

    /// The longest line, in bytes without its line ending, that is handed over as text.
    public let maximumLength: Int
    private var buffer: [UInt8] = []
    /// The length of the current line so far, counting bytes dropped beyond the limit.
    private var length = 0
    /// The current line's last byte so far, kept even when the line is past the limit, so that a CR
    /// ending a long line is never counted as part of it.
    private var lastByte: UInt8?

    public init(maximumLength: Int = InputLineSplitter.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// Takes the next bytes of input and returns the lines they complete.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [InputLine] {
        var lines: [InputLine] = []
        var start = 0
        while start < bytes.count {
            // A rebased buffer counts from zero, so its index is an offset from `start`.
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            if let offset = rest.firstIndex(of: 0x0A) {
                let newline = start + offset
                append(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                lines.append(endLine())
                start = newline + 1
            } else {
                append(rest)
                start = bytes.count
            }
        }
        return lines
    }

    /// Takes the next bytes of input and returns the lines they complete.
    public mutating func feed(_ bytes: [UInt8]) -> [InputLine] {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// Ends the input: the bytes after the last line feed, if any, as a last line.
    public mutating func finish() -> InputLine? {
        length == 0 ? nil : endLine()
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        // One byte over the limit is kept so that a CR ending a line of exactly the limit is seen.
        let room = max(0, maximumLength + 1 - buffer.count)
        if room > 0 { buffer.append(contentsOf: bytes.prefix(room)) }
        length += bytes.count
        if let last = bytes.last { lastByte = last }
    }

    private mutating func endLine() -> InputLine {
        defer {
            buffer.removeAll(keepingCapacity: buffer.count <= 4096)
            length = 0
            lastByte = nil
        }
        var count = length
        if count > 0, lastByte == 0x0D { count -= 1 }
        guard count <= maximumLength else { return .tooLong(bytes: count) }
        guard let text = String(validating: buffer[..<count], as: UTF8.self) else { return .notUTF8 }
        return .text(text)
    }
}
