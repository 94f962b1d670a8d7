import Foundation

// libFuzzer target: a client-session file (`ClientSession.read(json:)`, what `--session FILE`, a
// demo's `set session` and a Primer configuration's clientSession go through) on any bytes.
// Properties: it reads or throws, never traps; a session read holds only what can be paid (an
// amount of 1 to the cap, an ISO 4217 currency, surcharges above 0 and within the cap, each allowed
// network once and none of them OTHER); an error is one printable line of at most 500 characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let session = try ClientSession.read(json: text).session
        let range = 1...ClientSession.maximumAmount
        check(range.contains(session.amount), "amount \(session.amount) out of range")
        check(ISO4217.isCurrency(session.currency) && session.currency == session.currency.uppercased(),
              "currency \(session.currency.debugDescription) is not an ISO 4217 code")
        check(session.surcharges.values.allSatisfy(range.contains), "a surcharge out of range: \(session.surcharges)")
        if let allowed = session.orderedAllowedCardNetworks {
            check(Set(allowed).count == allowed.count && !allowed.contains(.other), "allowed networks \(allowed) repeat or hold OTHER")
        }
    } catch {
        checkOneLine(error.description)
    }
    return 0
}

/// A message must be one printable line of at most 500 characters.
func checkOneLine(_ message: String) {
    check(!message.contains(where: \.isNewline) && !message.unicodeScalars.contains(where: DiagnosticText.mustEscape),
          "the message is not one printable line: \(message.debugDescription)")
    check(message.count <= 500, "the message is \(message.count) characters long")
}
