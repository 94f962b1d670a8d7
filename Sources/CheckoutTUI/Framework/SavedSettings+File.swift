import CheckoutStore
import FoundationEssentials

extension SettingsStorage {
    /// Storage in a data directory: Settings (full-screen or plain) saves to its `settings.json`
    /// through ``save(_:in:)``. `defaults` is what Reset to defaults puts back; `note` is said at start.
    public static func saving(in directory: URL, defaults: CheckoutSettings, note: StatusNote?) -> SettingsStorage {
        SettingsStorage(defaults: defaults, note: note) { save($0, in: directory) }
    }

    /// Writes what Settings saved for the next start (``SavedSettings`` in ``SettingsFile``);
    /// says where, or why not (the settings then last until the program ends).
    @Sendable public static func save(_ settings: CheckoutSettings, in directory: URL) -> StatusNote {
        do {
            try SettingsFile.write(Data(SavedSettings(settings).json.utf8), in: directory)
            return StatusNote("Saved to \(SettingsFile.url(in: directory).path)", tone: .success)
        } catch {
            return StatusNote("Not saved (\(error)): these settings last until you quit", tone: .problem)
        }
    }
}
