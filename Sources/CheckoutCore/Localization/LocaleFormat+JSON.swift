import FoundationEssentials

extension LocaleFormat {
    /// Every locale of `locales.json`, by CLDR id; a file that lacks a fact a locale needs is
    /// refused with the JSON path of what is missing.
    ///
    ///     let formats = try LocaleFormat.all(json: data)
    ///     formats["fr"]?.expiryPlaceholder   // "MM/AA"
    ///
    /// `only` names the locales to read (their plural rules are parsed too, the costly part), so a
    /// start reads just the one it speaks; nil reads them all.
    public static func all(json data: Data, only: Set<String>? = nil) throws(LocaleDataError) -> [String: LocaleFormat] {
        let root: JSONValue
        do { root = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) } catch {
            throw LocaleDataError("\(error)")
        }
        guard case .object(let systems)? = root["numberingSystems"] else { throw LocaleDataError("$.numberingSystems: expected an object") }
        var digitsBySystem: [String: [Character]] = [:]
        for (id, value) in systems {
            guard let digits = value.stringValue.map(Array.init), digits.count == 10, digits.allSatisfy(\.isNumber) else {
                throw LocaleDataError("$.numberingSystems.\(id): expected the ten digits 0 to 9")
            }
            digitsBySystem[id] = digits
        }
        guard case .object(let locales)? = root["locales"] else { throw LocaleDataError("$.locales: expected an object") }
        var formats: [String: LocaleFormat] = [:]
        for (id, locale) in locales where only?.contains(id) ?? true {
            formats[id] = try parse(locale, path: "$.locales.\(id)", id: id, digits: digitsBySystem)
        }
        return formats
    }

    private static func parse(_ locale: JSONValue, path: String, id: String, digits: [String: [Character]]) throws(LocaleDataError) -> LocaleFormat {
        func string(_ value: JSONValue?, _ at: String) throws(LocaleDataError) -> String {
            guard let text = value?.stringValue else { throw LocaleDataError("\(path).\(at): expected a string") }
            return text
        }
        let numbers = locale["numbers"]
        let defaultSystem = try string(numbers?["defaultNumberingSystem"], "numbers.defaultNumberingSystem")
        guard case .object(let symbolSets)? = numbers?["symbols"] else { throw LocaleDataError("\(path).numbers.symbols: expected an object") }
        var systems: [String: (digits: [Character], symbols: NumberSymbols, currency: CurrencyPatterns)] = [:]
        for (system, set) in symbolSets {
            guard let systemDigits = digits[system] else {
                throw LocaleDataError("\(path).numbers.symbols.\(system): no such numbering system in $.numberingSystems")
            }
            let at = "numbers.symbols.\(system)"
            let symbols = NumberSymbols(decimal: try string(set["decimal"], at + ".decimal"), group: try string(set["group"], at + ".group"),
                                        minusSign: try string(set["minusSign"], at + ".minusSign"))
            let patterns = numbers?["currencyFormats"]?[system]
            let currency = CurrencyPatterns(standard: try string(patterns?["standard"], "numbers.currencyFormats.\(system).standard"),
                                            alphaNextToNumber: patterns?["standard-alphaNextToNumber"]?.stringValue)
            systems[system] = (systemDigits, symbols, currency)
        }
        guard systems[defaultSystem] != nil else {
            throw LocaleDataError("\(path).numbers.symbols: no symbols for the default numbering system '\(defaultSystem)'")
        }
        guard let grouping = numbers?["minimumGroupingDigits"]?.doubleValue, grouping >= 1, grouping <= 4, grouping == grouping.rounded() else {
            throw LocaleDataError("\(path).numbers.minimumGroupingDigits: expected a whole number from 1 to 4")
        }
        var currencySymbols: [String: String] = [:]
        if case .object(let members)? = locale["currencySymbols"] {
            for (code, symbol) in members { currencySymbols[code] = try string(symbol, "currencySymbols.\(code)") }
        }
        let dates = locale["dates"]
        guard case .object(let ruleMembers)? = locale["plurals"] else { throw LocaleDataError("\(path).plurals: expected an object") }
        var ruleText: [String: String] = [:]
        for (category, rule) in ruleMembers { ruleText[category] = try string(rule, "plurals.\(category)") }
        let plurals: PluralRules
        do { plurals = try PluralRules(ruleText) } catch { throw LocaleDataError("\(path).plurals: \(error)") }
        return LocaleFormat(
            identifier: id, numberingSystem: defaultSystem, systems: systems, minimumGroupingDigits: Int(grouping),
            currencySymbols: currencySymbols,
            shortDatePattern: try string(dates?["shortDate"], "dates.shortDate"),
            shortTimePattern: try string(dates?["shortTime"], "dates.shortTime"),
            shortDateTimePattern: try string(dates?["shortDateTime"], "dates.shortDateTime"),
            am: try string(dates?["am"], "dates.am"), pm: try string(dates?["pm"], "dates.pm"),
            expiryPlaceholder: try string(locale["expiryPlaceholder"], "expiryPlaceholder"),
            plurals: plurals)
    }
}

/// `locales.json` is not as ``LocaleFormat/all(json:)`` expects: what and where (a JSON path).
public struct LocaleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
