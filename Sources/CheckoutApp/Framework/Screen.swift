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
    public var settings: CheckoutSettings { didSet { session = settings.session } }
    /// The session the settings describe: made when the settings change, not at each look (a
    /// frame looks some thirty times, and each made it afresh from the settings).
    public private(set) var session: ClientSession
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
    /// How much of its model a screen is asked to make (``ScreenModel/Detail``).
    public var modelDetail: ScreenModel.Detail = .whole

    /// The area a screen draws into at the terminal's size (between the title bar and the footer).
    public var area: Rect { Rect(top: 1, left: 0, width: size.width, height: max(0, size.height - 2)) }

    public init(catalogue: NetworkCatalogue, settings: CheckoutSettings, defaults: CheckoutSettings? = nil, settingsNote: StatusNote? = nil,
                eventLog: EventLog = EventLog(), animationFrame: Int = 0, glyphs: GlyphSet = .unicode,
                size: TerminalSize = TerminalSize(width: 80, height: 24), localizer: Localizer = Bundled.english,
                savesSettings: Bool = false) {
        self.catalogue = catalogue
        self.settings = settings
        session = settings.session
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
///    (one ``ScreenInput/paste(_:)`` per paste), engine events and animation ticks. A screen that
///    can be clicked declares `Click`, registers targets of that type while rendering, and gets
///    them back in ``click(_:column:context:)``.
/// 4. ``render(into:area:context:)`` draws into the area between the title bar and the footer.
///    Show focus with ``CellStyle/focus`` and the left bar of ``GlyphSet/focusBar``, never by moving
///    the layout; take every symbol from `context.glyphs` so the screen reads in ASCII too.
/// 5. Esc is not in the table: ``AppModel`` applies one rule to every screen. A wizard says how it
///    steps back in its model's ``ScreenModel/stepBack`` and does it in ``respond(to:context:)``
///    (``ScreenEvent/stepBack``); a screen holding what the user entered names it in its model's
///    ``ScreenModel/discard`` and the app asks before leaving.
/// 7. Say what it shows in ``model(context:)`` (plain mode and `checkout drive` ask and print it),
///    and what the app polls in ``frame``.
/// 6. Register it: give it a ``Route`` and a factory in ``ScreenRegistry/standard`` (or, like the
///    Nol screens, ``ScreenRegistry/register(_:_:)`` it), then it opens from the home menu and from
///    `checkout <route words>` on the command line.
///
/// Tests drive a screen with ``AppModel`` or by calling `perform`/`receive` directly, and snapshot
/// `canvas.text`.
public protocol Screen: Sendable {
    associatedtype Action: Sendable
    /// What the screen calls the click targets it registers while rendering
    /// (``Canvas/addTarget(_:_:)``); `Never` for a screen nothing on which is clicked.
    associatedtype Click: Hashable & Sendable = Never
    /// What the app must know of the screen at any moment without a context, cheaply (it is
    /// asked on every turn of the loop): its English title, whether it animates or waits, the text
    /// field the caret is in, and how it sits beside the event panel (``ScreenFrame``).
    var frame: ScreenFrame { get }
    /// ``ScreenFrame/isAnimating``, ``ScreenFrame/isBusy`` and ``ScreenFrame/focusedText`` alone
    /// (by default read from ``frame``): the loop asks them several times a turn, and a screen
    /// whose frame copies a text field answers them for less.
    var isAnimating: Bool { get }
    var isBusy: Bool { get }
    var focusedText: EditableText? { get }
    /// What the screen shows, as a value (``ScreenModel``): its title in the context's language,
    /// fields, choices, tables, narration, what Esc does inside it, the question before leaving
    /// loses what was entered, its yes/no question, its F1 help, and the words a conversation asks
    /// with. What plain mode and `checkout drive` lay out without knowing the screen by name, and
    /// what the app's frame (title bar, footer, help) reads.
    func model(context: ScreenContext) -> ScreenModel
    /// The binding table for the current state.
    func keyMap(context: ScreenContext) -> KeyMap<Action>
    /// Does what a bound key asks.
    mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect]
    /// Handles everything the binding table did not claim.
    mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect]
    /// Handles a click on one of its targets: the target and the clicked column counted from
    /// the target's left edge. Nothing to do for a screen whose `Click` is `Never`.
    mutating func click(_ target: Click, column: Int, context: ScreenContext) -> [ScreenEffect]
    /// Handles what the app does to it (``ScreenEvent``): it comes on, Esc steps back inside it
    /// (only while its model's ``ScreenModel/stepBack`` is not `nil`), its yes/no question is
    /// answered. Nothing by default.
    mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect]
    /// Draws the screen's body into `area`.
    func render(into canvas: inout Canvas, area: Rect, context: ScreenContext)
}

/// What the app must know of a screen without a context (``Screen/frame``).
public struct ScreenFrame: Sendable {
    /// The title bar text, in English (the model's id by default, and the tests use it).
    public var title: String
    /// True while the screen wants ``ScreenInput/tick`` inputs (a spinner); no timer runs otherwise.
    public var isAnimating: Bool
    /// True while the screen waits for an answer it must show (a payment, a Transit call): Esc
    /// then does nothing, so a result is never lost by leaving early.
    public var isBusy: Bool
    /// The text field the caret is in, if any: what a front end edits and the checks look at.
    public var focusedText: EditableText?
    /// Whether the screen has text fields, so that the F1 help lists the editing keys.
    public var editsText: Bool
    /// Whether the screen shows the event panel beside it where the terminal is wide enough (the
    /// card form and the Nol wizards, whose events are worth watching as they come).
    public var wantsEventPanel: Bool
    /// The columns the screen needs beside the event panel; the panel gets the rest (at least half
    /// the terminal goes to the screen).
    public var bodyWidthBesidePanel: Int

    public init(title: String, isAnimating: Bool = false, isBusy: Bool = false, focusedText: EditableText? = nil, editsText: Bool? = nil,
                wantsEventPanel: Bool = false, bodyWidthBesidePanel: Int = 80) {
        self.title = title
        self.isAnimating = isAnimating
        self.isBusy = isBusy
        self.focusedText = focusedText
        self.editsText = editsText ?? (focusedText != nil)
        self.wantsEventPanel = wantsEventPanel
        self.bodyWidthBesidePanel = bodyWidthBesidePanel
    }
}

/// What the app does to a screen (``Screen/respond(to:context:)``).
public enum ScreenEvent: Sendable, Equatable {
    /// The screen comes on (pushed, replacing another, or first); the card form resets the
    /// engine's raw data here.
    case appear
    /// Esc inside the screen: one step back (a wizard's previous step, a file name given up).
    case stepBack
    /// The answer to the model's ``ScreenModel/yesNo``: y is `true`; n and Esc are `false`.
    case answer(Bool)
}

/// The screen's frame and model as the app reads them, by the names it reads them with.
extension Screen {
    /// Nothing: what a screen without click targets (its `Click` is `Never`) does on a click.
    public mutating func click(_ target: Click, column: Int, context: ScreenContext) -> [ScreenEffect] { [] }

    public mutating func respond(to event: ScreenEvent, context: ScreenContext) -> [ScreenEffect] { [] }

    public func model(context: ScreenContext) -> ScreenModel {
        ScreenModel(screen: ScreenModel.id(fromTitle: frame.title), title: frame.title)
    }

    public var title: String { frame.title }
    /// The title bar text in the context's language.
    public func title(context: ScreenContext) -> String { model(context: context).title }
    public var isAnimating: Bool { frame.isAnimating }
    public var isBusy: Bool { frame.isBusy }
    public var focusedText: EditableText? { frame.focusedText }
    public var editsText: Bool { frame.editsText }
    public var wantsEventPanel: Bool { frame.wantsEventPanel }
    public var bodyWidthBesidePanel: Int { frame.bodyWidthBesidePanel }

    /// What Esc does inside the screen before it leaves it ("previous step", "change number"), or
    /// `nil` when Esc leaves it.
    public func stepBackLabel(context: ScreenContext) -> String? { model(context: context).stepBack }
    /// The question to ask before leaving would throw away what the user entered ("Discard this card?").
    public func discardQuestion(context: ScreenContext) -> String? { model(context: context).discard }
    /// The yes/no question the screen asks before it goes on (a held Pay), if any.
    public func yesNoQuestion(context: ScreenContext) -> YesNoQuestion? { model(context: context).yesNo }
    /// The F1 help's lines for the screen's own keys: the model's, or the current binding table's.
    public func helpLines(context: ScreenContext) -> [KeyHint] { model(context: context).keyHelp ?? keyMap(context: context).helpLines }
    /// What the F1 help says about the screen before its keys (the card form: the order).
    public func helpAbout(context: ScreenContext) -> HelpScreen.About? { model(context: context).helpAbout }

    public mutating func appear(context: ScreenContext) -> [ScreenEffect] { respond(to: .appear, context: context) }
    public mutating func stepBack(context: ScreenContext) -> [ScreenEffect] { respond(to: .stepBack, context: context) }
    public mutating func answer(_ yes: Bool, context: ScreenContext) -> [ScreenEffect] { respond(to: .answer(yes), context: context) }

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
