import FoundationEssentials

extension LocaleFormat {
    /// Every locale of `locales.json`, by CLDR id; a file that lacks a fact a locale needs is
    /// refused with the JSON path of what is missing.
    ///
    ///     let formats = try LocaleFormat.all(json: data)
    ///     formats["fr"]?.expiryPlaceholder   // "MM/AA"
    ///     formats["ar-SA"]?.numberingSystem  // "arab"
    ///
    /// `only` names the locales to read (their plural rules are parsed too, the costly part), so a
    /// start reads just the one it speaks; nil reads them all. A regional locale (`fr-CA`) names its
    /// `parent` and lists only what differs from it: a group whole (`numbers`, `dates`, `lists`…),
    /// currency symbols one by one, as CLDR's inheritance does (the file is `scripts/gen-locales`' output).
    public static func all(json data: Data, only: Set<String>? = nil) throws(LocaleDataError) -> [String: LocaleFormat] {
        let root: JSONValue
        do { root = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) } catch {
            throw LocaleDataError("\(error)")
        }
        return try all(json: root, only: only)
    }

    /// Every locale of the parsed tree of `locales.json` (the shipped one is read at build time), as the file's text is read.
    public static func all(json root: JSONValue, only: Set<String>? = nil) throws(LocaleDataError) -> [String: LocaleFormat] {
        guard case .object(let systems)? = root["numberingSystems"] else { throw LocaleDataError("$.numberingSystems: expected an object") }
        var digitsBySystem: [String: [Character]] = [:]
        for (id, value) in systems {
            guard let digits = value.stringValue.map(Array.init), digits.count == 10, digits.allSatisfy(\.isNumber) else {
                throw LocaleDataError("$.numberingSystems.\(id): expected the ten digits 0 to 9")
            }
            digitsBySystem[id] = digits
        }
        guard case .object(let locales)? = root["locales"] else { throw LocaleDataError("$.locales: expected an object") }
        let byID = Dictionary(locales, uniquingKeysWith: { first, _ in first })
        var formats: [String: LocaleFormat] = [:]
        for (id, _) in locales where only?.contains(id) ?? true {
            formats[id] = try parse(try resolved(id, in: byID), path: "$.locales.\(id)", id: id, digits: digitsBySystem)
        }
        return formats
    }

    /// A locale's object with what it inherits filled in from its parents.
    private static func resolved(_ id: String, in locales: [String: JSONValue], depth: Int = 0) throws(LocaleDataError) -> [String: JSONValue] {
        guard case .object(let members)? = locales[id] else { throw LocaleDataError("$.locales.\(id): expected an object") }
        var own = Dictionary(members, uniquingKeysWith: { first, _ in first })
        guard let parentValue = own.removeValue(forKey: "parent") else { return own }
        guard let parent = parentValue.stringValue, depth < 4 else {
            throw LocaleDataError("$.locales.\(id).parent: expected the id of another locale")
        }
        guard locales[parent] != nil else { throw LocaleDataError("$.locales.\(id).parent: no locale '\(parent)'") }
        var inherited = try resolved(parent, in: locales, depth: depth + 1)
        for (key, value) in own {
            if key == "currencySymbols", case .object(let mine) = value, case .object(let theirs)? = inherited[key] {
                let overridden = Set(mine.map(\.0))
                inherited[key] = .object(theirs.filter { !overridden.contains($0.0) } + mine)
            } else {
                inherited[key] = value
            }
        }
        return inherited
    }

    private static func parse(_ locale: [String: JSONValue], path: String, id: String, digits: [String: [Character]]) throws(LocaleDataError) -> LocaleFormat {
        func string(_ value: JSONValue?, _ at: String) throws(LocaleDataError) -> String {
            guard let text = value?.stringValue else { throw LocaleDataError("\(path).\(at): expected a string") }
            return text
        }
        let numbers = locale["numbers"]
        let defaultSystem = try string(numbers?["defaultNumberingSystem"], "numbers.defaultNumberingSystem")
        guard case .object(let symbolSets)? = numbers?["symbols"] else { throw LocaleDataError("\(path).numbers.symbols: expected an object") }
        var systems: [String: (digits: [Character], symbols: NumberSymbols)] = [:]
        for (system, set) in symbolSets {
            guard let systemDigits = digits[system] else {
                throw LocaleDataError("\(path).numbers.symbols.\(system): no such numbering system in $.numberingSystems")
            }
            let at = "numbers.symbols.\(system)"
            systems[system] = (systemDigits, NumberSymbols(
                decimal: try string(set["decimal"], at + ".decimal"), group: try string(set["group"], at + ".group"),
                plusSign: try string(set["plusSign"], at + ".plusSign"), minusSign: try string(set["minusSign"], at + ".minusSign"),
                currencyDecimal: set["currencyDecimal"]?.stringValue))
        }
        guard systems[defaultSystem] != nil else {
            throw LocaleDataError("\(path).numbers.symbols: no symbols for the default numbering system '\(defaultSystem)'")
        }
        guard let grouping = numbers?["minimumGroupingDigits"]?.doubleValue, grouping >= 1, grouping <= 4, grouping == grouping.rounded() else {
            throw LocaleDataError("\(path).numbers.minimumGroupingDigits: expected a whole number from 1 to 4")
        }
        let currencyPattern = try string(numbers?["currencyFormat"], "numbers.currencyFormat")
        var currencySymbols: [String: String] = [:]
        if case .object(let members)? = locale["currencySymbols"] {
            for (code, symbol) in members { currencySymbols[code] = try string(symbol, "currencySymbols.\(code)") }
        }
        let dates = locale["dates"]
        let lists = locale["lists"]
        let listPatterns = ListPatterns(two: try string(lists?["2"], "lists.2"), start: try string(lists?["start"], "lists.start"),
                                        middle: try string(lists?["middle"], "lists.middle"), end: try string(lists?["end"], "lists.end"))
        guard case .object(let ruleMembers)? = locale["plurals"] else { throw LocaleDataError("\(path).plurals: expected an object") }
        var ruleText: [String: String] = [:]
        for (category, rule) in ruleMembers { ruleText[category] = try string(rule, "plurals.\(category)") }
        let plurals: PluralRules
        do { plurals = try PluralRules(ruleText) } catch { throw LocaleDataError("\(path).plurals: \(error)") }
        return LocaleFormat(
            identifier: id, numberingSystem: defaultSystem, systems: systems, minimumGroupingDigits: Int(grouping),
            currencyPattern: currencyPattern, currencySymbols: currencySymbols,
            shortDatePattern: try string(dates?["shortDate"], "dates.shortDate"),
            shortTimePattern: try string(dates?["shortTime"], "dates.shortTime"),
            shortDateTimePattern: try string(dates?["shortDateTime"], "dates.shortDateTime"),
            am: try string(dates?["am"], "dates.am"), pm: try string(dates?["pm"], "dates.pm"),
            listPatterns: listPatterns,
            expiryPlaceholder: try string(locale["expiryPlaceholder"], "expiryPlaceholder"),
            plurals: plurals)
    }
}

/// `locales.json` is not as ``LocaleFormat/all(json:)`` expects: what and where (a JSON path).
public struct LocaleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
