import Foundation

// libFuzzer target: the card-number normaliser on any text.
// Properties: digits are ASCII and as many as the digit scalars before the first bad one; a
// number with no bad scalar is not malformed; normalising the digits again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let normalized = CardNumberNormalizer.normalize(text)
    let digits = normalized.digits
    check(digits.utf8.allSatisfy { (0x30...0x39).contains($0) }, "non-ASCII digits")
    var expected = 0
    var malformed = false
    for scalar in text.unicodeScalars {
        switch CardNumberNormalizer.classify(scalar) {
        case .digit: expected += 1
        case .separator: continue
        case .other: malformed = true
        }
        if malformed { break }
    }
    check(digits.utf8.count == expected, "digit count")
    check(normalized.isMalformed == malformed, "malformed flag")
    check(CardNumberNormalizer.normalize(digits) == .digits(digits), "not idempotent")
    _ = Luhn.isValid(digits)
    return 0
}
