import CheckoutCore
import CheckoutEngine
import Foundation
import Testing
@testable import CheckoutApp

/// Issue 31 ③: a receipt that cannot be saved says why in the screen's language (SavedText's
/// reasons through the catalogues); the path stays as typed and English keeps the system's words.
@Suite struct ReceiptSaveLanguageTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-save-lang-\(UUID().uuidString)").path

    func note(_ path: String, _ language: Language) -> String {
        TextExport.perform("Receipt\n", to: .file(path), localizer: ScreenContext.localizer(for: language, ascii: false).localizer) { _ in }.text
    }

    @Test func theReasonIsSaidInFrenchAndArabic() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = directory + "/kept.txt"
        #expect(FileManager.default.createFile(atPath: existing, contents: Data("old".utf8)))
        #expect(note(existing, .english) == "Not saved: \(existing): it exists already (a receipt never overwrites a file)")
        #expect(note(existing, .french) == "Non enregistré\u{A0}: \(existing)\u{A0}: il existe déjà (un reçu n’écrase jamais un fichier)")
        #expect(note(directory + "/no/such.txt", .french) == "Non enregistré\u{A0}: \(directory)/no/such.txt\u{A0}: ce dossier n’existe pas")
        #expect(note("  ", .french) == "Non enregistré\u{A0}: tapez un nom de fichier")
        let arabic = note(existing, .arabic)
        #expect(arabic.contains("الملف موجود من قبل") && !arabic.contains("exists"), "\(arabic)")
    }
}
