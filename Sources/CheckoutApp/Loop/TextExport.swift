import CheckoutCore
import CheckoutStore
import FoundationEssentials

/// Keeps a text a screen asked to keep (``ScreenEffect/export(_:_:)``): writes it to a new file,
/// or hands it to the terminal's clipboard, and says how that went.
enum TextExport {
    /// Does it, and says so in `localizer`'s language; `write` takes the bytes meant for the terminal (OSC 52).
    ///
    /// This is where a screen's text leaves the program, so it leaves with the escaping diagnostics
    /// and listings have (``DiagnosticText/sanitizedLines(_:)``): a session's merchant name or a
    /// ledger row holding `ESC ] 0;`, an OSC 52 of its own, C1 controls or U+202E is written as
    /// `\u001b`… in the file and in the clipboard, as harmless as it was on the screen.
    static func perform(_ text: String, to destination: ExportDestination, localizer: Localizer, write: (String) -> Void) -> StatusNote {
        let text = DiagnosticText.sanitizedLines(text)
        switch destination {
        case .file(let path):
            switch SavedText.writeNew(text, to: path) {
            case .success(let written): return StatusNote(localizer.text(.exportSaved, written), tone: .success)
            case .failure(let error):
                // The path and the system's words stay as they are; the rest is said in the language.
                let why = localizer.language == .english ? error.message : error.shown?.mappingTexts(DiagnosticText.sanitized).text(localizer) ?? error.message
                return StatusNote(localizer.text(.exportNotSaved, why), tone: .problem)
            }
        case .clipboard:
            write(osc52(text))
            // The terminal never says whether it took it: many ask first, some refuse.
            return StatusNote(localizer.text(.exportClipboard), tone: .success)
        }
    }

    /// The OSC 52 sequence that sets the clipboard (`c`) to `text`, base64 as the sequence wants it.
    static func osc52(_ text: String) -> String {
        "\u{1b}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
