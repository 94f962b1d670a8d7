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
        // The app's clock is the harness's manual one, which stands still: the whole wait is left.
        #expect(transcript.contains("(or resend): ••••••\nWait 30 s for a new code.\nStep 3 of 3"), "\(transcript)")
        #expect(!transcript.contains("OTP is not valid") && !transcript.contains("Wrong code"), "\(transcript)")
        #expect(transcript.contains("Card linked: Silver card"), "\(transcript)")
        #expect(try harness.store.links().count == 1)
    }
}
