// MARK: - ResourceEmbedder --ready-data OUTPUT NAME PATH [NAME PATH]...
//
// Writes OUTPUT, CheckoutEngine's `ReadyData`: the shipped files the first frame needs, already
// read, so a start builds them from constants instead of parsing text (issue 33):
//
// - a catalogue (`strings/en.tsv`) as its rows: key, plural category, text with `\n`, `\t` and `\\`
//   turned into what they stand for, and the row's line number (not the translators' notes, which
//   the program never shows); `StringCatalogue(rows:)`
//   checks them and builds the catalogue, with the rules `StringCatalogue(tsv:)` applies;
// - a JSON file (`networks.json`) as the `JSONValue` tree `JSONValue(parsing:)` gives, members in
//   the file's order; the readers that take a tree (`NetworkCatalogue(json:)`…) do the rest.
//
// Only the reading of the text is done here, not its meaning, so the files' rules keep one home.
// A file this cannot read (a bad escape, a broken JSON text) is left out: the program then parses
// its compiled-in text at start and reports the problem as it always has.

import Foundation

/// The Swift source of `ReadyData`, from (name, text) pairs.
func readyDataSource(_ files: [(name: String, text: String)]) -> String {
    var catalogueCases = ""
    var jsonCases = ""
    var members = ""
    for (index, file) in files.enumerated() {
        if file.name.hasSuffix(".tsv") {
            guard let rows = catalogueRows(file.text) else { continue }
            let member = "catalogue\(index)"
            // Flat literals of one type each (key, count, text per row; the rows' lines
            // beside): they type-check in linear time, where an array of 800 initializer calls
            // took the compiler minutes.
            // The translators' notes are left out: the program never shows them (tests of the notes read the files).
            members += "\n    /// `\(file.name)`, \(rows.count) rows: key, count and text of each, and the rows' lines.\n"
            // Built unoptimized (`@_optimize(none)`): the optimizer spent a minute on these literals
            // for a few microseconds of start-up. Built when asked for and not kept: `Bundled` keeps the catalogue.
            members += "    @_optimize(none) private static func \(member)() -> (fields: [String], lines: [Int]) {\n        (fields: [\n"
            for row in rows {
                members += "        \"\(literal(row.key))\", \"\(literal(row.count))\", \"\(literal(row.text))\",\n"
            }
            members += "        ], lines: [\(rows.map { String($0.line) }.joined(separator: ", "))])\n    }\n"
            catalogueCases += "        case \"\(literal(file.name))\": rows(\(member)())\n"
        } else if file.name.hasSuffix(".json") {
            var parser = JSONReader(bytes: Array(file.text.utf8))
            guard let statements = parser.document() else { continue }
            let member = "json\(index)"
            members += "\n    /// `\(file.name)`.\n    @_optimize(none) private static func \(member)() -> JSONValue {\n"
            members += statements
            members += "    }\n"
            jsonCases += "        case \"\(literal(file.name))\": \(member)()\n"
        }
    }
    return """
    // Generated at build time by the EmbedResources plugin from Resources/data.
    // Edit those files, not this one.

    import CheckoutCore

    /// The shipped files the first frame needs, already read at build time (see
    /// Plugins/ResourceEmbedder/ReadyData.swift); `Bundled` uses them unless `CHECKOUT_RESOURCES`
    /// names other files.
    enum ReadyData {
        /// The rows of a compiled-in catalogue (`strings/fr.tsv`), nil for a file that is not one.
        static func catalogue(_ name: String) -> [StringCatalogue.Row]? {
            switch name {
    \(catalogueCases)        default: nil
            }
        }

        private static func rows(_ table: (fields: [String], lines: [Int])) -> [StringCatalogue.Row] {
            table.lines.indices.map { row in
                let at = row * 3
                return StringCatalogue.Row(line: table.lines[row], key: table.fields[at], count: table.fields[at + 1],
                                           text: table.fields[at + 2], note: "")
            }
        }

        /// The tree of a compiled-in JSON file (`networks.json`), nil for a file that is not one.
        static func json(_ name: String) -> JSONValue? {
            switch name {
    \(jsonCases)        default: nil
            }
        }
    \(members)}

    """
}

/// The rows of a catalogue file, as `StringCatalogue(tsv:)` reads them; nil when a line cannot be
/// read (the parser at start reports it).
func catalogueRows(_ text: String) -> [(line: Int, key: String, count: String, text: String, note: String)]? {
    var rows: [(line: Int, key: String, count: String, text: String, note: String)] = []
    var columns: (key: Int, count: Int?, text: Int, note: Int?, total: Int)?
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
        if line.isEmpty || line.hasPrefix("#") { continue }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard let header = columns else {
            var named: [String: Int] = [:]
            for (index, field) in fields.enumerated() {
                let name = field.trimmingCharacters(in: .whitespacesAndNewlines)
                guard ["key", "count", "text", "note"].contains(name), named[name] == nil else { return nil }
                named[name] = index
            }
            guard let key = named["key"], let text = named["text"] else { return nil }
            columns = (key, named["count"], text, named["note"], fields.count)
            continue
        }
        guard fields.count == header.total, let text = unescapedCatalogueText(fields[header.text]) else { return nil }
        rows.append((offset + 1, fields[header.key], header.count.map { fields[$0] } ?? "", text, header.note.map { fields[$0] } ?? ""))
    }
    return columns == nil ? nil : rows
}

/// A catalogue text with `\n`, `\t` and `\\` turned into what they stand for; nil for another escape.
func unescapedCatalogueText(_ text: String) -> String? {
    var result = ""
    var escaped = false
    for scalar in text.unicodeScalars {
        if escaped {
            switch scalar {
            case "n": result += "\n"
            case "t": result += "\t"
            case "\\": result += "\\"
            default: return nil
            }
            escaped = false
        } else if scalar == "\\" {
            escaped = true
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return escaped ? nil : result
}

/// Reads a JSON text (RFC 8259) into Swift statements that build its `JSONValue`: one `let` per
/// array or object, built from its children's, so each statement is quick to type-check however
/// large the file is.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var statements = ""
    var counter = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The statements ending in `return` of the document's value; nil when the text is not JSON.
    mutating func document() -> String? {
        guard let value = value() else { return nil }
        skipSpace()
        guard index == bytes.count else { return nil }
        return statements + "        return \(value)\n"
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// An expression for the next value: a literal case, or the name of a `let` holding it.
    private mutating func value() -> String? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return declare(".object([])") }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value() else { return nil }
                members.append("(\"\(literal(key))\", \(member))")
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                return declare(".object([\(members.joined(separator: ", "))])")
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [String] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return declare(".array([])") }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                return declare(".array([\(elements.joined(separator: ", "))])")
            }
        case UInt8(ascii: "\""):
            return string().map { "JSONValue.string(\"\(literal($0))\")" }
        case UInt8(ascii: "t"): return word("true", "JSONValue.bool(true)")
        case UInt8(ascii: "f"): return word("false", "JSONValue.bool(false)")
        case UInt8(ascii: "n"): return word("null", "JSONValue.null")
        default: return number()
        }
    }

    private mutating func declare(_ expression: String) -> String {
        counter += 1
        statements += "        let v\(counter): JSONValue = \(expression)\n"
        return "v\(counter)"
    }

    private mutating func word(_ text: String, _ expression: String) -> String? {
        let end = index + text.utf8.count
        guard end <= bytes.count, Array(bytes[index..<end]) == Array(text.utf8) else { return nil }
        index = end
        return expression
    }

    /// A number as JSON writes it; Swift reads the same decimal text to the same `Double`.
    private mutating func number() -> String? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let integerDigits = digits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[index - integerDigits] == UInt8(ascii: "0")) else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return nil }
        return "JSONValue.number(\(text))"
    }

    /// A string's value, its escapes decoded (a surrogate pair is one scalar).
    private mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
            case 0x00..<0x20: return nil
            default: run.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
        index += 4
        return unit
    }
}
