import Foundation

// libFuzzer target: the terminal key decoder on any sequence of reads. Each read takes 4 bytes of
// the input: a tag byte (odd: a function-key code near ncurses' range; even: a character) and a
// 3-byte value. Properties: it never traps, never yields more inputs than reads, and a batch
// without Escape decodes read by read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var reads: [RawRead] = []
    var index = 0
    while index + 4 <= size {
        let value = UInt32(data[index + 1]) << 16 | UInt32(data[index + 2]) << 8 | UInt32(data[index + 3])
        if data[index] & 1 == 1 {
            reads.append(.functionKey(Int32(0o400) + Int32(value % 0o1000)))
        } else {
            // Small characters often, since controls and ESC sequences are the interesting ones.
            reads.append(.character(data[index] & 2 == 0 ? value % 0x80 : value % 0x110000))
        }
        index += 4
    }
    let inputs = TerminalKeyDecoder.decode(reads)
    check(inputs.count <= reads.count, "more inputs than reads")
    if !reads.contains(.character(27)) {
        let oneByOne = reads.flatMap { TerminalKeyDecoder.decode([$0]) }
        check(inputs == oneByOne, "a batch without Escape decodes differently from its reads")
    }
    return 0
}
