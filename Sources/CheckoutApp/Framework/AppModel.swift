import CheckoutCore
import CheckoutEngine
import FoundationEssentials
import NolPay

/// Work the app model asks its runtime to do: talk to the engine or leave.
public enum AppCommand: Sendable, Equatable {
    case setRawData(CardData)
    /// Validate and pay the total shown: only ever the answer to Pay pressed on a visible card form.
    case submit(expectedTotal: Int?)
    /// Settings were saved: the engine is rebuilt from them and, once it is, the values changed
    /// in Settings are written for the next start (``AppModel/settingsSaved(_:)`` says how that went).
    case rebuildEngine(CheckoutSettings, saving: SavedSettings)
    /// Keep a text (a receipt): the runtime writes it and says how that went with ``AppModel/exported(_:)``.
    case export(String, ExportDestination)
    case quit(Int32)
    /// Ask the Nol system: the runtime makes the call and hands its answer back with
    /// ``AppModel/receive(_:for:)``, to the screen that asked.
    case transit(TransitRequest)

    /// The Transit call this command asks for, if it is one.
    public var transitRequest: TransitRequest? {
        if case .transit(let request) = self { return request }
        return nil
    }
}

/// A terminal size in cells.
public struct TerminalSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// The whole terminal UI as a value: a stack of screens, the settings, the engine's event log, the
/// terminal's size.
///
/// The ncurses runtime feeds it keys, pastes, resizes, engine events and ticks and draws what
/// ``render()`` returns; tests, and any other front end or input source, do the same without a
/// terminal. Rules that hold on every screen live here, once:
///
/// - **Keys act only on what is visible.** While the terminal is smaller than
///   ``minimumWidth`` x ``minimumHeight`` the screen says so and no key or paste reaches a screen
///   (Ctrl-C is a signal the runtime handles, so it still quits).
/// - **Esc is one step back.** A wizard goes to its previous step; on a first step the screen is
///   left (back to the screen underneath, or quitting at the top level); leaving a screen that
///   holds entered data asks first ("Discard this card? y/n").
/// - F1 (help) and F2 (the full event log, with its filter and detail) work on every screen, and
///   so do their plain alternatives, for terminals that keep the function keys (GNOME Terminal,
///   VS Code, multiplexers): `?` where no text field has the caret, and Alt-E; one binding table
///   (``globalKeyMap``) handles them and names them in the footer and the help. At
///   ``eventPanelMinimumWidth`` columns and wider, a screen that asks for it (the card form, the
///   Nol wizards) has the log's newest lines beside it (the event panel), in the columns the
///   screen leaves (``Screen/bodyWidthBesidePanel``); `p` in the full log hides or shows it.
/// - **A screen's question** (``Screen/yesNoQuestion(context:)``) is asked like the app's own, over the screen:
///   y answers yes, n or Esc no, other keys wait.
/// - **Events are stamped** with the time since the first keystroke, read from the injected
///   ``EventClock`` as each event arrives.
/// - **A click acts on what was drawn under it.** Screens register click targets as they render;
///   a click is looked up in the frame on show and handed to the top screen as its own
///   ``Screen/Click`` (``Screen/click(_:column:context:)``); the wheel goes to the top screen as ``ScreenInput/scroll(_:)``.
///   While a question is asked only its answers can be clicked.
public struct AppModel: Sendable {
    /// Below this size the app shows what size it needs instead of a squeezed screen.
    public static let minimumWidth = 50
    public static let minimumHeight = 17

    public private(set) var stack: [any Screen] = [] { didSet { revision = .new() } }
    /// Names the state of ``stack`` and ``context``: the top screen's model is made once for each (``topModel``).
    private var revision = ModelRevision.new()
    private let models = Memo<ModelRevision.Made, ScreenModel>()
    /// A number for each screen of the stack, new whenever a screen is put in: a front end that
    /// follows a screen's narration knows a new screen from the one it was following.
    public private(set) var serials: [Int] = []
    private var lastSerial = 0
    /// The Settings screen that saved settings the engine is being rebuilt from, and whether a
    /// route's screen took its place (it was the only one): it comes back if the rebuild fails.
    private var settingsLeft: (index: Int, replaced: Bool)?
    public private(set) var context: ScreenContext { didSet { revision = .new() } }
    /// The screens of each route; the loop puts in the ones that need the ledger once it is open
    /// (``AppLoop/useRegistry(_:)``).
    public internal(set) var registry: ScreenRegistry
    /// The terminal's size as last reported by ``resize(width:height:)``.
    public private(set) var size: TerminalSize
    /// The question on screen before a screen holding entered data is left, until it is answered.
    public private(set) var confirmation: Confirmation?
    /// What the screens asked of the runtime (the engine, the Nol system, the files) and it has not
    /// taken yet: the one way out of the app.
    private var pendingCommands: [AppCommand] = []
    /// The Transit calls sent out (as ``AppCommand/transit(_:)``) whose answers have not come back,
    /// oldest first: what ``settleTransit()`` answers when no runtime makes the calls (tests).
    public private(set) var awaitedTransit: [TransitRequest] = []
    /// How many Transit calls the screens have asked for so far: every one answers a key pressed.
    public private(set) var transitCallsMade = 0
    /// Where event times come from, and the time screens measure holds and countdowns by.
    public let clock: EventClock
    /// The wall clock: today's date for the checks that depend on the month (an expiry date complete
    /// and valid), and the time a receipt says; read into ``ScreenContext/today`` for each input.
    public let wallClock: @Sendable () -> Date
    /// When the first key or paste was taken, on ``clock``; events are timed from it.
    public private(set) var firstKeystroke: Duration?
    /// True once `p` in the event log has hidden the event panel (it is shown by default where there is room).
    public internal(set) var eventPanelHidden = false {
        didSet { context.eventPanelHidden = eventPanelHidden }
    }
    /// Who orders right-to-left text on the terminal shown: the canvas, or a terminal that does its
    /// own bidi and cannot be told not to (``TerminalBidi/textOrder``).
    public var textOrder: Canvas.TextOrder = .visual
    /// The event the panel shows highlighted, by sequence number (what a demo caption talks about).
    public var highlightedEvent: Int?
    /// A demo's caption and keys, shown over the screen while a demo plays (``DemoOverlay``).
    public var demo: DemoOverlay?

    /// The event panel needs this many columns: the form keeps its 80 and the panel gets the rest.
    public static let eventPanelMinimumWidth = 120

    /// A yes/no question the app asks over the screen on top.
    public struct Confirmation: Sendable, Equatable {
        /// "Discard this card?"
        public var question: String
        /// The screen that is left on yes.
        var index: Int
    }

    /// What the keys of every screen do.
    public enum GlobalAction: Sendable { case help, events }

    /// The keys that work on every screen, listed after each screen's own in the footer and the
    /// help: F1 and F2, and their plain alternatives, since terminals often keep the function keys
    /// for themselves. `?` opens the help only where no text field has the caret (there it is
    /// typed); Alt-E works everywhere, as no field takes it.
    public func globalKeyMap() -> KeyMap<GlobalAction> {
        Self.globalKeyMap(typing: top?.focusedText != nil, localizer: context.localizer)
    }

    static func globalKeyMap(typing: Bool, localizer: Localizer = Bundled.english) -> KeyMap<GlobalAction> {
        // Made once for what it is made from (asked at every key and every frame): the sentences
        // compare as the catalogues' storage when it is the same.
        globalKeyMaps.value(for: GlobalKeysKey(typing: typing, localizer: localizer)) { makeGlobalKeyMap(typing: typing, localizer: localizer) }
    }

    private struct GlobalKeysKey: Equatable, Sendable {
        var typing: Bool
        var localizer: Localizer
    }

    private static let globalKeyMaps = Memo<GlobalKeysKey, KeyMap<GlobalAction>>()

    private static func makeGlobalKeyMap(typing: Bool, localizer: Localizer) -> KeyMap<GlobalAction> {
        KeyMap([
            KeyBinding(typing ? [.function(1)] : [.function(1), .character("?")], localizer.text(.frameKeyHelp), .help,
                       explain: localizer.text(.frameKeyHelpExplain)),
            KeyBinding([.function(2), .alt(.character("e"))], localizer.text(.frameKeyEvents), .events, explain: localizer.text(.frameKeyEventsExplain)),
        ])
    }

    /// Ctrl-C is the terminal's interrupt, which the runtime turns into quitting: listed, not bound.
    public static func quitHint(_ localizer: Localizer = Bundled.english) -> KeyHint {
        KeyHint(keys: "ctrl+c", help: localizer.text(.frameQuitAnywhere), showsInFooter: false)
    }

    /// The global keys as the footer shows them (Ctrl-C is in the help only).
    public var globalHints: [KeyHint] { globalKeyMap().hints }

    /// The global keys as the F1 help explains them.
    public static func globalHelp(_ localizer: Localizer = Bundled.english) -> [KeyHint] {
        globalKeyMap(typing: false, localizer: localizer).helpLines + [quitHint(localizer)]
    }

    /// The rule Esc follows on every screen, as the help states it.
    public static func escapeRule(_ localizer: Localizer = Bundled.english) -> String { localizer.text(.frameEscapeRule) }

    public init(route: Route, catalogue: NetworkCatalogue, settings: CheckoutSettings, registry: ScreenRegistry = .standard,
                glyphs: GlyphSet = .unicode, size: TerminalSize = TerminalSize(width: 80, height: 24), defaults: CheckoutSettings? = nil,
                settingsNote: StatusNote? = nil, clock: EventClock = .stopped, wallClock: @escaping @Sendable () -> Date = { Date() },
                savesSettings: Bool = false) {
        self.registry = registry
        self.size = size
        self.clock = clock
        self.wallClock = wallClock
        context = ScreenContext(catalogue: catalogue, settings: settings, defaults: defaults, settingsNote: settingsNote, glyphs: glyphs,
                                size: size, savesSettings: savesSettings)
        context.now = clock.now()
        context.today = wallClock()
        context.speakSettingsLanguage()
        context.hasHomeMenu = route == .home
        push(registry.makeScreen(route, context: context))
    }

    /// Reads the clocks for the input about to be handled.
    private mutating func readClocks() {
        context.now = clock.now()
        context.today = wallClock()
    }

    /// The question on show, the app's or the top screen's.
    public var yesNoQuestion: YesNoQuestion? { yesNoQuestion(over: topModel(.frame)) }

    /// The model of the screen on top, made once for the app's state (``ModelRevision``).
    public var topModel: ScreenModel? { topModel(.whole) }

    /// The top screen's model with as much as `detail` asks for: the frame and the keys read
    /// ``ScreenModel/Detail/frame``.
    func topModel(_ detail: ScreenModel.Detail) -> ScreenModel? {
        guard let top else { return nil }
        let asked = ModelRevision.Made(revision: revision, detail: detail)
        return models.value(for: asked, keptServes: { $0.serves(asked) }) {
            var context = context
            context.modelDetail = detail
            return top.model(context: context)
        }
    }

    /// The question on show over `shown`, the top screen's model already made.
    func yesNoQuestion(over shown: @autoclosure () -> ScreenModel?) -> YesNoQuestion? {
        if let confirmation {
            return YesNoQuestion(confirmation.question, yes: context.localizer.text(.frameDiscardYes), no: context.localizer.text(.frameDiscardNo))
        }
        return shown()?.yesNo
    }

    /// The screen on top.
    public var top: (any Screen)? { stack.last }

    /// The serial of the screen on top (see ``serials``).
    public var topSerial: Int? { serials.last }

    /// Whether any screen wants animation ticks right now.
    public var isAnimating: Bool { stack.contains { $0.isAnimating } }

    /// True while the terminal is too small to show a screen: keys and pastes are then dropped.
    public var isTooSmall: Bool { size.width < Self.minimumWidth || size.height < Self.minimumHeight }

    /// The one gate every input a person makes (a key, a paste, and any input source added later)
    /// passes: nothing acts on a screen that is not shown.
    public var takesUserInput: Bool { !stack.isEmpty && !isTooSmall }

    /// Takes the terminal's new size.
    public mutating func resize(width: Int, height: Int) {
        size = TerminalSize(width: max(0, width), height: max(0, height))
        context.size = size
    }

    /// The columns of the event panel at the current size on the screen on top; 0 when it is not shown.
    public var eventPanelWidth: Int { isTooSmall ? 0 : eventPanelWidth(forWidth: size.width) }

    func eventPanelWidth(forWidth width: Int) -> Int {
        guard width >= Self.eventPanelMinimumWidth, !eventPanelHidden, let top, top.wantsEventPanel else { return 0 }
        return width - max(top.bodyWidthBesidePanel, width / 2)
    }

    /// Time since the first keystroke; `nil` before it.
    private var elapsed: Duration? { firstKeystroke.map { clock.now() - $0 } }

    private mutating func noteKeystroke() {
        if firstKeystroke == nil { firstKeystroke = clock.now() }
    }

    /// Handles one key; returns what the runtime must do.
    public mutating func press(_ key: Key) -> [AppCommand] {
        guard takesUserInput else { return [] }
        let key = visualKey(key)
        // The question on show is the one the key answers: asked of the model the frame was drawn
        // from, before the clocks are read for the key.
        let asked = topModel(.frame)?.yesNo != nil
        readClocks()
        noteKeystroke()
        context.exportNote = nil
        if let confirmation {
            answer(confirmation, key)
            return drainCommands()
        }
        if asked {
            answerScreenQuestion(key)
            return drainCommands()
        }
        if let action = globalKeyMap().action(for: key) {
            perform(action)
            return drainCommands()
        }
        switch key {
        case .escape:
            stepBack()
        case EditableText.yankKey where !stack[stack.count - 1].binds(key, context: context):
            // Ctrl-Y yanks the focused field's last kill through the screen's own paste, so that
            // it takes only what the field may hold, up to its length.
            guard let killed = top?.focusedText?.killed, !killed.isEmpty else { break }
            return deliverToTop(.paste(killed))
        default:
            let index = stack.count - 1
            let effects = stack[index].handle(key, context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    /// ← and → as they point on a mirrored screen: right to left, the chooser's next network and a
    /// stepper's increase are on the left, so ← moves to them. Where a text field has the caret the
    /// arrows move it through its (left-to-right) text, and keep their meaning.
    ///
    /// The one rule for right to left (issue 31), for vertical lists and horizontal choices alike:
    /// ← goes toward the end (the next item, the next network, more) and → toward the start, as the
    /// layout is mirrored; ↑ and ↓ keep theirs. The footer and F1 name the keys as pressed
    /// (``pressedArrows(_:)``), and F1 states the rule (`helpMirroredArrows`).
    func visualKey(_ key: Key) -> Key {
        guard mirrorsArrows else { return key }
        switch key {
        case .left: return .right
        case .right: return .left
        default: return key
        }
    }

    /// Whether ← and → are swapped now: a right-to-left language, no text field with the caret.
    var mirrorsArrows: Bool { context.localizer.language.direction == .rightToLeft && top?.focusedText == nil }

    /// Hints with ← and → named as the person presses them: a binding for → is reached with ← on a
    /// mirrored screen (``visualKey(_:)``), so its hint says ←.
    func pressedArrows(_ hints: [KeyHint]) -> [KeyHint] {
        guard mirrorsArrows else { return hints }
        return hints.map { hint in
            var hint = hint
            hint.keys = String(hint.keys.map { $0 == "←" ? "→" : $0 == "→" ? "←" : $0 })
            return hint
        }
    }

    /// Does what a global key asks: the help or the full event log, opened, or closed when on show.
    private mutating func perform(_ action: GlobalAction) {
        switch action {
        case .help:
            if stack.last is HelpScreen { apply([.pop], from: stack.count - 1) } else if let top {
                let index = stack.count - 1
                let escape = escapeLabel(at: index).map { [KeyHint(keys: "esc", help: $0)] } ?? []
                let mirrored = mirrorsArrows ? [KeyHint(keys: "← →", help: context.localizer.text(.helpMirroredArrows))] : []
                push(HelpScreen(screenTitle: top.title(context: context),
                                hints: KeyHint.merged(pressedArrows(top.helpLines(context: context)) + escape + Self.globalHelp(context.localizer)) + mirrored,
                                editingKeys: top.editsText, about: top.helpAbout(context: context)))
            }
        case .events:
            // The full log, beside the panel too: its filter and detail are a key away on every screen.
            if stack.last is EventLogScreen {
                apply([.pop], from: stack.count - 1)
            } else {
                push(EventLogScreen())
            }
        }
    }

    /// y answers the top screen's question yes; n or Esc no; other keys wait for an answer.
    private mutating func answerScreenQuestion(_ key: Key) {
        let yes: Bool
        switch key {
        case .character("y"), .character("Y"): yes = true
        case .character("n"), .character("N"), .escape: yes = false
        default: return
        }
        let index = stack.count - 1
        apply(stack[index].answer(yes, context: context), from: index)
    }

    /// Handles a mouse event: a press of the left button acts on the click target under it, the
    /// wheel scrolls the top screen; a release does nothing. Gated like keys.
    public mutating func mouse(_ event: MouseEvent) -> [AppCommand] {
        guard takesUserInput else { return [] }
        readClocks()
        switch event.kind {
        case .press:
            guard let target = render().target(row: event.row, column: event.column) else { return [] }
            if let confirmation {
                if let answer = target.id as? Answer { self.answer(confirmation, answer == .yes ? .character("y") : .character("n")) }
                return drainCommands()
            }
            if topModel(.frame)?.yesNo != nil {
                if let answer = target.id as? Answer { answerScreenQuestion(answer == .yes ? .character("y") : .character("n")) }
                return drainCommands()
            }
            if let key = target.id as? HintKey { return press(key.key) }
            if let line = target.id as? EventPanel.LineTarget {
                noteKeystroke()
                push(EventLogScreen(opening: line.sequence))
                return drainCommands()
            }
            guard !stack.isEmpty else { return [] }
            let index = stack.count - 1
            apply(stack[index].click(on: target.id, column: event.column - target.rect.left, context: context), from: index)
            return drainCommands()
        case .wheelUp, .wheelDown:
            guard yesNoQuestion == nil else { return [] }
            return deliverToTop(.scroll(event.kind == .wheelUp ? -1 : 1))
        case .release:
            return []
        }
    }

    /// The click targets of the question's answers.
    enum Answer: Hashable, Sendable { case yes, no }

    /// The click target of a footer hint: a click presses its key.
    struct HintKey: Hashable, Sendable { var key: Key }

    /// Hands pasted text to the top screen as one input.
    public mutating func paste(_ text: String) -> [AppCommand] {
        guard takesUserInput, yesNoQuestion == nil else { return [] }
        readClocks()
        noteKeystroke()
        return deliverToTop(.paste(text))
    }

    /// Logs an engine event and hands it to every screen (a form under the help screen keeps up).
    public mutating func receive(_ event: CheckoutEvent) -> [AppCommand] {
        readClocks()
        context.eventLog.append(event, at: elapsed)
        for index in stack.indices.reversed() where index < stack.count {
            let effects = stack[index].receive(.engine(event), context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    /// Hands a Transit call's answer to the screen that asked for it (by ``TransitRequest/serial``);
    /// a screen since closed gets nothing.
    public mutating func receive(_ answer: NolTransitAnswer, for serial: Int) -> [AppCommand] {
        readClocks()
        if let awaited = awaitedTransit.firstIndex(where: { $0.serial == serial }) { awaitedTransit.remove(at: awaited) }
        if let index = serials.firstIndex(of: serial) {
            apply(stack[index].receive(.transit(answer), context: context), from: index)
        }
        return drainCommands()
    }

    /// Advances animations by one frame.
    public mutating func tick() -> [AppCommand] {
        readClocks()
        context.animationFrame += 1
        for index in stack.indices.reversed() where index < stack.count && stack[index].isAnimating {
            let effects = stack[index].receive(.tick, context: context)
            apply(effects, from: index)
        }
        return drainCommands()
    }

    /// The hints of the screen at `index`: its binding table's, then what Esc does there.
    public func hints(at index: Int) -> [KeyHint] { hints(at: index, model: nil) }

    /// ``hints(at:)`` with the screen's model already made, if it is.
    func hints(at index: Int, model shown: ScreenModel?) -> [KeyHint] {
        guard stack.indices.contains(index) else { return [] }
        let own = index == stack.count - 1 ? pressedArrows(stack[index].hints(context: context)) : stack[index].hints(context: context)
        guard let label = escapeLabel(at: index, model: shown) else { return own }
        // The same list while the screen's hints and Esc's label stay (its table's, kept from frame
        // to frame): the footer's kept row then knows it by the list's identity, not by comparing
        // every hint's words at every key.
        return Self.hintsWithEscape.value(for: HintsWithEscape(own: own, escape: label)) {
            own + [KeyHint(keys: "esc", help: label, key: .escape)]
        }
    }

    private struct HintsWithEscape: Equatable, Sendable {
        var own: [KeyHint]
        var escape: String
    }

    private static let hintsWithEscape = Memo<HintsWithEscape, [KeyHint]>()

    /// What Esc does on the screen at `index`, in a word or two; `nil` while the screen waits for
    /// an answer it must show (a payment in flight), when Esc does nothing.
    func escapeLabel(at index: Int, model shown: ScreenModel? = nil) -> String? {
        if stack[index].isBusy { return nil }
        if let label = (shown ?? (index == stack.count - 1 ? topModel(.frame) : nil) ?? stack[index].model(context: context)).stepBack { return label }
        return context.localizer.text(index == 0 ? .frameQuit : .frameBack)
    }

    private mutating func stepBack() {
        let index = stack.count - 1
        if stack[index].isBusy { return }
        if stack[index].stepBackLabel(context: context) != nil {
            apply(stack[index].stepBack(context: context), from: index)
        } else if let question = stack[index].discardQuestion(context: context) {
            confirmation = Confirmation(question: question, index: index)
        } else {
            apply([.pop], from: index)
        }
    }

    /// Yes leaves the screen the question is about; no or Esc stays; other keys wait for an answer.
    private mutating func answer(_ question: Confirmation, _ key: Key) {
        switch key {
        case .character("y"), .character("Y"):
            confirmation = nil
            apply([.pop], from: question.index)
        case .character("n"), .character("N"), .escape:
            confirmation = nil
        default:
            break
        }
    }

    /// The keys a question takes, for its footer.
    static func questionHints(_ question: YesNoQuestion) -> [KeyHint] {
        [KeyHint(keys: "y", help: question.yes, key: .character("y")), KeyHint(keys: "n/esc", help: question.no, key: .character("n"))]
    }

    private mutating func deliverToTop(_ input: ScreenInput) -> [AppCommand] {
        guard !stack.isEmpty else { return [] }
        let index = stack.count - 1
        apply(stack[index].receive(input, context: context), from: index)
        return drainCommands()
    }

    /// Says on screen that the engine could not be built from `failed` settings, and why: Settings
    /// shows those settings and the reason, while `running` (the engine still in use) become the
    /// app's settings again. Enter there tries again; Esc keeps the running settings, asking first.
    ///
    /// The Settings screen that saved them comes back where it was (in place of the home menu it
    /// opened when it was the only screen); a Settings screen on top shows the reason itself;
    /// otherwise Settings opens over the screen on top.
    public mutating func engineRebuildFailed(_ failed: CheckoutSettings, keeping running: CheckoutSettings, reason: String) {
        context.settings = running
        context.speakSettingsLanguage()
        var settings = SettingsScreen(settings: failed, catalogue: context.catalogue, defaults: context.defaults, original: running)
        settings.error = context.localizer.text(.frameSettingsNotApplied, reason)
        let left = settingsLeft
        settingsLeft = nil
        if let left, left.replaced, !stack.isEmpty {
            put(settings, at: 0)
        } else if left == nil, let index = stack.indices.last, stack[index] is SettingsScreen {
            put(settings, at: index)
        } else {
            push(settings)
        }
    }

    /// Goes to the home menu: back to it, or opened in place of the screen on top when there is
    /// nothing underneath (a line-by-line front end's "Home").
    public mutating func goHome() {
        guard takesUserInput, confirmation == nil else { return }
        apply([.back(orOpen: .home)], from: stack.count - 1)
    }

    /// Says how writing the saved settings went: "Saved to …", or why not (they still apply to
    /// this run). The home menu and Settings show it.
    public mutating func settingsSaved(_ note: StatusNote) {
        settingsLeft = nil
        context.settingsNote = note
        settingsNotes += 1
    }

    /// How many times ``settingsSaved(_:)`` has said something: a front end that prints each note
    /// once tells a new one from the last, even when it reads the same.
    public private(set) var settingsNotes = 0

    /// Says how keeping a text went ("Saved to …", "Copied…", or why not); the screen that asked shows it.
    public mutating func exported(_ note: StatusNote) {
        context.exportNote = note
    }

    /// Commands produced outside an input (the first screen's appearance); the runtime takes them once at start.
    public mutating func takeCommands() -> [AppCommand] { drainCommands() }

    private mutating func drainCommands() -> [AppCommand] {
        defer { pendingCommands = [] }
        return pendingCommands
    }

    private mutating func push(_ screen: any Screen) {
        stack.append(screen)
        lastSerial += 1
        serials.append(lastSerial)
        let index = stack.count - 1
        apply(stack[index].appear(context: context), from: index)
    }

    /// Puts `screen` in place of the one at `index`, as new.
    private mutating func put(_ screen: any Screen, at index: Int) {
        stack[index] = screen
        lastSerial += 1
        serials[index] = lastSerial
        apply(stack[index].appear(context: context), from: index)
    }

    private mutating func apply(_ effects: [ScreenEffect], from index: Int) {
        for effect in effects {
            switch effect {
            case .open(let route):
                push(registry.makeScreen(route, context: context))
            case .replace(let screen):
                guard index < stack.count else { continue }
                // A question about leaving a screen that has since become another is no longer asked.
                if confirmation?.index == index { confirmation = nil }
                put(screen, at: index)
            case .pop:
                guard index < stack.count else { continue }
                stack.removeSubrange(index...)
                serials.removeSubrange(index...)
                if let question = confirmation, question.index >= stack.count { confirmation = nil }
                if stack.isEmpty { pendingCommands.append(.quit(0)) }
            case .back(let route):
                guard index < stack.count else { continue }
                if let question = confirmation, question.index >= index { confirmation = nil }
                if settingsLeft?.index == index { settingsLeft?.replaced = index == 0 }
                if index == 0 {
                    guard let route else { continue }
                    put(registry.makeScreen(route, context: context), at: index)
                } else {
                    stack.removeSubrange(index...)
                    serials.removeSubrange(index...)
                }
            case .quit(let code):
                pendingCommands.append(.quit(code))
            case .setRawData(let data):
                pendingCommands.append(.setRawData(data))
            case .submit(let total):
                pendingCommands.append(.submit(expectedTotal: total))
            case .applySettings(let settings, let changes):
                context.settings = settings
                context.speakSettingsLanguage()
                settingsLeft = (index, false)
                pendingCommands.append(.rebuildEngine(settings, saving: changes))
            case .log(let name, let summary):
                context.eventLog.append(name: name, summary: summary, at: elapsed)
            case .export(let text, let destination):
                pendingCommands.append(.export(text, destination))
            case .toggleEventPanel:
                eventPanelHidden.toggle()
            case .readLedger(let request):
                // The app reads, the screen only asks: the page goes back to the screen that asked.
                guard index < stack.count else { continue }
                let page = LedgerPage.read(request, from: registry.ledger)
                apply(stack[index].receive(.ledger(page), context: context), from: index)
            case .readNol(let request):
                // As the ledger: the reader and the SMS inbox are read here, the answer goes back.
                guard index < stack.count, let nol = registry.nol else { continue }
                apply(stack[index].receive(.nol(nol.read(request)), context: context), from: index)
            case .transit(let call):
                guard index < serials.count else { continue }
                let request = TransitRequest(serial: serials[index], call: call)
                pendingCommands.append(.transit(request))
                awaitedTransit.append(request)
                transitCallsMade += 1
            }
        }
    }
}

/// A Transit call a screen asked for, with the serial of that screen (``AppModel/serials``), so
/// the answer goes back to it.
public struct TransitRequest: Sendable, Equatable {
    public var serial: Int
    public var call: NolTransitCall
}

extension AppModel {
    /// Makes the Transit calls sent out and not yet answered (``awaitedTransit``) on the registry's
    /// Nol system and hands each answer back, until none is awaited: the app driven without a loop
    /// (tests, which drop the commands) sees every answer, as the loop would deliver it.
    public mutating func settleTransit() async {
        guard let nol = registry.nol else { return }
        while let request = awaitedTransit.first {
            let answer = await nol.perform(request.call)
            _ = receive(answer, for: request.serial)
        }
    }
}

extension Screen {
    /// A click on a canvas target handed to the screen as its own ``Screen/Click``: the one place
    /// a target's id is cast; a target of another type is not the screen's and does nothing.
    fileprivate mutating func click(on id: any Hashable & Sendable, column: Int, context: ScreenContext) -> [ScreenEffect] {
        guard let click = id as? Click else { return [] }
        return self.click(click, column: column, context: context)
    }
}
