import CheckoutCore
import Foundation
import Testing

/// The inputs libFuzzer found (`scripts/fuzz.sh`, kept under `Fuzz/Regressions/TARGET/`), replayed
/// through the same code and the same property as the fuzz target that found them.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.sorted().map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    @Test("every kept target folder is one the fuzz script knows")
    func foldersAreTargets() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.path)
        #expect(Set(folders).isSubset(of: ["json", "lines", "normalizer", "bintable", "keys", "session", "settings", "demo", "spool"]), "\(folders)")
        #expect(!folders.isEmpty)
    }

    /// The splitter's lines for a fuzz input: byte 0 is the limit, byte 1 the chunk size.
    @Test("lines: a CRLF line over the limit is reported with its length without the CR")
    func lines() throws {
        for (name, bytes) in try Self.inputs("lines") where bytes.count >= 2 {
            let limit = Int(bytes[0]) % 64
            let input = Array(bytes[2...])
            var splitter = InputLineSplitter(maximumLength: limit)
            var lines = splitter.feed(input)
            if let last = splitter.finish() { lines.append(last) }
            var parts = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            if parts.last?.isEmpty == true { parts.removeLast() }
            let expected: [InputLine] = parts.map { part in
                let body = part.last == 0x0D ? Array(part.dropLast()) : part
                if body.count > limit { return .tooLong(bytes: body.count) }
                return String(validating: body, as: UTF8.self).map(InputLine.text) ?? .notUTF8
            }
            // Found by the fuzzer: the CR of an over-long CRLF line was counted (10 for "4000 0025\r"
            // under an 8-byte limit).
            #expect(lines == expected, "\(name)")
        }
    }

    /// What the serialiser writes for a value: infinities (a number too large for a Double, such
    /// as `1e999`) become null, which JSON has instead.
    static func finite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where !number.isFinite: return .null
        case .array(let elements): return .array(elements.map(finite))
        case .object(let members): return .object(members.map { ($0.0, finite($0.1)) })
        default: return value
        }
    }

    @Test("json: what parses serialises to text that parses back to the same value")
    func json() throws {
        let kept = try Self.inputs("json")
        #expect(!kept.isEmpty)
        for (name, bytes) in kept {
            guard let value = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) else { continue }
            #expect(try JSONValue(parsing: value.serialized()) == Self.finite(value), "\(name)")
        }
    }

    /// What the session target checks (Fuzz/Targets/SessionFileFuzz.swift): a session read holds
    /// only what can be paid; an error is one printable line of at most 500 characters.
    @Test("session: what reads can be paid, and every error is one short line")
    func session() throws {
        let kept = try Self.inputs("session")
        #expect(kept.count >= 5)
        for (name, bytes) in kept {
            do {
                let session = try ClientSession.read(json: String(decoding: bytes, as: UTF8.self)).session
                let range = 1...ClientSession.maximumAmount
                #expect(range.contains(session.amount) && ISO4217.isCurrency(session.currency), "\(name)")
                #expect(session.surcharges.values.allSatisfy(range.contains), "\(name)")
            } catch {
                #expect(!error.description.contains(where: \.isNewline) && error.description.count <= 500, "\(name): \(error)")
                #expect(!error.description.unicodeScalars.contains(where: DiagnosticText.mustEscape), "\(name)")
            }
        }
    }
}
