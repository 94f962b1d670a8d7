import CheckoutEngine
import CheckoutCore
import CheckoutStore
import FoundationEssentials

extension SettingsStorage {
    /// Storage in a data directory: Settings (full-screen or plain) saves to its `settings.json`
    /// through ``save(_:in:)``. `defaults` is what Reset to defaults puts back; `note` is said at start.
    public static func saving(in directory: URL, defaults: CheckoutSettings, note: StatusNote?) -> SettingsStorage {
        SettingsStorage(defaults: defaults, note: note) { save($0, in: directory, $1) }
    }

    /// Writes the values changed in Settings over those saved for the next start (``SavedSettings``
    /// in ``SettingsFile``), leaving every other saved value as it was; says where, or why not
    /// (the settings then last until the program ends). A saved file that cannot be read is
    /// replaced by the changes. Said in `text`'s language.
    @Sendable public static func save(_ changes: SavedSettings, in directory: URL, _ text: Localizer = Bundled.english) -> StatusNote {
        do {
            let saved = (try? SettingsFile.read(in: directory, limit: SavedSettings.maximumSize))
                .flatMap { $0 }.flatMap { try? SavedSettings(json: String(decoding: $0, as: UTF8.self)) } ?? SavedSettings()
            try SettingsFile.write(Data(changes.merged(over: saved).json.utf8), in: directory)
            return StatusNote(text.text(.settingsSavedTo, SettingsFile.url(in: directory).path), tone: .success)
        } catch {
            return StatusNote(text.text(.settingsNotSaved, "\(error)"), tone: .problem)
        }
    }
}
