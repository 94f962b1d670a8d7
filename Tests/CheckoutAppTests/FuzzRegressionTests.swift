import CheckoutCore
import Foundation
import Testing
@testable import CheckoutApp

/// The kept inputs of the settings and demo fuzz targets (`scripts/fuzz.sh`, under
/// `Fuzz/Regressions/TARGET/`), replayed through the same property as the target that checks them.
@Suite("Fuzz regressions (settings, demo)")
struct TUIFuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ target: String) throws -> [(name: String, text: String)] {
        let directory = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.sorted().map { ($0, String(decoding: try Data(contentsOf: directory.appendingPathComponent($0)), as: UTF8.self)) }
    }

    static func isOnePrintableLine(_ message: String) -> Bool {
        !message.contains(where: \.isNewline) && !message.unicodeScalars.contains(where: DiagnosticText.mustEscape) && message.count <= 500
    }

    /// Fuzz/Targets/SettingsFileFuzz.swift: what reads writes back to the same settings.
    @Test("settings: what reads survives being written, and every error is one short line")
    func settings() throws {
        let kept = try Self.inputs("settings")
        #expect(kept.count >= 2)
        for (name, text) in kept {
            do {
                let saved = try SavedSettings(json: text)
                #expect(try SavedSettings(json: saved.json) == saved, "\(name)")
            } catch {
                #expect(Self.isOnePrintableLine(error.description), "\(name): \(error)")
            }
        }
    }

    /// Fuzz/Targets/DemoScriptFuzz.swift: a script read starts a screen first and waits at most an
    /// hour a step; every problem is one printable line naming its place.
    @Test("demo: what reads starts with a screen and waits at most an hour; problems are lines")
    func demo() throws {
        let kept = try Self.inputs("demo")
        #expect(kept.count >= 4)
        for (name, text) in kept {
            do {
                let script = try DemoScript(name: "fuzz", text: text, directory: URL(fileURLWithPath: "/nonexistent/checkout-fuzz"))
                #expect(script.steps.first { !$0.kind.isSet }?.kind.isStart == true, "\(name)")
                for step in script.steps {
                    if case .wait(let duration) = step.kind { #expect(duration <= .seconds(3600), "\(name)") }
                }
            } catch {
                #expect(!error.messages.isEmpty, "\(name)")
                for message in error.messages {
                    #expect(message.hasPrefix("fuzz.demo") && Self.isOnePrintableLine(message), "\(name): \(message)")
                }
            }
        }
    }
}
