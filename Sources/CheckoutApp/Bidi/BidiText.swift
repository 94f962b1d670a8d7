import CFriBidi

/// Right-to-left text for terminals that lay every line out left to right (tmux, xterm, the Linux
/// console, most emulators): the Unicode Bidirectional Algorithm (UAX #9) and Arabic shaping, by
/// GNU FriBidi. The only code that calls FriBidi.
///
/// A terminal in this mode shows cells in the order it receives them and draws each Arabic letter
/// in its isolated form. So a line of Arabic is handed to it already *shaped* (each letter replaced
/// by its initial, medial, final or isolated presentation form, U+FB50–U+FEFF, and lam-alef by its
/// ligature, as the letters join) and in *visual order* (the order of the cells from left to
/// right), with brackets mirrored and the invisible direction controls dropped. Numbers stay left
/// to right inside it, as the algorithm orders them; a card number or a phone number made of
/// groups needs the isolates of ``BidiIsolation`` around it to keep its groups in order.
///
///     BidiText.visual("رقم البطاقة", paragraph: .rightToLeft)   // "ﺔﻗﺎﻄﺒﻟﺍ ﻢﻗﺭ"
///     BidiText.visual("abc", paragraph: .rightToLeft)           // "abc"
public enum BidiText {
    /// The direction of the paragraph a line belongs to: a screen's own (right to left in Arabic),
    /// or found from the line's first strong character (rules P2 and P3).
    public enum Paragraph: Sendable, Equatable {
        case leftToRight, rightToLeft, firstStrong
    }

    /// What the algorithm resolves for one line of code points.
    public struct Resolution: Sendable, Equatable {
        /// The paragraph's embedding level: 0 left to right, 1 right to left.
        public var paragraphLevel: Int
        /// Each code point's embedding level after rule L1 (odd: right to left).
        public var levels: [Int]
        /// The logical index of the code point shown in each cell, from left to right (rule L2).
        public var visualOrder: [Int]
    }

    /// Resolves the levels and the visual order of `codePoints` as one line of one paragraph,
    /// through rule L2 (no shaping, no mirroring, combining marks not moved: what
    /// `BidiCharacterTest.txt` checks).
    public static func resolve(_ codePoints: [UInt32], paragraph: Paragraph) -> Resolution {
        resolve(codePoints, paragraph: paragraph, reorderFlags: 0).resolution
    }

    /// One line of text in logical order as a terminal with no bidi of its own must receive it:
    /// shaped, mirrored, in visual order, without direction controls (format characters).
    public static func visual(_ text: String, paragraph: Paragraph) -> String {
        let scalars = Array(text.unicodeScalars)
        // Left-to-right text in a left-to-right paragraph has nothing to reorder or shape; in a
        // right-to-left one its end punctuation still moves (". Insufficient funds").
        guard !scalars.isEmpty, paragraph == .rightToLeft || scalars.contains(where: needsTheAlgorithm) else {
            return dropFormatCharacters(text)
        }
        var codePoints = scalars.map(\.value)
        let count = Int32(codePoints.count)
        let (resolution, types) = resolve(codePoints, paragraph: paragraph, reorderFlags: nil)
        var levels = resolution.levels.map { FriBidiLevel($0) }
        // Shaping reads the joining of letters in logical order (UAX #9 §3.5: shaping before reordering).
        var joining = [FriBidiArabicProp](repeating: 0, count: codePoints.count)
        fribidi_get_joining_types(codePoints, count, &joining)
        fribidi_join_arabic(types, count, levels, &joining)
        fribidi_shape(cfb_flag_shape_mirroring() | cfb_flags_arabic(), levels, count, &joining, &codePoints)
        let base: FriBidiParType = resolution.paragraphLevel % 2 == 1 ? cfb_par_rtl() : cfb_par_ltr()
        var map = Array(Int32(0)..<count)
        _ = fribidi_reorder_line(cfb_flag_reorder_nsm(), types, count, 0, base, &levels, &codePoints, &map)
        var result = String.UnicodeScalarView()
        for value in codePoints {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .format else { continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// FriBidi's steps up to the levels, then the visual order with `reorderFlags` (nil: levels only).
    private static func resolve(_ codePoints: [UInt32], paragraph: Paragraph,
                                reorderFlags: FriBidiFlags?) -> (resolution: Resolution, types: [FriBidiCharType]) {
        let count = Int32(codePoints.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: codePoints.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: codePoints.count)
        var levels = [FriBidiLevel](repeating: 0, count: codePoints.count)
        fribidi_get_bidi_types(codePoints, count, &types)
        fribidi_get_bracket_types(codePoints, count, types, &brackets)
        var base: FriBidiParType
        switch paragraph {
        case .leftToRight: base = cfb_par_ltr()
        case .rightToLeft: base = cfb_par_rtl()
        case .firstStrong: base = cfb_par_on()
        }
        _ = fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels)
        let paragraphLevel = base == cfb_par_rtl() ? 1 : 0
        var map = Array(Int32(0)..<count)
        if let reorderFlags, count > 0 {
            var line = codePoints
            _ = fribidi_reorder_line(reorderFlags, types, count, 0, base, &levels, &line, &map)
        }
        return (Resolution(paragraphLevel: paragraphLevel, levels: levels.map(Int.init), visualOrder: map.map(Int.init)), types)
    }

    /// Whether a scalar can make a line anything but left to right as it is, in a paragraph that is
    /// not right to left: a right-to-left letter or an explicit direction control. Everything below
    /// U+0590 is left to right or neutral.
    static func needsTheAlgorithm(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x0590 else { return false }
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }

    static func dropFormatCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .format }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format }))
    }
}
