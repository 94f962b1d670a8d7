import CheckoutCore
import CheckoutApp
import Foundation

// libFuzzer target: the settings file (`SavedSettings(json:)`, what `settings.json` in the data
// directory goes through at every start) on any bytes.
// Properties: it reads or throws, never traps; what reads writes back (`json`) to text that reads
// as the same settings; an error is one printable line of at most 500 characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let saved = try SavedSettings(json: text)
        let again = try? SavedSettings(json: saved.json)
        check(again == saved, "settings read do not survive being written: \(saved.json.debugDescription)")
    } catch {
        let message = error.description
        check(!message.contains(where: \.isNewline) && !message.unicodeScalars.contains(where: DiagnosticText.mustEscape),
              "the message is not one printable line: \(message.debugDescription)")
        check(message.count <= 500, "the message is \(message.count) characters long")
    }
    return 0
}
