import CheckoutCore
import CheckoutTestSupport
import CheckoutApp
import Foundation
import Testing
@testable import CheckoutPlain

/// Issue 30 ⑦: "resend" before the wait between codes is over says how long to wait, as the
/// terminal's footer counts it down, and the code from the SMS is then taken.
@Suite struct PlainEarlyResendTests {
    @Test func anEarlyResendSaysHowLongToWait() async throws {
        let harness = try PlainHarness()
        let (_, console) = await harness.run(.nolLink, ["1", "0501234567", "resend", .codeFromSMS])
        let transcript = console.transcript
        // The plain harness's Nol clock runs in real time: the countdown may have moved a second
        // or two on a loaded machine, so the sentence is matched with whatever count it says.
        let said = try #require(transcript.firstMatch(of: /\(or resend\): ••••••\nWait (\d+) s for a new code\.\nStep 3 of 3/), "\(transcript)")
        #expect((25...30).contains(Int(said.1) ?? 0), "\(transcript)")
        #expect(!transcript.contains("OTP is not valid") && !transcript.contains("Wrong code"), "\(transcript)")
        #expect(transcript.contains("Card linked: Silver card"), "\(transcript)")
        #expect(try harness.store.links().count == 1)
    }
}
