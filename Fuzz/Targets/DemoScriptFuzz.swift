import CheckoutCore
import CheckoutApp
import Foundation

// libFuzzer target: a demo script (`DemoScript(name:text:directory:)`, what `checkout demo --script
// FILE` reads and checks before anything plays) on any bytes, its `set session` paths relative to a
// folder that does not exist.
// Properties: it reads or throws, never traps; a script read opens a screen before anything else
// plays and waits at most an hour a step; every problem is one printable line naming its line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let script = try DemoScript(name: "fuzz", text: text, directory: URL(fileURLWithPath: "/nonexistent/checkout-fuzz"))
        let first = script.steps.first { if case .set = $0.kind { false } else { true } }
        if case .start? = first?.kind {} else { fatalError("the first step that plays is not a start: \(String(describing: first))") }
        for step in script.steps {
            if case .wait(let duration) = step.kind { check(duration <= .seconds(3600), "a wait of \(duration) at \(step.location)") }
        }
    } catch {
        check(!error.messages.isEmpty, "a refusal with no problem")
        for message in error.messages {
            check(message.hasPrefix("fuzz.demo"), "a problem without its place: \(message.debugDescription)")
            check(!message.contains(where: \.isNewline) && !message.unicodeScalars.contains(where: DiagnosticText.mustEscape),
                  "a problem is not one printable line: \(message.debugDescription)")
        }
    }
    return 0
}
