import CheckoutCore
import Testing
@testable import CheckoutApp

/// Issue 18 ⑥ and ⑪: every duration in a demo script is capped as the command line caps it (an
/// uncapped `wait` never ended under `--check`), and what a message quotes from the script shows
/// every character, a byte-order mark included.
@Suite struct DemoScriptBoundsTests {
    static func problems(_ text: String) -> [String] {
        do { _ = try DemoScript(name: "t", text: text); return [] } catch { return error.messages }
    }

    @Test func waitsAndMillisecondSettingsAreAtMostAnHour() throws {
        #expect(DemoScript.duration("3600000") == .milliseconds(3_600_000))
        #expect(DemoScript.duration("3600s") == .seconds(3600))
        #expect(DemoScript.duration("1.5s") == .milliseconds(1500) && DemoScript.duration("800ms") == .milliseconds(800))
        for text in ["9223372036854775807", "3600001", "3600001ms", "3600.5s", "infs", "nans", "-1", "1e400s"] {
            #expect(DemoScript.duration(text) == nil, "\(text)")
        }
        let waits = Self.problems("start pay\nwait 9223372036854775807\n")
        #expect(waits == ["t.demo:2: `wait` takes milliseconds (`wait 800`) or seconds (`wait 1.5s`), at most an hour, not \"9223372036854775807\""])
        for setting in ["bin-latency", "bin-timeout", "debounce"] {
            #expect(Self.problems("set \(setting) 3600001\nstart pay\n").first?.contains("unknown setting") == true, "\(setting)")
            #expect(Self.problems("set \(setting) 3600000\nstart pay\n").isEmpty, "\(setting)")
        }
    }

    @Test func aByteOrderMarkIsDroppedAndInvisibleCharactersAreQuotedVisibly() throws {
        #expect(try DemoScript(name: "t", text: "\u{FEFF}start pay\nwait 10\n").steps.count == 2)
        #expect(Self.problems("start pay\n\u{2060}wait 10\n") == [
            "t.demo:2: unknown step \"\\u2060wait\": start, set, caption, highlight, type, press, wait, expect, expect-not or include",
        ])
        #expect(Self.problems("start \u{FEFF}pay\n").first?.contains("unknown screen \"\\ufeffpay\"") == true)
    }
}
