import Foundation

// libFuzzer target: the input-line splitter on any bytes, cut into chunks at positions the input
// chooses, with a limit the input chooses. Properties: the lines do not depend on how the input
// was cut, and agree with a plain reference split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size >= 2, let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = Int(bytes[0]) % 64
    let step = Int(bytes[1]) % 17 + 1
    let input = Array(bytes[2...])

    var whole = InputLineSplitter(maximumLength: limit)
    var expected = whole.feed(input)
    if let last = whole.finish() { expected.append(last) }

    var chunked = InputLineSplitter(maximumLength: limit)
    var lines: [InputLine] = []
    var start = 0
    while start < input.count {
        let end = min(input.count, start + step)
        lines += chunked.feed(Array(input[start..<end]))
        start = end
    }
    if let last = chunked.finish() { lines.append(last) }
    check(lines == expected, "chunking changed the lines")
    check(expected == reference(input, limit: limit), "the lines differ from the reference split")
    return 0
}

/// The lines of `input` by the splitter's rules, computed the obvious way.
func reference(_ input: [UInt8], limit: Int) -> [InputLine] {
    var parts = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if parts.last?.isEmpty == true { parts.removeLast() }
    return parts.map { part in
        let body = part.last == 0x0D ? Array(part.dropLast()) : part
        if body.count > limit { return .tooLong(bytes: body.count) }
        guard let text = String(validating: body, as: UTF8.self) else { return .notUTF8 }
        return .text(text)
    }
}
