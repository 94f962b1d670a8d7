import CheckoutCore
import CheckoutTestSupport
import CheckoutStore
import Foundation
import Testing
@testable import CheckoutEngine

/// The engine's failures carry their wording beside the English description the wire keeps: in
/// English the wording says the description exactly, in French and Arabic it is the catalogue's,
/// with nothing left unfilled and no English sentence left.
@Suite struct ErrorWordingTests {
    static let french = try! Bundled.localizer(.french)
    static let arabic = try! Bundled.localizer(.arabic)

    /// `description` is what the wording says in English; French and Arabic say something else,
    /// every argument filled.
    static func expectWorded(_ shown: LocalizedText?, says description: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let shown else { Issue.record("no wording for \(description)", sourceLocation: sourceLocation); return }
        #expect(shown.text(Bundled.english) == description, sourceLocation: sourceLocation)
        for localizer in [french, arabic] {
            let said = shown.text(localizer)
            #expect(said != description, "\(localizer.language.code): \(description)", sourceLocation: sourceLocation)
            #expect(StringCatalogue.placeholders(in: said).isEmpty, "\(localizer.language.code): \(said)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyPrimerFailureSaysItsDescription() {
        let operations = [PrimerConfiguration.operation, PrimerClientSessionService.operation, PrimerPaymentService.tokenizing,
                          PrimerPaymentService.creatingPayment]
        var failures: [PrimerFailure] = [.malformedToken("it is not a JWT (three dot-separated parts)"),
                                         .expiredToken(Date(timeIntervalSince1970: 1_767_225_600))]
        for operation in operations {
            failures += [.status(operation: operation, code: 500, errorId: nil, diagnosticsId: nil),
                         .status(operation: operation, code: 401, errorId: "unauthorized", diagnosticsId: "d-1"),
                         .status(operation: operation, code: 403, errorId: nil, diagnosticsId: "d-2"),
                         .status(operation: operation, code: 422, errorId: "invalid", diagnosticsId: nil),
                         .timedOut(operation: operation, after: .milliseconds(300)), .timedOut(operation: operation, after: .seconds(15)),
                         .unreachable(operation: operation, detail: "Couldn't connect to server"),
                         .malformedAnswer(operation: operation, detail: "not a JSON object")]
            for failure in Self.httpFailures {
                failures.append(.unreachable(operation: operation, detail: .init(failure)))
                failures.append(.malformedAnswer(operation: operation, detail: .init(failure)))
            }
        }
        for failure in failures { Self.expectWorded(failure.shown, says: failure.description) }
        // Each of Primer's calls is named in the language.
        for operation in operations {
            let said = PrimerFailure.timedOut(operation: operation, after: .seconds(1)).shown!.text(Self.french)
            #expect(!said.contains(operation), "\(said)")
        }
    }

    static let httpFailures: [HTTPClient.Failure] = [
        .libcurlUnavailable("libcurl.so.4: cannot open shared object file"), .invalidRequest("only http and https URLs are fetched"),
        .timedOut, .tooLarge(limit: 1_048_576), .redirected(status: 302), .encoded("gzip"),
    ]

    @Test func everyHTTPClientFailureSaysItsDescriptionButLibcurlsOwnWords() {
        for failure in Self.httpFailures { Self.expectWorded(failure.shown, says: failure.description) }
        #expect(HTTPClient.Failure.transport("Could not resolve host: example.invalid").shown == nil, "libcurl's words are its own")
        let said = PrimerFailure.unreachable(operation: PrimerPaymentService.creatingPayment, detail: .init(.timedOut)).shown!.text(Self.french)
        #expect(said == "création du paiement\u{A0}: Primer est injoignable (le serveur n’a pas répondu à temps)")
    }

    @Test func everyFailedPaymentAnswerSaysItsFailure() {
        let answers = [
            #"{"id":"p1","status":"FAILED"}"#, #"{"id":"p1","status":"FAILED","paymentFailureReason":"ISSUER_DECLINED"}"#,
            #"{"id":"p1","status":"SUCCESS","checkoutOutcome":"CHECKOUT_FAILURE"}"#, #"{"status":"SUCCESS"}"#,
            #"{"id":"p1","status":"SETTLED"}"#, #"{"id":"p1"}"#,
            #"{"id":"p1","status":"PENDING","requiredAction":{"name":"3DS_AUTHENTICATION"}}"#,
            #"{"id":"p1","status":"PENDING","requiredAction":{"name":"PAYPAL_REDIRECTION"}}"#,
            #"{"id":"p1","status":"PENDING","requiredAction":{"name":"SOMETHING"}}"#, #"{"id":"p1","status":"PENDING","requiredAction":{}}"#,
        ]
        for answer in answers {
            let outcome = PrimerPaymentService.outcome(ofPayment: (try? JSONValue(parsing: answer)) ?? .null)
            guard let failure = outcome.failure else { Issue.record("\(answer) is not a failure"); continue }
            Self.expectWorded(outcome.failureWording, says: failure)
        }
    }

    @Test func theSandboxAndTheEnginesOwnFailuresSayTheirDescriptions() async throws {
        let unavailable = SandboxPaymentService.ProcessorUnavailable()
        Self.expectWorded(unavailable.shown, says: unavailable.description)

        // A payment through the engine: the sandbox fails amounts ending 0099.
        let session = ClientSession(orderedAllowedCardNetworks: [.visa], amount: 10099)
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let manager = RawDataManager(configuration: EngineConfiguration(session: session), catalogue: EngineHarness.catalogue,
                                     binService: OfflineBinDataService(), paymentService: SandboxPaymentService(ledger: ledger),
                                     clock: ManualClock(), now: { EngineHarness.now })
        let recorder = EventRecorder()
        await manager.observeEmissions { recorder.record($0, $1) }
        await manager.setRawData(CardData(cardNumber: "4111111111111111", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe"))
        await manager.submit()
        await waitUntil { recorder.events.contains { if case .checkoutFailed = $0 { true } else { false } } }
        let failed = recorder.events.compactMap { event -> CheckoutError? in if case let .checkoutFailed(error) = event { error } else { nil } }
        let error = try #require(failed.first)
        #expect(error.description == "The payment could not be made: \(unavailable.description)")
        Self.expectWorded(error.shown, says: error.description)
        #expect(error.shownDescription(Bundled.english) == error.description)
        #expect(error.shownDescription(Self.french).hasPrefix("Le paiement n’a pas pu être fait\u{A0}: Le processeur de test (sandbox) est indisponible"))
        // The wording is not what the error is: equality and the JSON are the description's.
        var bare = error
        bare.shown = nil
        #expect(bare == error)
        #expect(bare.shownDescription(Self.french) == error.description, "without a wording, the English description")
    }

    @Test func aSubmitDuringAPaymentSaysItsDescription() async {
        let harness = await EngineHarness(heldPayments: true)
        await harness.type("4000002500001001", network: .cartesBancaires)
        await harness.advance(300)
        await harness.manager.submit()
        await waitUntil { harness.payments.requests.count == 1 }
        _ = harness.recorder.take()
        await harness.manager.submit()
        guard case let .checkoutFailed(error)? = harness.recorder.take().first else { Issue.record("no checkoutFailed"); return }
        Self.expectWorded(error.shown, says: error.description)
        #expect(error.shownDescription(Self.arabic).hasPrefix("هناك دفعة جارية بالفعل"))
        harness.payments.release()
    }
}
