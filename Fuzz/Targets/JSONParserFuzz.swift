import Foundation

// libFuzzer target: the JSON parser (`JSONValue(parsing:)`) on any bytes.
// Property: whatever parses serialises to text that parses back to the same value, except that a
// number too large for a Double (`1e999`) reads as infinity, which JSON lacks and prints as null.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let value = try? JSONValue(parsing: text) else { return 0 }
    let serialized = value.serialized()
    guard let again = try? JSONValue(parsing: serialized) else {
        fatalError("serialised JSON does not parse: \(serialized.debugDescription)")
    }
    check(again == finite(value), "round trip changed the value: \(serialized.debugDescription)")
    return 0
}

/// `value` with every infinite number replaced by null, as the serialiser writes it.
func finite(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let number) where !number.isFinite: return .null
    case .array(let elements): return .array(elements.map(finite))
    case .object(let members): return .object(members.map { ($0.0, finite($0.1)) })
    default: return value
    }
}
