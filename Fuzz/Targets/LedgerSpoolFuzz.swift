import CheckoutStore
import Foundation

// libFuzzer target: the ledger's spool reader (`Ledger.readSpool(at:)`, what every start runs on
// `checkout.sqlite-pending` before it imports rows into the ledger) on any bytes, as a file.
// Properties: it reads, never traps; every row it reads keeps no more of a card than the ledger
// does (first digits ≤ 8, last four ≤ 4) and reads back the same from the line the spool writes
// for it; its amounts are ones a checkout charges; rows and rejected lines together are at most the file's lines (a line is one or the other).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let path = NSTemporaryDirectory() + "checkout-spool-fuzz-\(getpid())"
    defer { unlink(path) }
    guard FileManager.default.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600]) else { return 0 }
    guard let (entries, rejected) = Ledger.readSpool(at: path) else {
        check(false, "a private regular file of this user's was not read")
        return 0
    }
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).count
    check(entries.count + rejected <= lines, "\(entries.count) rows and \(rejected) rejected lines from \(lines) lines")
    for entry in entries {
        check(entry.firstDigits.count <= 8 && entry.last4.count <= 4, "a row keeps more of a card than the ledger does")
        check(entry.amount >= 0 && entry.surcharge >= 0 && entry.amount <= 999_999_999_999_999 && entry.surcharge <= 999_999_999_999_999,
              "a row holds an amount no checkout charges")
        let again = NSTemporaryDirectory() + "checkout-spool-fuzz-again-\(getpid())"
        defer { unlink(again) }
        _ = FileManager.default.createFile(atPath: again, contents: Data((Ledger.spoolLine(entry) + "\n").utf8), attributes: [.posixPermissions: 0o600])
        check(Ledger.readSpool(at: again)?.entries == [entry], "a row does not read back from its own line: \(Ledger.spoolLine(entry))")
    }
    return 0
}
