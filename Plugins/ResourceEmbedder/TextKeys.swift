// MARK: - ResourceEmbedder --text-keys OUTPUT CATALOGUE
//
// Writes OUTPUT, the `TextKey` enum of CheckoutCore and its typed accessors, from the English
// catalogue (`Resources/data/strings/en.tsv`): one case per key, in the catalogue's order, and for
// each key a static member of the key type of its arity (`TextKey2.holdQuestion`), so that
// `localizer.text(.holdQuestion, what, amount)` compiles only with as many arguments as the English
// sentence has (`{0}` and `{1}`); a counted sentence's `{0}` is its count.

/// The keys of a catalogue in its order, with how many arguments each takes and whether it is counted.
func textKeys(_ tsv: String) -> (keys: [(name: String, arity: Int, counted: Bool)], problem: String?) {
    var keys: [(name: String, arity: Int, counted: Bool)] = []
    var index: [String: Int] = [:]
    var sawHeader = false
    for (number, line) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard sawHeader else { sawHeader = true; continue }  // key count text note
        guard columns.count >= 3 else { return (keys, "line \(number + 1): fewer than three columns") }
        let name = String(columns[0])
        guard let first = name.unicodeScalars.first, first.properties.isLowercase,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            return (keys, "line \(number + 1): \"\(name)\" is not a key name (lowerCamelCase ASCII)")
        }
        // The highest {n} of the text: the sentence takes n + 1 arguments.
        var arity = 0
        var rest = columns[2][...]
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "}", let n = Int(digits) { arity = max(arity, n + 1) }
        }
        let counted = !columns[1].isEmpty
        if let at = index[name] {
            keys[at].arity = max(keys[at].arity, arity)
            keys[at].counted = keys[at].counted || counted
        } else {
            index[name] = keys.count
            keys.append((name, arity, counted))
        }
    }
    return (keys, nil)
}

func textKeySource(_ keys: [(name: String, arity: Int, counted: Bool)]) -> String {
    let plainArities = Set(keys.filter { !$0.counted }.map(\.arity)).union([0, 1, 2])
    // A counted sentence takes its count and arity - 1 other arguments (at least the count).
    let countedArities = Set(keys.filter(\.counted).map { max(0, $0.arity - 1) }).union([0])
    func names(_ n: Int) -> [String] { (0..<n).map { "_ a\($0): String" } }
    func arguments(_ n: Int, from start: Int = 0) -> String { (start..<(start + n)).map { "a\($0)" }.joined(separator: ", ") }
    var source = """
    // Generated at build time by the EmbedResources plugin from Resources/data/strings/en.tsv.
    // Edit that file (add a row there, then its translations), not this one.

    /// The name of one sentence a person reads, looked up in each language's catalogue
    /// (`Resources/data/strings/<code>.tsv`), one case per row of the English catalogue.
    ///
    /// Code names a sentence by a case, never by a string, so a misspelt key does not compile; and
    /// through the key types of each arity (``TextKey0``, ``TextKey1``…, ``CountedKey0``…) a
    /// sentence takes as many arguments as its English text has: `localizer.text(.homeAmountDue, amount)`.
    public enum TextKey: String, Sendable, CaseIterable {

    """
    for key in keys { source += "    case \(key.name)\n" }
    source += "}\n"
    // Where a catalogue keeps each sentence: an array indexed by the case's place, so a frame's
    // forty look-ups hash no string (and a start builds no dictionary of English's 800 rows).
    source += """

    extension TextKey {
        /// How many cases there are.
        public static let count = \(keys.count)

        /// The case's place in the English catalogue (0, 1, …): where ``StringCatalogue`` keeps its sentence.
        public var ordinal: Int {
            switch self {

    """
    for (index, key) in keys.enumerated() { source += "        case .\(key.name): \(index)\n" }
    source += """
            }
        }

        /// The case spelt `name`, nil when none is: for what names its sentences as data (a demo
        /// script, a catalogue file). Its table is made the first time a name is asked for.
        public static func named(_ name: String) -> TextKey? { byName[name] }

        private static let byName: [String: TextKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
    }

    """
    // One key type per arity, plain (`TextKey2`: two arguments) and counted (`CountedKey1`: a count
    // and one argument more), each with a static member per sentence of that shape.
    func keyTypes(_ type: String, _ arities: Set<Int>, about: (Int) -> String, arityOf: ((name: String, arity: Int, counted: Bool)) -> Int?) {
        for arity in arities.sorted() {
            source += """

            /// \(about(arity))
            public struct \(type)\(arity): Sendable, Hashable {
                public let key: TextKey
                init(_ key: TextKey) { self.key = key }
            }

            extension \(type)\(arity) {

            """
            for key in keys where arityOf(key) == arity {
                source += "    public static var \(key.name): \(type)\(arity) { \(type)\(arity)(.\(key.name)) }\n"
            }
            source += "}\n"
        }
    }
    func wanted(_ arity: Int) -> String { arity == 1 ? "one argument" : "\(arity) arguments" }
    keyTypes("TextKey", plainArities,
             about: { "A plain sentence that takes \(wanted($0)) (`{0}`…): ``Localizer/text(_:\(String(repeating: "_:", count: $0)))``." },
             arityOf: { $0.counted ? nil : $0.arity })
    keyTypes("CountedKey", countedArities,
             about: { "A counted sentence (`{0}` its count) that takes \(wanted($0)) more (`{1}`…): ``Localizer/counted(_:_:\(String(repeating: "_:", count: $0)))``." },
             arityOf: { $0.counted ? max(0, $0.arity - 1) : nil })
    source += "\nextension Localizer {\n"
    for arity in plainArities.sorted() {
        let parameters = (["_ key: TextKey\(arity)"] + names(arity)).joined(separator: ", ")
        source += """
            /// The sentence `key` with its \(arity) argument\(arity == 1 ? "" : "s").
            public func text(\(parameters)) -> String { text(key.key, [\(arguments(arity))]) }

        """
    }
    for arity in countedArities.sorted() {
        let parameters = (["_ key: CountedKey\(arity)", "_ count: Int"] + (0..<arity).map { "_ a\($0 + 1): String" }).joined(separator: ", ")
        source += """
            /// The counted sentence `key` in the form the language gives `count`, with \(arity) more argument\(arity == 1 ? "" : "s").
            public func counted(\(parameters)) -> String { counted(key.key, count, [\(arguments(arity, from: 1))]) }

        """
    }
    source += "}\n"
    return source
}
