import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials
import NolPay

/// A rectangle of the canvas handed to a screen: rows `top..<top+height`, columns `left..<left+width`.
public struct Rect: Sendable, Equatable {
    public var top: Int, left: Int, width: Int, height: Int
    public init(top: Int, left: Int, width: Int, height: Int) {
        self.top = top
        self.left = left
        self.width = width
        self.height = height
    }
    public var bottom: Int { top + height }

    /// Whether the cell at `row`, `column` lies inside.
    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < bottom && column >= left && column < left + width
    }
}

/// What a screen asks the app to do after handling an input.
public enum ScreenEffect: Sendable {
    /// Replaces this screen (the card form becomes the result screen).
    case replace(any Screen)
    /// Goes back to the screen underneath; quits when there is none.
    case pop
    /// Goes back to the screen underneath; with none, opens a route's screen in this one's place,
    /// or with `nil` stays (Settings opened on its own saves and stays, Esc then quits, as at the
    /// top of every screen).
    case back(orOpen: Route?)
    /// Opens a route's screen on top of this one (how the home menu opens the card form).
    case open(Route)
    /// Leaves the program with this exit code.
    case quit(Int32)
    /// Hands the form's raw data to the engine.
    case setRawData(CardData)
    /// Asks the engine to validate and pay; `expectedTotal` is the total the cardholder was shown,
    /// which the engine refuses to exceed or undercut (``RawDataManager/submit(idempotencyKey:expectedTotal:)``).
    case submit(expectedTotal: Int?)
    /// Saves settings: the engine is rebuilt with them for the next card, and the values changed
    /// are written for the next start.
    case applySettings(CheckoutSettings, saving: SavedSettings)
    /// Adds a line to the F2 event log, for screens whose events do not come from the card engine
    /// (the Nol Pay flows): a short event name and a one-line summary with card numbers masked.
    case log(name: String, summary: String)
    /// Hands a text (a receipt) to the runtime to keep: saved to a new file or copied to the
    /// clipboard; ``ScreenContext/exportNote`` then says how it went.
    case export(String, ExportDestination)
    /// Hides the event panel beside the screens, or shows it again (`p` in the event log).
    case toggleEventPanel
    /// Asks the Nol system for something (a Nol flow's state machine wants a card read, a code
    /// sent, a payment made): the loop makes the call and hands its answer to this screen as
    /// ``ScreenInput/transit(_:)``, as it hands engine events.
    case transit(NolTransitCall)
    /// Asks for a page of the payment ledger (Payments): the app reads it from the registry's
    /// ledger and hands the page to this screen as ``ScreenInput/ledger(_:)``.
    case readLedger(LedgerPageRequest)
    /// Reads the Nol reader or the SMS inbox (a Nol flow coming on): the app reads from the
    /// registry's Nol system and hands the answer to this screen as ``ScreenInput/nol(_:)``.
    case readNol(NolRead)
}

/// A page of the ledger a screen asks for: the payments of a status (all with `nil`), newest first.
public struct LedgerPageRequest: Sendable, Equatable {
    public var status: String?
    public var page: Int
    public var pageSize: Int
    public init(status: String?, page: Int, pageSize: Int) {
        self.status = status
        self.page = page
        self.pageSize = pageSize
    }
}

/// The answer to a ``LedgerPageRequest``: how many payments the status selects, the page given
/// (the one asked for, or the last there is), its payments, or why the ledger could not be read.
public struct LedgerPage: Sendable, Equatable {
    public var request: LedgerPageRequest
    public var page: Int
    public var total: Int
    public var entries: [LedgerEntry]
    public var problem: String?

    /// Reads `request` from `ledger`: a count and one `LIMIT`/`OFFSET` query, never the whole ledger.
    public static func read(_ request: LedgerPageRequest, from ledger: Ledger?) -> LedgerPage {
        guard let ledger else { return LedgerPage(request: request, page: 0, total: 0, entries: [], problem: "no ledger") }
        do {
            let total = try ledger.count(LedgerQuery(status: request.status))
            let pages = max(1, (total + request.pageSize - 1) / max(1, request.pageSize))
            let page = min(request.page, pages - 1)
            let entries = try ledger.entries(LedgerQuery(limit: request.pageSize, status: request.status, offset: page * request.pageSize))
            return LedgerPage(request: request, page: page, total: total, entries: entries, problem: nil)
        } catch {
            return LedgerPage(request: request, page: request.page, total: 0, entries: [], problem: "\(error)")
        }
    }
}

/// Where a text a person asked to keep goes.
public enum ExportDestination: Sendable, Equatable {
    /// A new file at this path (`~/` is the home directory); an existing file is never overwritten.
    case file(String)
    /// The terminal's clipboard, through OSC 52 where the terminal allows it.
    case clipboard
}

/// What every screen may read while handling input or drawing: the catalogue, the settings (and
/// what Settings' Reset restores), the engine's event log, the animation frame, the glyphs the
/// terminal can show, and what the app last said about the settings.
public struct ScreenContext: Sendable {
    public var catalogue: NetworkCatalogue
    public var settings: CheckoutSettings
    /// The settings without saved ones: the command line's and the shipped defaults.
    public var defaults: CheckoutSettings
    /// Where the settings came from or went ("Saved to …", "--debounce overrides the saved value
    /// for this run"), for the home menu and Settings to show.
    public var settingsNote: StatusNote?
    public var eventLog: EventLog
    /// Advances while a screen animates (the lookup spinner).
    public var animationFrame: Int
    /// Unicode or ASCII symbols, chosen once at start from the locale.
    public var glyphs: GlyphSet
    /// The terminal's size as last reported: what a screen pages and scrolls by between renders.
    public var size: TerminalSize
    /// Whether Settings' settings are kept for the next start (a data directory to save them in),
    /// or last for this run only.
    public var savesSettings: Bool
    /// The app's clock as the input being handled arrived (``AppModel/clock``): what holds and
    /// countdowns measure time by. Tests move it by hand.
    public var now: Duration = .zero
    /// Now on the app's wall clock (``AppModel/wallClock``), as the input being handled arrived: the
    /// day for the checks that depend on the month (an expiry date), the time a receipt says. Tests fix it.
    public var today = Date(timeIntervalSince1970: 0)
    /// The language the screens speak, with its locale's money and digits.
    public var localizer: Localizer
    /// True once the event panel was hidden (``ScreenEffect/toggleEventPanel``).
    public var eventPanelHidden = false
    /// True when the home menu is at the bottom of the screens (`checkout` alone), so advice may
    /// send the person there; false when a screen was opened straight from the command line.
    public var hasHomeMenu = false
    /// How the last export (a receipt saved or copied) went, until the next key.
    public var exportNote: StatusNote?

    /// The area a screen draws into at the terminal's size (between the title bar and the footer).
    public var area: Rect { Rect(top: 1, left: 0, width: size.width, height: max(0, size.height - 2)) }

    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, defaults: CheckoutSettings? = nil, settingsNote: StatusNote? = nil,
                eventLog: EventLog = EventLog(), animationFrame: Int = 0, glyphs: GlyphSet = .unicode,
                size: TerminalSize = TerminalSize(width: 80, height: 24), localizer: Localizer = Bundled.english,
                savesSettings: Bool = false) {
        self.catalogue = catalogue
        self.settings = settings
        self.defaults = defaults ?? settings
        self.settingsNote = settingsNote
        self.eventLog = eventLog
        self.animationFrame = animationFrame
        self.glyphs = glyphs
        self.size = size
        self.savesSettings = savesSettings
        self.localizer = localizer
    }

    /// What the screens say in `language` on a terminal that shows only ASCII or all of Unicode,
    /// and why it is English instead when it cannot be: Arabic is not written in ASCII, and a
    /// catalogue that cannot be read is not spoken. The one rule the three front ends follow.
    public static func localizer(for language: Language, ascii: Bool) -> (localizer: Localizer, problem: String?) {
        if ascii && language.direction == .rightToLeft {
            // Only Arabic runs right to left among the languages.
            return (Bundled.english, "Arabic needs a UTF-8 terminal (LANG=ar_AE.UTF-8, for one): English instead")
        }
        do {
            let localizer = try Bundled.localizer(language)
            guard ascii, language != .english else { return (localizer, nil) }
            return (Localizer(language: language, catalogue: localizer.catalogue.transliteratedToASCII(),
                              fallback: localizer.fallback, format: localizer.format), nil)
        } catch {
            return (Bundled.english, "\(error): English instead")
        }
    }

    /// Speaks the language of the settings, as far as the glyphs allow.
    mutating func speakSettingsLanguage() {
        guard localizer.language != settings.language else { return }
        localizer = Self.localizer(for: settings.language, ascii: glyphs.isASCII).localizer
    }

    /// Money in the context's glyphs and language: `€49.99`, or `EUR 49.99` in ASCII; `49,99 €` in French.
    public func money(_ minorUnits: Int, currency: String) -> String {
        localizer.money(minorUnits: minorUnits, currency: currency, ascii: glyphs.isASCII)
    }

    /// A surcharge in the context's glyphs and language, with its plus sign: `+€0.30`, `+0,30 €`.
    public func surcharge(_ minorUnits: Int, currency: String) -> String {
        localizer.surcharge(minorUnits: minorUnits, currency: currency, ascii: glyphs.isASCII)
    }

    /// `text` cut to `width` columns with the context's ellipsis.
    public func truncate(_ text: String, to width: Int) -> String {
        Canvas.truncate(glyphs.text(text), to: width, ellipsis: glyphs.ellipsis)
    }

    /// The session the settings describe.
    public var session: ClientSession { settings.session }
    /// The resolver for the current catalogue and session.
    public var resolver: CardNetworkResolver { CardNetworkResolver(catalogue: catalogue, session: session) }
    /// The validator for the current catalogue and session: the engine's rules, for a screen that
    /// must know before the engine answers whether a field is complete.
    public var validator: CardValidator { CardValidator(catalogue: catalogue, session: session) }
}

/// A yes/no question a screen asks over itself, and what each answer does in a word or two.
public struct YesNoQuestion: Sendable, Equatable {
    public var text: String
    public var yes: String
    public var no: String
    public init(_ text: String, yes: String, no: String) {
        self.text = text
        self.yes = yes
        self.no = no
    }
}

/// A line the app says about something that happened outside a screen (settings loaded, saved,
/// refused), and how it reads.
public struct StatusNote: Sendable, Equatable {
    public enum Tone: Sendable, Equatable { case normal, success, problem }
    public var text: String
    public var tone: Tone
    public init(_ text: String, tone: Tone = .normal) {
        self.text = text
        self.tone = tone
    }

    /// How the note is drawn.
    public var style: CellStyle {
        switch tone {
        case .normal: .dim
        case .success: .success
        case .problem: .error
        }
    }

    /// The note with its mark (`✓`, `✗`) in `glyphs`.
    public func text(_ glyphs: GlyphSet) -> String {
        switch tone {
        case .normal: glyphs.text(text)
        case .success: glyphs.success + " " + glyphs.text(text)
        case .problem: glyphs.failure + " " + glyphs.text(text)
        }
    }
}

/// A screen of the terminal UI: plain state, an update for inputs, and a view onto a ``Canvas``.
///
/// How to write one (the Nol screens follow this):
///
/// 1. Make a struct conforming to `Screen` holding everything the screen shows. It must not do I/O;
///    it asks for work by returning ``ScreenEffect``s.
/// 2. Declare `enum Action` and return one ``KeyMap`` from ``keyMap(context:)``; it may depend on the
///    state (e.g. ← → only while a chooser has focus). The app looks every key up in that table and
///    calls ``perform(_:context:)``; the footer and the F1 help are built from the same table, so
///    they can never disagree with what the keys do.
/// 3. ``receive(_:context:)`` gets what the table did not claim: typed characters, pasted text
///    (one ``ScreenInput/paste(_:)`` per paste), engine events and animation ticks.
/// 4. ``render(into:area:context:)`` draws into the area between the title bar and the footer.
///    Show focus with ``CellStyle/focus`` and the left bar of ``GlyphSet/focusBar``, never by moving
///    the layout; take every symbol from `context.glyphs` so the screen reads in ASCII too.
/// 5. Esc is not in the table: ``AppModel`` applies one rule to every screen. A wizard says how it
///    steps back with ``stepBackLabel(context:)`` and ``stepBack(context:)``; a screen holding what
///    the user entered names it in ``discardQuestion(context:)`` and the app asks before leaving.
/// 6. Register it: give it a ``Route`` and a factory in ``ScreenRegistry/standard`` (or, like the
///    Nol screens, ``ScreenRegistry/register(_:_:)`` it), then it opens from the home menu and from
///    `checkout <route words>` on the command line.
///
/// Tests drive a screen with ``AppModel`` or by calling `perform`/`receive` directly, and snapshot
/// `canvas.text`.
public protocol Screen: Sendable {
    associatedtype Action: Sendable
    /// What the screen shows, as a value (``ScreenModel``): what plain mode and `checkout drive`
    /// lay out, without knowing the screen by name. By default its title and narration; a screen
    /// whose question is written by hand may give it as its model (``questionModel(id:context:)``).
    func model(context: ScreenContext) -> ScreenModel
    /// The title bar text, in English (plain mode's step names and the tests use it).
    var title: String { get }
    /// The title bar text in the context's language; ``title`` unless the screen says otherwise.
    func title(context: ScreenContext) -> String
    /// True while the screen wants ``ScreenInput/tick`` inputs (a spinner); no timer runs otherwise.
    var isAnimating: Bool { get }
    /// The binding table for the current state.
    func keyMap(context: ScreenContext) -> KeyMap<Action>
    /// Does what a bound key asks.
    mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect]
    /// Handles everything the binding table did not claim.
    mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect]
    /// Draws the screen's body into `area`.
    func render(into canvas: inout Canvas, area: Rect, context: ScreenContext)
    /// Called when the screen comes on (pushed, replacing another, or first); the card form resets
    /// the engine's raw data here.
    mutating func appear(context: ScreenContext) -> [ScreenEffect]
    /// What Esc does inside the screen before it leaves it ("previous step", "change number"), or
    /// `nil` when the screen is on its first step and Esc leaves it.
    func stepBackLabel(context: ScreenContext) -> String?
    /// Goes one step back inside the screen (a wizard's previous step). The app calls it only
    /// while ``stepBackLabel(context:)`` is not `nil`.
    mutating func stepBack(context: ScreenContext) -> [ScreenEffect]
    /// The question to ask before leaving would throw away what the user entered ("Discard this
    /// card?"), in the context's language; `nil` when nothing would be lost.
    func discardQuestion(context: ScreenContext) -> String?
    /// The text field the caret is in, if any: what a front end edits and the checks look at.
    var focusedText: EditableText? { get }
    /// True while the screen waits for an answer it must show (a payment, a Transit call): Esc
    /// then does nothing, so a result is never lost by leaving early.
    var isBusy: Bool { get }
    /// The F1 help's lines for the screen's own keys: by default the current binding table's; a
    /// screen whose table changes with the focus lists every state's, so the help covers it all.
    func helpLines(context: ScreenContext) -> [KeyHint]
    /// Whether the screen has text fields, so that the F1 help lists the editing keys.
    var editsText: Bool { get }
    /// What the F1 help says about the screen before its keys, under a heading (the card form: the
    /// order being paid); `nil` for most screens.
    func helpAbout(context: ScreenContext) -> HelpScreen.About?
    /// Whether the screen shows the event panel beside it where the terminal is wide enough (the
    /// card form and the Nol wizards, whose events are worth watching as they come).
    var wantsEventPanel: Bool { get }
    /// What the screen asks next, for a front end that asks one question at a time (plain mode):
    /// the focused field's label, help, value, choices and error; `nil` while the screen waits for
    /// an answer it must show. `part` names a question a previous one opened (Settings' "latency").
    func question(context: ScreenContext, asking part: String?) -> ScreenQuestion?
    /// What the screen has learnt and said so far, oldest first ("BIN service: Visa.", the SMS):
    /// sentences a line-by-line front end says as they come. Only ever grows while the screen is shown.
    func narration(context: ScreenContext) -> [Narration]
    /// The question asked before leaving loses what was entered, as a line-by-line front end asks
    /// it; ``discardQuestion(context:)`` by default.
    func leavingQuestion(context: ScreenContext) -> String?
    /// A yes/no question the screen asks before it goes on (the card form: "Networks not known
    /// yet: pay €49.99 with Visa?"); the app shows it as it shows its own, plain mode asks it as a
    /// confirmation, and the answer goes to ``answer(_:context:)``. `nil` when there is none.
    func yesNoQuestion(context: ScreenContext) -> YesNoQuestion?
    /// The answer to ``yesNoQuestion``: y is `true`; n and Esc are `false`.
    mutating func answer(_ yes: Bool, context: ScreenContext) -> [ScreenEffect]
    /// The columns the screen needs beside the event panel; the panel gets the rest (at least half
    /// the terminal goes to the screen).
    var bodyWidthBesidePanel: Int { get }
}

extension Screen {
    public func title(context: ScreenContext) -> String { title }

    public func model(context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel(screen: ScreenModel.id(fromTitle: title), title: title(context: context))
        shown.narration = narration(context: context)
        return shown
    }

    /// The screen's model as its question says it (``ScreenModel/from(_:screen:title:context:)``)
    /// with its narration, under `id`.
    public func questionModel(id: String, context: ScreenContext) -> ScreenModel {
        var shown = ScreenModel.from(question(context: context, asking: nil), screen: id, title: title(context: context), context: context)
        shown.narration = narration(context: context)
        return shown
    }

    public var isAnimating: Bool { false }

    public mutating func appear(context: ScreenContext) -> [ScreenEffect] { [] }

    public func stepBackLabel(context: ScreenContext) -> String? { nil }

    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] { [] }

    public func discardQuestion(context: ScreenContext) -> String? { nil }

    public var focusedText: EditableText? { nil }

    public var isBusy: Bool { false }

    public func helpLines(context: ScreenContext) -> [KeyHint] { keyMap(context: context).helpLines }

    public var editsText: Bool { focusedText != nil }

    public func helpAbout(context: ScreenContext) -> HelpScreen.About? { nil }

    public var wantsEventPanel: Bool { false }

    /// A screen without a question of its own is asked from its model, as every screen of its
    /// kind is (``ScreenModel/question(context:)``).
    public func question(context: ScreenContext, asking part: String?) -> ScreenQuestion? {
        var shown = model(context: context)
        if shown.actions.isEmpty { shown.actions = ScreenModel.actions(keyMap(context: context)) }
        return shown.question(context: context)
    }

    public func narration(context: ScreenContext) -> [Narration] { [] }

    public func leavingQuestion(context: ScreenContext) -> String? { discardQuestion(context: context) }

    public func yesNoQuestion(context: ScreenContext) -> YesNoQuestion? { nil }

    public mutating func answer(_ yes: Bool, context: ScreenContext) -> [ScreenEffect] { [] }

    public var bodyWidthBesidePanel: Int { 80 }

    /// Looks `key` up in the binding table and performs its action, or passes it on as typing.
    public mutating func handle(_ key: Key, context: ScreenContext) -> [ScreenEffect] {
        if let action = keyMap(context: context).action(for: key) {
            return perform(action, context: context)
        }
        return receive(.key(key), context: context)
    }

    /// Whether the current binding table has an action for `key`.
    public func binds(_ key: Key, context: ScreenContext) -> Bool {
        keyMap(context: context).action(for: key) != nil
    }

    /// The hints of the current binding table.
    public func hints(context: ScreenContext) -> [KeyHint] {
        keyMap(context: context).hints
    }
}

extension Screen {
    /// Every key of the current binding table with what it does, as a model's actions.
    public func actions(context: ScreenContext) -> [ScreenModel.Action] { ScreenModel.actions(keyMap(context: context)) }
}
