@testable import CheckoutCore
import CheckoutResources
import Foundation
import Testing

/// networks.json read by checkout's own parser gives what JSONDecoder read from it, and a broken
/// file is refused with a message naming the field.
@Suite("Network catalogue JSON")
struct NetworkCatalogueJSONTests {
    /// The file's layout as it was decoded with Codable.
    struct Reference: Decodable {
        struct Entry: Decodable {
            struct Code: Decodable { var length: Int?; var label: String }
            struct Badge: Decodable { var foreground: String; var background: String }
            var id: String
            var displayName: String
            var ranges: [String]
            var exclude: [String]?
            var lengths: [String]
            var grouping: [String: [Int]]?
            var cvv: Code
            var badge: Badge
        }
        var networks: [Entry]
    }

    @Test("every network of networks.json: the same names, ranges, lengths, groupings, codes and badges as JSONDecoder read")
    func sameAsJSONDecoder() throws {
        let data = try ResourceFiles.data("networks.json")
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        let catalogue = try NetworkCatalogue(json: data)
        #expect(catalogue.networks.map(\.network.rawValue) == reference.networks.map(\.id))
        for (info, entry) in zip(catalogue.networks, reference.networks) {
            #expect(info.displayName == entry.displayName)
            #expect(info.ranges.count == entry.ranges.count)
            #expect(info.excludedRanges.count == (entry.exclude ?? []).count)
            #expect(info.cvvLength == entry.cvv.length)
            #expect(info.cvvLabel == entry.cvv.label)
            #expect(info.badge == BadgeColours(foreground: entry.badge.foreground, background: entry.badge.background))
            #expect(info.defaultGrouping == entry.grouping?["default"] ?? NetworkInfo.standardGrouping)
            for (key, groups) in entry.grouping ?? [:] where key != "default" {
                #expect(info.groupingByLength[Int(key)!] == groups)
            }
            #expect(info.groupingByLength.count == (entry.grouping ?? [:]).keys.filter { $0 != "default" }.count)
        }
    }

    @Test("a missing field, a wrong type or an unknown network is refused with a message naming it", arguments: [
        (#"{"networks":[{"id":"VISA"}]}"#, "VISA.displayName is missing or not a string"),
        (#"{"networks":[{"id":"NOPE","displayName":"x"}]}"#, "unknown network id \"NOPE\""),
        (#"{"networks":"VISA"}"#, "networks.json needs a \"networks\" list"),
        (#"{"networks":[{"id":"VISA","displayName":"Visa","ranges":["4"],"lengths":["16"],"cvv":{"length":3.5,"label":"CVV"},"badge":{"foreground":"a","background":"b"}}]}"#,
         "VISA.cvv.length is not a whole number"),
        (#"{"networks":[{"id":"VISA","displayName":"Visa","ranges":["4"],"lengths":["16"],"grouping":{"x":[4]},"cvv":{"label":"CVV"},"badge":{"foreground":"a","background":"b"}}]}"#,
         "grouping key \"x\" is neither \"default\" nor a length"),
        ("[", "networks.json is not JSON"),
    ])
    func refused(json: String, message: String) {
        #expect { try NetworkCatalogue(json: Data(json.utf8)) } throws: { error in
            (error as? CatalogueError)?.description.hasPrefix(message) == true
        }
    }

    @Test("optional fields may be absent or null")
    func optionalFields() throws {
        let json = #"{"networks":[{"id":"VISA","displayName":"Visa","ranges":["4"],"exclude":null,"lengths":["13-16"],"grouping":null,"cvv":{"length":null,"label":"CVV"},"badge":{"foreground":"white","background":"blue"}}]}"#
        let info = try #require(try NetworkCatalogue(json: Data(json.utf8)).networks.first)
        #expect(info.cvvLength == nil)
        #expect(info.lengths == [13, 14, 15, 16])
        #expect(info.defaultGrouping == NetworkInfo.standardGrouping)
    }

    @Test("an IIN range is one bound or two of equal length, 1 to 8 ASCII digits, low to high")
    func iinRanges() throws {
        #expect(try NetworkCatalogueFile.parseRange("4", network: "VISA") == IINRange(low: 4, high: 4, digits: 1))
        #expect(try NetworkCatalogueFile.parseRange("2221-2720", network: "MASTERCARD") == IINRange(low: 2221, high: 2720, digits: 4))
        #expect(try NetworkCatalogueFile.parseRange("00000000-99999999", network: "X") == IINRange(low: 0, high: 99_999_999, digits: 8))
        for text in ["", "-", "4-", "-4", "4--5", "4-5-6", "22-3", "5-4", "123456789", "123456789-123456789", "4a", "٤", "4 ",
                     "99999999999999999999999"] {
            #expect(throws: CatalogueError.self, "\(text)") { try NetworkCatalogueFile.parseRange(text, network: "X") }
        }
    }

    @Test("a network id is read in any case, with spaces or dashes for underscores, and with the services' aliases")
    func networkIdentifiers() {
        let cases: [(String, CardNetwork?)] = [
            ("VISA", .visa), ("visa", .visa), ("Cartes Bancaires", .cartesBancaires), ("cartes-bancaires", .cartesBancaires),
            ("CB", .cartesBancaires), ("diners_club", .dinersClub), ("DinersClub", .dinersClub), ("mc", .mastercard),
            ("American Express", .amex), ("china-union-pay", .unionPay), ("Visa Electron", .visa),
            ("", nil), ("VISAA", nil), ("VİSA", nil), ("ｖｉｓａ", nil), ("visa\u{0}", nil),
        ]
        for (text, network) in cases { #expect(CardNetwork(identifier: text) == network, "\(text)") }
    }
}
