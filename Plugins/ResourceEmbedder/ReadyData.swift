// MARK: - ResourceEmbedder --ready-data OUTPUT NAME PATH [NAME PATH]...
//
// Writes OUTPUT, CheckoutEngine's `ReadyData`: the shipped files the first frame needs, already
// read, so a start builds them from constants instead of parsing text (issue 33):
//
// - a catalogue (`strings/en.tsv`) as its rows: key, plural category, text with `\n`, `\t` and `\\`
//   turned into what they stand for, the row's line number and its key's `TextKey.ordinal` (its
//   place among English's keys; not the translators' notes, which
//   the program never shows); `StringCatalogue(rows:)`
//   checks them and builds the catalogue, with the rules `StringCatalogue(tsv:)` applies;
// - a JSON file (`networks.json`) as the `JSONValue` tree `JSONValue(parsing:)` gives, members in
//   the file's order; the readers that take a tree (`NetworkCatalogue(json:)`…) do the rest. Each
//   member of the top object, and each member of those that are objects, is built by a function of
//   its own, so a start can build the one member it needs (`locales.json`'s `locales.fr`) rather
//   than the whole tree: English's first frame built and dropped 41 locales.
//
// Only the reading of the text is done here, not its meaning, so the files' rules keep one home.
// A file this cannot read (a bad escape, a broken JSON text) is left out: the program then parses
// its compiled-in text at start and reports the problem as it always has.

import Foundation

/// The Swift source of `ReadyData`, from (name, text) pairs.
func readyDataSource(_ files: [(name: String, text: String)]) -> String {
    var catalogueCases = ""
    var slotCases = ""
    var jsonCases = ""
    var memberCases = ""
    var members = ""
    // The sentences by their key's place come first, English's first, in the source and in the
    // switch that names them: the compiler lays a string literal's text out where the first
    // function it emits uses it, so English's sentences lie together in the 32 KB a session reads
    // while it shows them, apart from the other languages and from the rows (keys and counts) only
    // a catalogue without slots reads (issue 33: memory).
    var slotMembers = ""
    let english = "strings/en.tsv"
    // Each row's place among the English catalogue's keys (first appearance, as `TextKey`'s cases
    // are made from the same file): the row's ``TextKey/ordinal``, so a catalogue built from ready
    // rows looks no name up. -1 for a name English lacks.
    var ordinals: [String: Int] = [:]
    for row in files.first(where: { $0.name == english }).flatMap({ catalogueRows($0.text) }) ?? [] where ordinals[row.key] == nil {
        ordinals[row.key] = ordinals.count
    }
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
            members += "    @_optimize(none) private static func \(member)() -> (fields: [String], lines: [Int], ordinals: [Int]) {\n        (fields: [\n"
            for row in rows {
                members += "        \"\(literal(row.key))\", \"\(literal(row.count))\", \"\(literal(row.text))\",\n"
            }
            members += "        ], lines: [\(rows.map { String($0.line) }.joined(separator: ", "))],\n"
            members += "        ordinals: [\(rows.map { String(ordinals[$0.key] ?? -1) }.joined(separator: ", "))])\n    }\n"
            catalogueCases += "        case \"\(literal(file.name))\": \(member)()\n"
            // The same sentences as a catalogue keeps them, by their key's place: what a start
            // builds the catalogue from, looking nothing up. Only for a file every row of which
            // the catalogue would take (`StringCatalogue`'s rules; ReadyDataTests hold the two
            // forms equal to the parsed file): otherwise the rows above, checked at start, say why.
            if let slots = catalogueSlots(rows, ordinals: ordinals) {
                var slotMember = "\n    /// `\(file.name)`'s sentences by their key's place: plain ones, then counted ones' forms.\n"
                slotMember += "    @_optimize(none) private static func \(member)Slots() -> (plain: [Int], texts: [String], counted: [Int], categories: [String], forms: [String]) {\n"
                slotMember += "        (plain: [\(slots.plain.map { String($0.ordinal) }.joined(separator: ", "))],\n"
                slotMember += "         texts: [\n" + slots.plain.map { "            \"\(literal($0.text))\",\n" }.joined() + "         ],\n"
                slotMember += "         counted: [\(slots.counted.map { String($0.ordinal) }.joined(separator: ", "))],\n"
                slotMember += "         categories: [\(slots.counted.map { "\"\(literal($0.category))\"" }.joined(separator: ", "))],\n"
                slotMember += "         forms: [\n" + slots.counted.map { "            \"\(literal($0.text))\",\n" }.joined() + "         ])\n    }\n"
                slotMembers = file.name == english ? slotMember + slotMembers : slotMembers + slotMember
                let slotCase = "        case \"\(literal(file.name))\": \(member)Slots()\n"
                slotCases = file.name == english ? slotCase + slotCases : slotCases + slotCase
            }
        } else if file.name.hasSuffix(".json") {
            var parser = JSONReader(bytes: Array(file.text.utf8))
            guard let tree = parser.document() else { continue }
            let emitted = emitJSON(tree, function: "json\(index)", path: [], describing: file.name)
            members += emitted.functions
            jsonCases += "        case \"\(literal(file.name))\": json\(index)()\n"
            if !emitted.paths.isEmpty {
                memberCases += "        case \"\(literal(file.name))\":\n            switch path {\n"
                for (path, function) in emitted.paths {
                    memberCases += "            case [\(path.map { "\"\(literal($0))\"" }.joined(separator: ", "))]: \(function)()\n"
                }
                memberCases += "            default: nil\n            }\n"
            }
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
            table(name).map { table in table.lines.indices.map { row(table, $0) } }
        }

        /// A compiled-in catalogue: from its sentences by their key's place where the build could
        /// place them all, else built from its rows (as ``StringCatalogue/init(rows:)`` builds it);
        /// nil for a file that is not one.
        static func builtCatalogue(_ name: String) throws(StringCatalogueError) -> StringCatalogue? {
            if let slots = slots(name) {
                return StringCatalogue(plain: slots.plain, texts: slots.texts, counted: slots.counted, categories: slots.categories,
                                       forms: slots.forms)
            }
            guard let table = table(name) else { return nil }
            return try StringCatalogue(count: table.lines.count) { row(table, $0) }
        }

        /// A compiled-in catalogue's sentences by their key's place, nil where the build left them out.
        static func slots(_ name: String) -> (plain: [Int], texts: [String], counted: [Int], categories: [String], forms: [String])? {
            switch name {
    \(slotCases)        default: nil
            }
        }

        private static func table(_ name: String) -> (fields: [String], lines: [Int], ordinals: [Int])? {
            switch name {
    \(catalogueCases)        default: nil
            }
        }

        private static func row(_ table: (fields: [String], lines: [Int], ordinals: [Int]), _ row: Int) -> StringCatalogue.Row {
            let at = row * 3
            return StringCatalogue.Row(line: table.lines[row], key: table.fields[at], count: table.fields[at + 1],
                                       text: table.fields[at + 2], note: "", ordinal: table.ordinals[row] >= 0 ? table.ordinals[row] : nil)
        }

        /// The tree of a compiled-in JSON file (`networks.json`), nil for a file that is not one.
        static func json(_ name: String) -> JSONValue? {
            switch name {
    \(jsonCases)        default: nil
            }
        }

        /// One member of a compiled-in JSON file's tree, built alone: a member of its top object
        /// (`["numberingSystems"]`) or a member of one of those (`["locales", "fr"]`); nil when the
        /// file is not compiled in or has no such member.
        static func json(_ name: String, at path: [String]) -> JSONValue? {
            switch name {
    \(memberCases)        default: nil
            }
        }
    \(slotMembers)\(members)}

    """
}

/// A catalogue's sentences by their key's place among English's keys: its plain sentences and its
/// counted ones' forms, in the file's order. Nil when a row is one `StringCatalogue` would refuse
/// (a key not spelt as a case is, a plural category that is none, a sentence or a form given
/// twice, a key both plain and counted) or names no English key: those files are built from their
/// rows at start, which says what is wrong.
func catalogueSlots(_ rows: [(line: Int, key: String, count: String, text: String, note: String)], ordinals: [String: Int])
    -> (plain: [(ordinal: Int, text: String)], counted: [(ordinal: Int, category: String, text: String)])? {
    let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    var plain: [(ordinal: Int, text: String)] = []
    var counted: [(ordinal: Int, category: String, text: String)] = []
    var plainKeys: Set<Int> = []
    var countedForms: Set<String> = []
    var countedKeys: Set<Int> = []
    for row in rows {
        guard let ordinal = ordinals[row.key], !row.key.isEmpty,
              row.key.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else { return nil }
        if row.count.isEmpty {
            guard !plainKeys.contains(ordinal), !countedKeys.contains(ordinal) else { return nil }
            plainKeys.insert(ordinal)
            plain.append((ordinal, row.text))
        } else {
            guard categories.contains(row.count), !plainKeys.contains(ordinal), countedForms.insert("\(ordinal) \(row.count)").inserted else { return nil }
            countedKeys.insert(ordinal)
            counted.append((ordinal, row.count, row.text))
        }
    }
    return (plain, counted)
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

/// A JSON value as read at build time: an object's members and an array's elements in the file's
/// order, a scalar as the Swift expression of its `JSONValue` case.
indirect enum JSONNode {
    case object([(String, JSONNode)])
    case array([JSONNode])
    case scalar(String)
}

/// The functions that build `tree` (named `function`, at `path` in its file): members at depth 1
/// and 2 of the top object get functions of their own, which their parents call; `paths` lists them.
func emitJSON(_ tree: JSONNode, function: String, path: [String], describing name: String) -> (functions: String, paths: [([String], String)]) {
    var functions = ""
    var paths: [([String], String)] = []
    var children: [String] = []
    if path.count < 2, case .object(let members) = tree {
        for (offset, (key, member)) in members.enumerated() {
            let child = "\(function)_\(offset)"
            let emitted = emitJSON(member, function: child, path: path + [key], describing: name)
            functions += emitted.functions
            paths += [(path + [key], child)] + emitted.paths
            children.append("(\"\(literal(key))\", \(child)())")
        }
    }
    var statements = JSONStatements()
    let value: String
    if !children.isEmpty {
        value = statements.declare(".object([\(children.joined(separator: ", "))])")
    } else {
        value = statements.expression(tree)
    }
    let where_ = path.isEmpty ? "`\(name)`" : "`\(name)` at \(path.joined(separator: "."))"
    functions += "\n    /// \(literal(where_)).\n    @_optimize(none) private static func \(function)() -> JSONValue {\n"
    functions += statements.text + "        return \(value)\n    }\n"
    return (functions, paths)
}

/// Swift statements that build a `JSONValue`: one `let` per array or object, built from its
/// children's, so each statement is quick to type-check however large the file is.
struct JSONStatements {
    var text = ""
    var counter = 0

    mutating func expression(_ node: JSONNode) -> String {
        switch node {
        case .scalar(let expression): return expression
        case .array(let elements): return declare(".array([\(elements.map { expression($0) }.joined(separator: ", "))])")
        case .object(let members): return declare(".object([\(members.map { "(\"\(literal($0.0))\", \(expression($0.1)))" }.joined(separator: ", "))])")
        }
    }

    mutating func declare(_ expression: String) -> String {
        counter += 1
        text += "        let v\(counter): JSONValue = \(expression)\n"
        return "v\(counter)"
    }
}

/// Reads a JSON text (RFC 8259) into a ``JSONNode``.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The document's value; nil when the text is not JSON.
    mutating func document() -> JSONNode? {
        guard let value = value() else { return nil }
        skipSpace()
        guard index == bytes.count else { return nil }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The next value.
    private mutating func value() -> JSONNode? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSONNode)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value() else { return nil }
                members.append((key, member))
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONNode] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return string().map { .scalar("JSONValue.string(\"\(literal($0))\")") }
        case UInt8(ascii: "t"): return word("true", "JSONValue.bool(true)").map(JSONNode.scalar)
        case UInt8(ascii: "f"): return word("false", "JSONValue.bool(false)").map(JSONNode.scalar)
        case UInt8(ascii: "n"): return word("null", "JSONValue.null").map(JSONNode.scalar)
        default: return number().map(JSONNode.scalar)
        }
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
