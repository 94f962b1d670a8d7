/// How one locale writes numbers, money and dates, from CLDR's facts (`Resources/data/locales.json`).
///
/// A pure value: formatting reads no process locale and needs no ICU. The patterns are CLDR's
/// (Unicode TR35 Part 3, "Number Format Patterns"; Part 4, "Date Format Patterns") and only the
/// parts a checkout writes are understood: grouped integers, a fixed number of fraction digits,
/// `¤` for the currency symbol, and the date fields y, M, d, H, h, m, a.
///
///     french.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2)        // "49,99\u{A0}€"
///     french.money(minorUnits: 123450, currency: "EUR", fractionDigits: 2)      // "1\u{202F}234,50\u{A0}€"
///     emirati.money(minorUnits: 4999, currency: "AED", fractionDigits: 2)       // "\u{200F}49.99\u{A0}د.إ.\u{200F}"
///     french.money(minorUnits: 4999, currency: "EUR", fractionDigits: 2, ascii: true)  // "49,99 EUR"
public struct LocaleFormat: Sendable, Equatable {
    /// A numbering system's symbols (CLDR `symbols-numberSystem-*`).
    public struct NumberSymbols: Sendable, Equatable {
        public var decimal: String
        public var group: String
        public var minusSign: String
        public init(decimal: String, group: String, minusSign: String) {
            self.decimal = decimal
            self.group = group
            self.minusSign = minusSign
        }
    }

    /// A numbering system's currency patterns (CLDR `currencyFormats-numberSystem-*`).
    public struct CurrencyPatterns: Sendable, Equatable {
        public var standard: String
        /// The pattern for a symbol whose letter would touch the number (`AED 12.50` rather than `AED12.50`).
        public var alphaNextToNumber: String?
        public init(standard: String, alphaNextToNumber: String? = nil) {
            self.standard = standard
            self.alphaNextToNumber = alphaNextToNumber
        }
    }

    /// The CLDR locale id: `en`, `fr`, `ar-AE`.
    public let identifier: String
    /// The numbering system in use (the locale's default unless ``using(numberingSystem:)`` chose another).
    public let numberingSystem: String
    /// The ten digits of the numbering system in use.
    public let digits: [Character]
    public let symbols: NumberSymbols
    public let currencyPatterns: CurrencyPatterns
    public let minimumGroupingDigits: Int
    /// Symbols by ISO 4217 code; a currency with none is written with its code.
    public let currencySymbols: [String: String]
    public let shortDatePattern: String
    public let shortTimePattern: String
    /// How a date and a time are joined: `{1}` the date, `{0}` the time.
    public let shortDateTimePattern: String
    public let am: String
    public let pm: String
    /// What the card form's expiry field shows while empty (`MM/AA` in French).
    public let expiryPlaceholder: String
    public let plurals: PluralRules
    /// Every numbering system the locale has data for, for ``using(numberingSystem:)``.
    let systems: [String: (digits: [Character], symbols: NumberSymbols, currency: CurrencyPatterns)]

    public static func == (a: LocaleFormat, b: LocaleFormat) -> Bool {
        a.identifier == b.identifier && a.numberingSystem == b.numberingSystem && a.symbols == b.symbols
            && a.currencyPatterns == b.currencyPatterns && a.currencySymbols == b.currencySymbols
            && a.shortDatePattern == b.shortDatePattern && a.shortTimePattern == b.shortTimePattern
            && a.shortDateTimePattern == b.shortDateTimePattern && a.am == b.am && a.pm == b.pm
            && a.expiryPlaceholder == b.expiryPlaceholder && a.plurals == b.plurals
    }

    init(identifier: String, numberingSystem: String,
         systems: [String: (digits: [Character], symbols: NumberSymbols, currency: CurrencyPatterns)],
         minimumGroupingDigits: Int, currencySymbols: [String: String], shortDatePattern: String, shortTimePattern: String,
         shortDateTimePattern: String, am: String, pm: String, expiryPlaceholder: String, plurals: PluralRules) {
        self.identifier = identifier
        self.numberingSystem = numberingSystem
        self.systems = systems
        let system = systems[numberingSystem]!
        digits = system.digits
        symbols = system.symbols
        currencyPatterns = system.currency
        self.minimumGroupingDigits = minimumGroupingDigits
        self.currencySymbols = currencySymbols
        self.shortDatePattern = shortDatePattern
        self.shortTimePattern = shortTimePattern
        self.shortDateTimePattern = shortDateTimePattern
        self.am = am
        self.pm = pm
        self.expiryPlaceholder = expiryPlaceholder
        self.plurals = plurals
    }

    /// CLDR's root locale (`und`), for when `locales.json` cannot be read: Latin digits, `.` and `,`,
    /// `¤ #,##0.00`, ISO dates, 24-hour times, no plural forms but `other`
    /// (cldr-json 47.0.0, cldr-numbers-full/main/und/numbers.json and cldr-dates-full/main/und/ca-gregorian.json).
    public static let root = LocaleFormat(
        identifier: "und", numberingSystem: "latn",
        systems: ["latn": (Array("0123456789"), NumberSymbols(decimal: ".", group: ",", minusSign: "-"),
                           CurrencyPatterns(standard: "¤\u{00A0}#,##0.00"))],
        minimumGroupingDigits: 1, currencySymbols: [:], shortDatePattern: "y-MM-dd", shortTimePattern: "HH:mm",
        shortDateTimePattern: "{1} {0}", am: "AM", pm: "PM", expiryPlaceholder: "MM/YY", plurals: .onlyOther)

    /// The same locale writing with another of its numbering systems (`arab`, Arabic-Indic digits,
    /// for `ar-AE`); nil when the locale has no data for it.
    public func using(numberingSystem system: String) -> LocaleFormat? {
        guard systems[system] != nil else { return nil }
        return LocaleFormat(identifier: identifier, numberingSystem: system, systems: systems, minimumGroupingDigits: minimumGroupingDigits,
                            currencySymbols: currencySymbols, shortDatePattern: shortDatePattern, shortTimePattern: shortTimePattern,
                            shortDateTimePattern: shortDateTimePattern, am: am, pm: pm, expiryPlaceholder: expiryPlaceholder,
                            plurals: plurals)
    }

    // MARK: Digits and numbers

    /// ASCII digits written in the locale's digits; every other character as it is.
    public func localizedDigits(_ text: String) -> String {
        guard digits.first != "0" else { return text }
        return String(text.map { character in
            guard let ascii = character.asciiValue, (0x30...0x39).contains(ascii) else { return character }
            return digits[Int(ascii - 0x30)]
        })
    }

    /// A whole number as the locale writes it: grouped, its own digits and minus sign (`1 234` in French).
    public func number(_ value: Int) -> String {
        (value < 0 ? symbols.minusSign : "") + written(group(String(value.magnitude), primary: 3, secondary: 3), digits: digits, symbols: symbols)
    }

    /// Money as the locale writes it, from minor units and the currency's number of fraction digits
    /// (ISO 4217's minor unit: 2 for EUR, 0 for JPY, 3 for BHD).
    ///
    /// With `ascii`, for a terminal that cannot show more (`LANG=C`): the currency's code for its
    /// symbol, spaces for the no-break spaces, no direction marks, Latin digits.
    public func money(minorUnits: Int, currency: String, fractionDigits: Int, ascii: Bool = false) -> String {
        let code = currency.uppercased()
        let symbol = ascii ? code : (currencySymbols[code] ?? code)
        var (positive, negative) = Self.split(currencyPatterns.standard)
        if Self.symbolTouchesNumber(in: positive, symbol: symbol), let alpha = currencyPatterns.alphaNextToNumber {
            (positive, negative) = Self.split(alpha)
        }
        // Without a negative subpattern, the negative is the minus sign before the positive (TR35 Part 3 §2).
        // ASCII writes Latin digits, with the locale's Latin separators where it has them.
        let symbols = ascii ? systems["latn"]?.symbols ?? self.symbols : self.symbols
        var parsed = NumberPattern(minorUnits < 0 ? negative ?? positive : positive)
        let minusInFront = minorUnits < 0 && negative == nil
        if minorUnits < 0, negative != nil {
            parsed.prefix = parsed.prefix.replacing("-", with: symbols.minusSign)
            parsed.suffix = parsed.suffix.replacing("-", with: symbols.minusSign)
        }
        var scale: UInt = 1
        for _ in 0..<max(0, fractionDigits) { scale *= 10 }
        let value = minorUnits.magnitude
        var number = group(String(value / scale), primary: parsed.primaryGroup, secondary: parsed.secondaryGroup)
        if fractionDigits > 0 {
            let fraction = String(value % scale)
            number += "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        }
        let result = (minusInFront ? symbols.minusSign : "") + parsed.prefix.replacing("¤", with: symbol)
            + written(number, digits: ascii ? Array("0123456789") : digits, symbols: symbols) + parsed.suffix.replacing("¤", with: symbol)
        return ascii ? Self.asciiForm(result) : result
    }

    // MARK: Dates

    /// A date in the locale's short form (`25/12/2030` in French, `12/25/30` in English).
    public func shortDate(year: Int, month: Int, day: Int) -> String {
        fill(shortDatePattern, year: year, month: month, day: day, hour: 0, minute: 0)
    }

    /// A time of day in the locale's short form (`14:05` in French, `2:05 PM` in English, `2:05 م` in Arabic).
    public func shortTime(hour: Int, minute: Int) -> String {
        fill(shortTimePattern, year: 0, month: 1, day: 1, hour: hour, minute: minute)
    }

    /// A date and a time, joined as the locale joins them.
    public func shortDateTime(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
        StringCatalogue.fill(shortDateTimePattern, [shortTime(hour: hour, minute: minute), shortDate(year: year, month: month, day: day)])
    }

    /// A date pattern's fields filled in; text in quotes and every other character is kept.
    func fill(_ pattern: String, year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
        var result = ""
        var characters = Array(pattern)[...]
        while let character = characters.first {
            if character == "'" {
                characters.removeFirst()
                while let quoted = characters.popFirst(), quoted != "'" { result.append(quoted) }
                continue
            }
            var run = 0
            while characters.first == character { characters.removeFirst(); run += 1 }
            func padded(_ value: Int, _ width: Int) -> String {
                let digits = String(value)
                return localizedDigits(String(repeating: "0", count: max(0, width - digits.count)) + digits)
            }
            switch character {
            case "y": result += run == 2 ? padded(year % 100, 2) : padded(year, run)
            case "M": result += padded(month, run)
            case "d": result += padded(day, run)
            case "H": result += padded(hour, run)
            case "h": result += padded(hour % 12 == 0 ? 12 : hour % 12, run)
            case "m": result += padded(minute, run)
            case "a": result += hour < 12 ? am : pm
            default: result += String(repeating: String(character), count: run)
            }
        }
        return result
    }

    // MARK: Patterns

    /// The positive and the negative subpatterns (`;`-separated), the negative nil when not given.
    static func split(_ pattern: String) -> (String, String?) {
        let parts = pattern.split(separator: ";", maxSplits: 1).map(String.init)
        return (parts.first ?? pattern, parts.count > 1 ? parts[1] : nil)
    }

    /// Whether the symbol written for `¤` would touch the number with a letter: `¤` right before
    /// the first digit with a symbol ending in a letter, or right after the last with one starting with a letter.
    static func symbolTouchesNumber(in pattern: String, symbol: String) -> Bool {
        let characters = Array(pattern)
        guard let at = characters.firstIndex(of: "¤") else { return false }
        let isDigit: (Character) -> Bool = { $0 == "#" || $0 == "0" }
        if at + 1 < characters.count, isDigit(characters[at + 1]), let last = symbol.last { return last.isLetter }
        if at > 0, isDigit(characters[at - 1]), let first = symbol.first { return first.isLetter }
        return false
    }

    /// The number part of a pattern and the text around it.
    struct NumberPattern {
        var prefix = ""
        var suffix = ""
        var primaryGroup = 3
        var secondaryGroup = 3

        init(_ pattern: String) {
            let characters = Array(pattern)
            let isNumber: (Character) -> Bool = { "#0,.".contains($0) }
            guard let start = characters.firstIndex(where: isNumber),
                  let end = characters.lastIndex(where: isNumber) else {
                prefix = pattern
                return
            }
            prefix = String(characters[..<start])
            suffix = String(characters[(end + 1)...])
            let number = String(characters[start...end])
            let integer = number.split(separator: ".", maxSplits: 1).first.map(String.init) ?? number
            let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
            if groups.count >= 2 {
                primaryGroup = groups[groups.count - 1].count
                secondaryGroup = groups.count >= 3 ? groups[groups.count - 2].count : primaryGroup
            } else {
                primaryGroup = 0
            }
        }
    }

    /// ASCII `digits` with `,` between groups: `primary` digits in the last group, `secondary` in
    /// the others; none when there are fewer than ``minimumGroupingDigits`` digits before the first.
    func group(_ digits: String, primary: Int, secondary: Int) -> String {
        guard primary > 0, digits.count >= primary + minimumGroupingDigits else { return digits }
        var characters = Array(digits)
        var groups: [String] = [String(characters.suffix(primary))]
        characters.removeLast(primary)
        while characters.count > secondary {
            groups.insert(String(characters.suffix(secondary)), at: 0)
            characters.removeLast(secondary)
        }
        if !characters.isEmpty { groups.insert(String(characters), at: 0) }
        return groups.joined(separator: ",")
    }

    /// A number written with ASCII digits, `,` between groups and `.` before the fraction, in
    /// `digits` and `symbols`' separators.
    func written(_ number: String, digits: [Character], symbols: NumberSymbols) -> String {
        var result = ""
        for character in number {
            switch character {
            case ",": result += symbols.group
            case ".": result += symbols.decimal
            default: result.append(character.asciiValue.map { digits[Int($0 - 0x30)] } ?? character)
            }
        }
        return result
    }

    /// Text a terminal that shows only ASCII can show: no-break spaces as spaces, direction marks dropped.
    static func asciiForm(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00A0, 0x202F, 0x2009: result.append(" ")
            case 0x200E, 0x200F, 0x061C: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
