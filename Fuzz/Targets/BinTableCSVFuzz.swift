import Foundation

// libFuzzer target: the BIN-table CSV loader on any text.
// Properties: it loads or throws, never traps; a loaded table answers every 8-digit BIN made
// from the input's bytes, and every answer's networks come from the table's own ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let table = try? BinTable(csv: text) else { return 0 }
    let known = Set(table.ranges.flatMap { $0.networks.map(\.network) })
    var digits = ""
    for byte in UnsafeBufferPointer(start: data, count: size) where (0x30...0x39).contains(byte) {
        digits.unicodeScalars.append(Unicode.Scalar(byte))
        if digits.utf8.count == 8 {
            if let answer = table.lookup(digits) {
                check(answer.networks.allSatisfy { known.contains($0.network) }, "an answer names a network no range has")
            }
            digits = ""
        }
    }
    _ = table.lookup("00000000")
    _ = table.lookup("99999999")
    return 0
}
