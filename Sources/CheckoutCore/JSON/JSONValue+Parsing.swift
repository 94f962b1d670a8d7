/// Why JSON text could not be read, with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

extension JSONValue {
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 256

    /// Parses one JSON value (RFC 8259) surrounded by optional whitespace.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.position == bytes.count else { throw JSONParseError("unexpected text after the value", offset: parser.position) }
            return value
        }
    }
}

/// A recursive-descent reader over UTF-8 bytes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw JSONParseError("nesting too deep", offset: position) }
        guard let byte = current else { throw JSONParseError("unexpected end of input", offset: position) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw JSONParseError("unexpected character", offset: position)
        }
    }

    mutating func expect(_ word: String) throws {
        for expected in word.utf8 {
            guard current == expected else { throw JSONParseError("expected \(word)", offset: position) }
            position += 1
        }
    }

    mutating func parseObject(depth: Int) throws -> JSONValue {
        position += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw JSONParseError("expected a key", offset: position) }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw JSONParseError("expected ':'", offset: position) }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw JSONParseError("expected ',' or '}'", offset: position)
            }
        }
    }

    mutating func parseArray(depth: Int) throws -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw JSONParseError("expected ',' or ']'", offset: position)
            }
        }
    }

    mutating func parseNumber() throws -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, first >= 0x30, first <= 0x39 else { throw JSONParseError("expected a digit", offset: position) }
        if first == 0x30 { position += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let digit = current, digit >= 0x30, digit <= 0x39 else { throw JSONParseError("expected a digit", offset: position) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, digit >= 0x30, digit <= 0x39 else { throw JSONParseError("expected a digit", offset: position) }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(text) else { throw JSONParseError("bad number", offset: start) }
        return number
    }

    mutating func skipDigits() {
        while let byte = current, byte >= 0x30, byte <= 0x39 { position += 1 }
    }

    mutating func parseString() throws -> String {
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw JSONParseError("unterminated string", offset: position) }
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: utf8, as: UTF8.self) }
            if byte < 0x20 { throw JSONParseError("control character in string", offset: position - 1) }
            if byte != UInt8(ascii: "\\") { utf8.append(byte); continue }
            guard let escape = current else { throw JSONParseError("unterminated escape", offset: position) }
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code), current == UInt8(ascii: "\\"),
                   position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                    let save = position
                    position += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = save
                    }
                }
                utf8.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
            default: throw JSONParseError("unknown escape", offset: position - 1)
            }
        }
    }

    mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw JSONParseError("short \\u escape", offset: position) }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw JSONParseError("bad \\u escape", offset: position)
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
