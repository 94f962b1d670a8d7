import CheckoutCore
import Foundation
import Testing

/// One row of `Fixtures/cards.tsv`.
struct CardVector: Sendable, CustomTestStringConvertible {
    var input: String
    var kind: String
    var must: Set<CardNetwork>
    var never: Set<CardNetwork>
    var valid: Bool?
    var source: String

    var testDescription: String { "\(kind) \"\(input)\" (\(source))" }

    static let all: [CardVector] = TestData.fixtureRows("cards").map { fields in
        CardVector(input: fields[0], kind: fields[1], must: TestData.networkList(fields[2]),
                   never: TestData.networkList(fields[3]), valid: fields[4] == "-" ? nil : fields[4] == "true",
                   source: fields.count > 5 ? fields[5] : "")
    }
}

/// One row of `Fixtures/fields.tsv`.
struct FieldVector: Sendable, CustomTestStringConvertible {
    var field: String
    var input: String
    var context: String
    var valid: Bool
    var errorId: String
    var why: String

    var testDescription: String { "\(field) \"\(input)\" \(context): \(why)" }

    static let all: [FieldVector] = TestData.fixtureRows("fields").map { fields in
        FieldVector(field: fields[0], input: fields[1], context: fields[2], valid: fields[3] == "true",
                    errorId: fields[4], why: fields.count > 5 ? fields[5] : "")
    }
}

@Suite("Fixture vectors")
struct FixtureTests {
    @Test("the fixture files load")
    func fixturesLoad() {
        #expect(CardVector.all.count >= 50)
        #expect(FieldVector.all.count >= 23)
    }

    @Test("cards.tsv", arguments: CardVector.all)
    func card(_ vector: CardVector) {
        let catalogue = TestData.catalogue
        let validator = TestData.validator()
        let digits = CardNumberNormalizer.normalize(vector.input).digits
        switch vector.kind {
        case "full":
            #expect(Set(catalogue.candidates(forDigits: digits)) == vector.must)
            #expect((validator.validateCardNumber(vector.input, metadata: nil) == nil) == vector.valid)
        case "prefix":
            let candidates = Set(catalogue.candidates(forDigits: digits))
            #expect(vector.must.isSubset(of: candidates))
            #expect(vector.never.isDisjoint(with: candidates))
        case "cobadge":
            let answer = TestData.binTable.lookup(digits)
            #expect(Set(answer?.networks.map(\.network) ?? []) == vector.must)
            let metadata = answer.map { TestData.resolver(nil).remoteMetadata(for: $0) }
            #expect((validator.validateCardNumber(vector.input, metadata: metadata) == nil) == vector.valid)
        default:
            Issue.record("unknown kind \(vector.kind)")
        }
    }

    @Test("fields.tsv", arguments: FieldVector.all)
    func field(_ vector: FieldVector) {
        let validator = TestData.validator()
        let error: ValidationError?
        switch vector.field {
        case "expiry":
            error = validator.validateExpiryDate(vector.input, now: TestData.fixtureNow, calendar: TestData.calendar)
        case "cvv":
            let id = vector.context.replacingOccurrences(of: "network ", with: "")
            let network = CardNetwork(rawValue: id)
            #expect(network != nil)
            let data = CardData(cvv: vector.input, cardNetwork: network)
            error = validator.validateCVV(vector.input, network: validator.cvvNetwork(for: data, metadata: nil))
        case "name":
            error = validator.validateCardholderName(vector.input)
        default:
            Issue.record("unknown field \(vector.field)")
            return
        }
        #expect((error == nil) == vector.valid, "\(error?.description ?? "no error")")
        if !vector.valid { #expect(error?.errorId == vector.errorId) }
    }
}
