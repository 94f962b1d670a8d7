import CheckoutCore

/// Where the settings saved in Settings are kept between runs, and what the app says about them.
public struct SettingsStorage: Sendable {
    /// The settings without the saved ones, for Settings' "Reset to defaults".
    public var defaults: CheckoutSettings
    /// What to say at start: saved settings in use, overridden by options, or refused.
    public var note: StatusNote?
    /// Writes the values changed in Settings for the next start (the others saved stay as they
    /// were); returns what to say in the language given ("Saved to …", or why not).
    public var save: @Sendable (SavedSettings, Localizer) -> StatusNote

    public init(defaults: CheckoutSettings, note: StatusNote?, save: @escaping @Sendable (SavedSettings, Localizer) -> StatusNote) {
        self.defaults = defaults
        self.note = note
        self.save = save
    }
}
