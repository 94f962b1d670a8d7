import CheckoutCore
import CheckoutResources
import CheckoutStore
import CheckoutTestSupport
import Foundation
import Synchronization
import Testing
@testable import CheckoutEngine

/// The engine as a library: the one-line set-up, the ordered inbox, `pay()`, `reset()`, metadata
/// re-announced on same-BIN edits, and readable descriptions.
@Suite struct LibraryAPITests {
    static let coBadged = RawDataManagerTests.coBadged

    @Test func theOneLineSetUpPaysACoBadgedCardWithTheEmbeddedTableAndTheSandbox() async throws {
        let clock = ManualClock()
        let session = ClientSession(orderedAllowedCardNetworks: [.visa, .cartesBancaires, .mastercard], amount: 4999, currency: "EUR")
        let manager = try RawDataManager(session: session, clock: clock)
        let events = manager.events()
        manager.rawData = CardData(cardNumber: Self.coBadged, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        await manager.applyPosted()
        await clock.advance(by: .milliseconds(200))
        var offered: [String] = []
        for await event in events {
            if case let .didReceiveMetadata(metadata, _) = event, let choice = metadata.chooserNetworks {
                offered = choice.items.map(\.displayName)
                break
            }
        }
        #expect(offered == ["Visa", "Cartes Bancaires"], "the embedded table's answer for 40000025")
        manager.rawData.cardNetwork = .cartesBancaires
        let result = await manager.pay()
        let payment = try result.get()
        #expect(payment.status == .authorized && payment.network == .cartesBancaires && payment.amount == 4999 && payment.last4Digits == "1001")
    }

    @Test func setsPostedFromAThreadAreAppliedInTheOrderTheyWereMade() async throws {
        let harness = await EngineHarness()
        // Alternating Visa and Mastercard prefixes, each longer than the last: every set changes the
        // networks, so each one is seen in the metadata it emits.
        let numbers = (1...60).map { ($0 % 2 == 0 ? "5" : "4") + String(repeating: "1", count: $0 - 1) }
        let manager = harness.manager
        await runOnThread {
            for number in numbers { manager.rawData = CardData(cardNumber: number, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe") }
        }
        await manager.applyPosted()
        let states = harness.recorder.events.compactMap { event -> String? in
            if case let .didReceiveMetadata(_, state) = event { return state.cardNumber }
            return nil
        }
        #expect(states == numbers)
        #expect(manager.rawData.cardNumber == numbers.last)
    }

    @Test func twoThreadsPostingAtOnceEachKeepTheirOrder() async throws {
        let harness = await EngineHarness()
        let manager = harness.manager
        let visas = (1...30).map { "4" + String(repeating: "1", count: $0) }
        let mastercards = (1...30).map { "5" + String(repeating: "2", count: $0) }
        // Each thread alternates with an Amex prefix, so that every one of its sets changes the networks.
        await withTaskGroup(of: Void.self) { group in
            for numbers in [visas, mastercards] {
                group.addTask {
                    await runOnThread {
                        for number in numbers {
                            manager.rawData = CardData(cardNumber: number)
                            manager.rawData = CardData(cardNumber: "34")
                        }
                    }
                }
            }
        }
        await manager.applyPosted()
        let states = harness.recorder.events.compactMap { event -> String? in
            if case let .didReceiveMetadata(_, state) = event, state.cardNumber != "34" { return state.cardNumber }
            return nil
        }
        #expect(states.filter { $0.hasPrefix("4") } == visas)
        #expect(states.filter { $0.hasPrefix("5") } == mastercards)
    }

    @Test func aSubmitPostedAfterTheKeystrokesPaysWithAllOfThem() async throws {
        let harness = await EngineHarness()
        let manager = harness.manager
        manager.rawData = CardData(cardNumber: "4000 0025", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        manager.rawData.cardNumber += " 0000 1001"
        manager.post(.submit)
        await manager.applyPosted()
        await waitUntil { harness.payments.requests.count == 1 }
        #expect(harness.payments.requests.first?.cardNumber == Self.coBadged, "sixteen digits, never eight")
    }

    @Test func payReturnsHowTheCheckoutEndedAsTheStreamSaysIt() async throws {
        let clock = ManualClock()
        let ledger = try Ledger(database: Database(path: ":memory:"))
        let declining = ClientSession(orderedAllowedCardNetworks: [.visa], amount: 10051, currency: "EUR")
        let manager = try RawDataManager(session: declining, paymentService: SandboxPaymentService(ledger: ledger), clock: clock)
        let events = manager.events()

        manager.rawData = CardData(cardNumber: "4111 1111 1111 1111", expiryDate: "13/20", cvv: "123", cardholderName: "Jane Doe")
        let invalid = await manager.pay()
        #expect(invalid.failure?.errorId == "invalid-expiry-date", "\(invalid)")

        manager.rawData.expiryDate = "12/30"
        let result = await manager.pay()
        guard case let .declined(declined, reason) = result else { Issue.record("a decline is a decline: \(result)"); return }
        #expect(declined.status == .declined && reason == "insufficient funds" && declined.declineReason == reason)
        #expect(throws: CheckoutError.self, "get() gives only a payment that was made") { try result.get() }
        #expect(try ledger.entries().map(\.id) == [declined.id])

        await manager.finish()
        var outcomes: [PaymentResult] = []
        for await event in events {
            if let outcome = PaymentResult(event) { outcomes.append(outcome) }
        }
        #expect(outcomes == [invalid, result], "the stream and pay() agree")
    }

    @Test func payWaitsForThePaymentInFlight() async throws {
        let harness = await EngineHarness(heldPayments: true)
        await harness.type(Self.coBadged)
        let paying = Task { await harness.manager.pay() }
        await waitUntil { harness.payments.requests.count == 1 }
        harness.payments.release()
        let payment = try await paying.value.get()
        #expect(payment.last4Digits == "1001" && payment.status == .authorized)
    }

    @Test func resetForgetsTheCardAndTheManagerTakesTheNextOne() async throws {
        let clock = ManualClock()
        let manager = try RawDataManager(session: ClientSession(amount: 4999, currency: "EUR"), clock: clock)
        manager.rawData = CardData(cardNumber: Self.coBadged, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe")
        _ = try await manager.pay().get()
        manager.reset()
        #expect(manager.rawData == CardData())
        await manager.applyPosted()
        #expect(await manager.currentMetadata?.detectedCardNetworks.items.isEmpty == true, "the empty number's metadata")
        manager.rawData = CardData(cardNumber: "5555 5555 5555 4444", expiryDate: "11/31", cvv: "321", cardholderName: "John Doe")
        let second = try await manager.pay().get()
        #expect(second.network == .mastercard && second.last4Digits == "4444")
    }

    @Test(arguments: [false, true])
    func sameBinEditsReannounceTheAnswerWhenConfigured(reannounces: Bool) async throws {
        let harness = await EngineHarness(reannouncesMetadata: reannounces)
        await harness.type(String(Self.coBadged.prefix(8)))
        await harness.advance(200)
        await harness.advance(100)
        let answer = try #require(await harness.manager.currentMetadata)
        #expect(answer.source == .remote)
        _ = harness.recorder.take()
        for count in 9...16 { await harness.type(String(Self.coBadged.prefix(count))) }
        let metadata = harness.recorder.take().filter(\.isMetadata)
        if reannounces {
            #expect(metadata == (9...16).map { .didReceiveMetadata(answer, CardNumberEntryState(cardNumber: String(Self.coBadged.prefix($0)))) })
        } else {
            #expect(metadata.isEmpty, "checkout events emits metadata only when it changes")
        }
    }

    @Test func descriptionsAreOneReadableLineAndNeverHoldTheCardNumber() throws {
        let visa = DetectedCardNetwork(network: .visa, displayName: "Visa", allowed: true, surcharge: 30)
        let cb = DetectedCardNetwork(network: .cartesBancaires, displayName: "Cartes Bancaires", allowed: true)
        let amex = DetectedCardNetwork(network: .amex, displayName: "American Express", allowed: false)
        let choice = CardNetworksMetadata(items: [visa, cb], preferred: visa)
        let metadata = CardNumberEntryMetadata(source: .remote, detectedCardNetworks: choice, selectableCardNetworks: choice)
        let payment = Payment(id: "pay_1", status: .declined, amount: 4999, surcharge: 30, currency: "EUR", network: .visa,
                              firstDigits: "40000025", last4Digits: "1001", declineReason: "insufficient funds")
        let state = CardNumberEntryState(cardNumber: Self.coBadged)
        let lines: [(String, String)] = [
            ("\(CardNetwork.cartesBancaires)", "CARTES_BANCAIRES"),
            ("\(visa)", "Visa (VISA, surcharge 30)"),
            ("\(amex)", "American Express (AMEX, not allowed)"),
            ("\(metadata)", "REMOTE: Visa, Cartes Bancaires (preferred Visa); choose from Visa, Cartes Bancaires (preferred Visa)"),
            ("\(BinData(status: .complete, firstDigits: "40000025", preferred: visa, alternatives: [cb]))", "complete 40000025: Visa, then Cartes Bancaires"),
            ("\(payment)", "pay_1 DECLINED VISA •••• 1001, 5029 EUR (4999 + surcharge 30): insufficient funds"),
            ("\(CheckoutEvent.dataIsValid(isValid: true, errors: []))", "dataIsValid valid"),
            ("\(CheckoutEvent.willFetchMetadata(state))", "willFetchMetadata 4000 00•• •••• 1001"),
            ("\(CheckoutEvent.didReceiveMetadata(metadata, state))",
             "didReceiveMetadata 4000 00•• •••• 1001 REMOTE [VISA,CARTES_BANCAIRES] selectable:VISA,CARTES_BANCAIRES"),
            ("\(CheckoutEvent.checkoutCompleted(payment))", "checkoutCompleted pay_1 DECLINED VISA •••• 1001"),
            ("\(CheckoutEvent.checkoutFailed(CheckoutError(errorId: "payment-failed", description: "No.")))", "checkoutFailed payment-failed: No."),
            ("\(CardData(cardNumber: "4000 0025 0000 1001", expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe", cardNetwork: .visa))",
             "4000 00•• •••• 1001, expiry 12/30, CVV •••, Jane Doe, chose VISA"),
            ("\(PaymentRequest(id: "req_1", amount: 4999, currency: "EUR", network: .visa, selectedNetwork: .visa, cardNumber: Self.coBadged, expiryDate: "12/30", cvv: "123", cardholderName: "Jane Doe"))",
             "req_1 VISA 4000 00•• •••• 1001, 4999 EUR, chosen by the cardholder: VISA"),
        ]
        for (text, expected) in lines {
            #expect(text == expected)
            #expect(!text.contains(Self.coBadged) && !text.contains("0025 0000") && !text.contains("123"))
        }
    }

    @Test func everyShippedFileIsCompiledInByteForByte() throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
        var checked = 0
        for folder in ["data", "demo"] {
            let directory = resources.appendingPathComponent(folder)
            for name in FileManager.default.subpaths(atPath: directory.path) ?? [] {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory),
                      !isDirectory.boolValue else { continue }
                let onDisk = try Data(contentsOf: directory.appendingPathComponent(name))
                let built = folder == "data" ? try ResourceFiles.data(name) : try ResourceFiles.demoData(name)
                #expect(built == onDisk, "\(folder)/\(name)")
                checked += 1
            }
        }
        #expect(checked >= 14, "the data and demo files, strings/ included")
        #expect(throws: BundledDataError(file: "nothing.csv", reason: "is not one of the files built into the program (Resources/data)")) {
            try ResourceFiles.data("nothing.csv")
        }
    }
}

extension Result {
    var failure: Failure? { if case let .failure(error) = self { error } else { nil } }
}

/// Runs `body` on a thread of its own, outside the cooperative pool, and waits for it.
func runOnThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread { body(); done.resume() }.start()
    }
}
