import CheckoutCore
import Testing

@Suite("Input lines")
struct InputLineSplitterTests {
    func split(_ chunks: [[UInt8]], limit: Int = 16) -> [InputLine] {
        var splitter = InputLineSplitter(maximumLength: limit)
        var lines = chunks.flatMap { splitter.feed($0) }
        if let last = splitter.finish() { lines.append(last) }
        return lines
    }

    @Test("LF and CRLF end lines alike; a last line without a newline counts; empty lines stay")
    func lineEndings() {
        #expect(split([Array("4000\r\n\n5555\n4242".utf8)]) == [.text("4000"), .text(""), .text("5555"), .text("4242")])
        #expect(split([Array("4000\n".utf8)]) == [.text("4000")])
        #expect(split([]) == [])
    }

    @Test("a line split across reads, even between CR and LF, comes out whole")
    func chunkBoundaries() {
        let bytes = Array("4000 0025\r\n{\"submit\":{}}\n".utf8)
        for cut in 0...bytes.count {
            #expect(split([Array(bytes[..<cut]), Array(bytes[cut...])]) == [.text("4000 0025"), .text("{\"submit\":{}}")])
        }
    }

    @Test("bytes that are not UTF-8 make the line notUTF8 and leave the next line alone; NUL is text")
    func invalidUTF8() {
        #expect(split([[0x34, 0xFF, 0xFE, 0x30, 0x0A, 0x34, 0x00, 0x32, 0x0A]]) == [.notUTF8, .text("4\u{0}2")])
        #expect(split([[0xE2, 0x82]]) == [.notUTF8], "a truncated sequence at the end of input")
    }

    @Test("a line over the limit is reported with its length, not kept; exactly the limit is text, with or without CR")
    func tooLong() {
        let limit = String(repeating: "4", count: 16)
        #expect(split([Array((limit + "\n" + limit + "\r\n").utf8)]) == [.text(limit), .text(limit)])
        #expect(split([Array((limit + "4\nok").utf8)]) == [.tooLong(bytes: 17), .text("ok")])
        let huge = [UInt8](repeating: 0x34, count: 10_000_000) + [0x0A]
        #expect(split(stride(from: 0, to: huge.count, by: 65_536).map { Array(huge[$0..<min($0 + 65_536, huge.count)]) }, limit: 1 << 20)
                == [.tooLong(bytes: 10_000_000)])
    }
}
