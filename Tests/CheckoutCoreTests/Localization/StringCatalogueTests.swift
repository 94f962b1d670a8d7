import CheckoutCore
import Testing

/// The catalogue file format: columns by name, comments, escapes, counted sentences, and a clear
/// line-numbered refusal of anything else; arguments filled in by number.
@Suite struct StringCatalogueTests {
    @Test func columnsAreReadByNameInAnyOrder() throws {
        let catalogue = try StringCatalogue(tsv: """
            # a comment
            note\ttext\tkey\tcount
            where it shows\tPay {0}\tpayButton\t
            \t{0} try left\ttriesLeft\tone
            \t{0} tries left\ttriesLeft\tother

            """)
        #expect(catalogue.entries["payButton"] == .text("Pay {0}"))
        #expect(catalogue.entries["triesLeft"] == .counted([.one: "{0} try left", .other: "{0} tries left"]))
        #expect(catalogue.notes["payButton"] == "where it shows")
        #expect(catalogue.keys == ["payButton", "triesLeft"])
    }

    @Test func windowsLineEndsAndEscapesAreRead() throws {
        let catalogue = try StringCatalogue(tsv: "key\ttext\r\nfirst\tone\\ntwo\\tthree\\\\\r\nsecond\tplain\r\n")
        #expect(catalogue.entries["first"] == .text("one\ntwo\tthree\\"))
        #expect(catalogue.entries["second"] == .text("plain"))
    }

    @Test func aBrokenLineIsRefusedWithItsNumber() {
        let cases: [(String, Int, String)] = [
            ("key\ttext\na\tone\na\ttwo\n", 3, "given twice"),
            ("key\ttext\tcolour\n", 1, "unknown column"),
            ("key\tcount\ttext\na\tseveral\tx\n", 2, "not a plural category"),
            ("key\ttext\na\tone\ttoo many\n", 2, "fields where the header names 2"),
            ("key\tcount\ttext\na\t\tplain\na\tone\tcounted\n", 3, "both a plain and a counted"),
            ("key\tcount\ttext\na\tone\tx\na\tone\ty\n", 3, "'one' form twice"),
            ("# only a comment\n", 1, "no header"),
            ("text\tnote\n", 1, "must name the columns 'key' and 'text'"),
            ("key\ttext\nhome.title\tx\n", 2, "is not a key"),
            ("key\ttext\na\tback\\slash\n", 2, "a backslash starts"),
            ("key\ttext\ttext\n", 1, "named twice"),
        ]
        for (text, line, reason) in cases {
            #expect {
                try StringCatalogue(tsv: text)
            } throws: { error in
                guard let error = error as? StringCatalogueError else { return false }
                return error.line == line && error.reason.contains(reason)
            }
        }
    }

    @Test func argumentsAreFilledByNumber() {
        #expect(StringCatalogue.fill("Pay {0} with {1}", ["€49.99", "Visa"]) == "Pay €49.99 with Visa")
        #expect(StringCatalogue.fill("{1} before {0}", ["a", "b"]) == "b before a", "a translation may reorder them")
        #expect(StringCatalogue.fill("{0}{0}", ["x"]) == "xx")
        #expect(StringCatalogue.fill("{2} {x} {", ["a"]) == "{2} {x} {", "no such argument: left as it is")
        #expect(StringCatalogue.fill("no braces", ["a"]) == "no braces")
        #expect(StringCatalogue.fill("{10}·{1}", Array(repeating: "a", count: 10) + ["k"]) == "k·a", "two digits")
        #expect(StringCatalogue.fill("{0", ["a"]) == "{0")
        #expect(StringCatalogue.fill("}{0}{", ["a"]) == "}a{")
        #expect(StringCatalogue.fill("{{0}}", ["a"]) == "{a}")
        #expect(StringCatalogue.fill("Montant\u{A0}: {0} → ✓ {1}", ["49,99\u{A0}€", "e\u{301}"]) == "Montant\u{A0}: 49,99\u{A0}€ → ✓ e\u{301}")
        #expect(StringCatalogue.fill("{99999}", ["a"]) == "{99999}")
        #expect(StringCatalogue.placeholders(in: "Pay {0} with {1}, {1}; {x} {") == [0, 1])
    }
}
