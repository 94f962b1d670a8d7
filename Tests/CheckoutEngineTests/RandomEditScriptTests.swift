import CheckoutCore
import CheckoutTestSupport
import Synchronization
import Testing
@testable import CheckoutEngine

/// Runs ``RawDataManager/finish()`` while moving the manual clock on until it returns.
func finish(_ harness: EngineHarness, sourceLocation: SourceLocation = #_sourceLocation) async {
    let done = Mutex(false)
    let finishing = Task {
        await harness.manager.finish()
        done.withLock { $0 = true }
    }
    for _ in 0..<10_000 where !done.withLock({ $0 }) {
        await harness.advance(10)
    }
    if !done.withLock({ $0 }) { Issue.record("finish() did not return", sourceLocation: sourceLocation) }
    await finishing.value
}

@Suite struct RandomEditScriptTests {
    /// Numbers whose BINs overlap, so scripts keep coming back to BINs in flight or cached.
    static let numbers = ["4000002500001001", "4000002599990000", "4010002500001001", "5555555555554444",
                          "5555555512345678", "4242424242424242", "378282246310005", "6011000990139424"]

    /// 1,000 random edit scripts (typing, deleting, pasting, editing inside the BIN, clearing) with
    /// random pauses and random service delays: no event is ever about a number other than the
    /// current one, no BIN is asked while it is in flight or after it answered, and every script ends
    /// with the metadata of its final number.
    @Test func randomEditScriptsNeverEmitStaleEventsNorAskABinTwice() async {
        var random = SplitMix64(seed: 20_261_129)
        for script in 0..<1_000 {
            let delays = (0..<8).map { _ in Int.random(in: 0...400, using: &random) }
            // Timeouts have their own tests; here a lookup never times out, so that a busy machine
            // delaying the stub's tasks cannot turn an answer into a fallback.
            let harness = await EngineHarness(timeout: .seconds(3600)) { bin in
                let delay = delays[Int(bin.unicodeScalars.reduce(0) { $0 &+ $1.value } % 8)]
                return .answer(bin.hasPrefix("4000") ? [.cartesBancaires, .visa] : [.visa, .mastercard], after: .milliseconds(delay))
            }
            var number = ""
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...4:
                    let target = Self.numbers.randomElement(using: &random)!
                    number = target.hasPrefix(number) && number.count < target.count
                        ? String(target.prefix(number.count + 1)) : number + String(Int.random(in: 0...9, using: &random))
                case 5: number = String(number.dropLast())
                case 6: number = Self.numbers.randomElement(using: &random)!
                case 7 where number.count >= 8:
                    var digits = Array(number)
                    digits[Int.random(in: 0..<8, using: &random)] = Character(String(Int.random(in: 0...9, using: &random)))
                    number = String(digits)
                case 8: number = String(number.prefix(Int.random(in: 0...7, using: &random)))
                default: break
                }
                await harness.type(number)
                await harness.advance(Int.random(in: 0...300, using: &random))
            }
            await finish(harness)

            for (event, digits) in harness.recorder.emissions {
                switch event {
                case let .didReceiveMetadata(metadata, state):
                    #expect(state.cardNumber == digits, "script \(script): metadata for \(state.cardNumber) while \(digits) is current")
                    if metadata.source == .remote { #expect(digits.count >= 8) }
                case let .willFetchMetadata(state):
                    #expect(state.cardNumber == digits, "script \(script)")
                case let .didReceiveBinData(binData) where binData.status == .complete:
                    #expect(binData.firstDigits == String(digits.prefix(8)), "script \(script): BIN data for \(binData.firstDigits ?? "") while \(digits) is current")
                default: break
                }
            }
            let record = harness.service.record.withLock { $0 }
            #expect(record.overlapping.isEmpty, "script \(script): asked again while in flight: \(record.overlapping)")
            #expect(record.askedAfterAnswer.isEmpty, "script \(script): asked again after an answer: \(record.askedAfterAnswer)")

            let final = await harness.manager.currentMetadata
            if number.count >= 8 {
                let networks: [CardNetwork] = number.hasPrefix("4000") ? [.cartesBancaires, .visa] : [.visa, .mastercard]
                let answer = BinAnswer(firstDigits: String(number.prefix(8)), networks: networks.map { BinNetwork(network: $0) })
                #expect(final == harness.resolver.remoteMetadata(for: answer), "script \(script): final number \(number)")
            } else if !number.isEmpty || final != nil {
                #expect(final == harness.resolver.localMetadata(forDigits: number, source: .local), "script \(script): final number \(number)")
            }
        }
    }
}
