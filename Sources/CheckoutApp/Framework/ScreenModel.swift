import CheckoutCore
import CheckoutEngine

/// What a screen shows, as a value: its title, its fields, its choices, its tables, the actions its
/// keys take, what it has said so far, and its status line. A screen returns it from its state
/// (``Screen/model(context:)``); a front end lays it out without knowing the screen by name: the
/// terminal on its canvas, plain mode as questions, `checkout drive` as JSON Lines.
///
/// Values are as a person sees them, in the context's language and glyphs: money as the localizer
/// writes it, a card number masked outside its own field, a secret field (a CVV) never its text.
///
///     let shown = model.screenModel
///     shown.field("cardNumber")?.value   // "4000 0025 0000 1001"
public struct ScreenModel: Sendable, Equatable {
    /// The screen's id: `home`, `pay`, `result`, `payments`, `settings`, `help`, `events`,
    /// `nol.link`… stable across languages, for scripts to check which screen is up.
    public var screen: String
    /// The title bar, in the context's language.
    public var title: String
    public var fields: [Field] = []
    public var choices: [Choice] = []
    public var tables: [Table] = []
    /// The keys that do something here, as the footer and the help name them.
    public var actions: [Action] = []
    /// What the screen has learnt and said so far, oldest first ("BIN service: Visa.").
    public var narration: [Narration] = []
    /// The line under the screen: what is going on, or what went wrong.
    public var status: String?
    /// A payment's outcome, on the screen that shows one (the result).
    public var result: PaymentResult?
    /// True while the screen waits for an answer it must show (a lookup, a payment, a Nol call):
    /// nothing is asked until it comes.
    public var waiting = false
    /// The question asked before leaving loses what was entered, as a conversation asks it
    /// ("Leave this payment?"); `nil` when nothing would be lost.
    public var leaving: String?
    /// What to say when input ends on this screen, honestly ("Nothing was paid.").
    public var atEnd: String?
    /// What a screen with nothing to answer says and does, when it is not its title, tables and
    /// status, then Esc (``Notice``).
    public var notice: Notice?
    /// What Esc does inside the screen before it leaves it ("previous step", "change number"), or
    /// `nil` when the screen is on its first step and Esc leaves it.
    public var stepBack: String?
    /// The question to ask before leaving would throw away what the user entered ("Discard this
    /// card?"), in the context's language; `nil` when nothing would be lost.
    public var discard: String?
    /// A yes/no question the screen asks before it goes on (the card form: "Networks not known
    /// yet: pay €49.99 with Visa?"); the app shows it as it shows its own, plain mode asks it as a
    /// confirmation, and the answer goes back as ``ScreenEvent/answer(_:)``.
    public var yesNo: YesNoQuestion?
    /// The F1 help's lines for the screen's own keys when they are not the current binding
    /// table's (a screen whose table changes with the focus lists every state's).
    public var keyHelp: [KeyHint]?
    /// What the F1 help says about the screen before its keys, under a heading (the card form:
    /// the order being paid).
    public var helpAbout: HelpScreen.About?

    public init(screen: String, title: String) {
        self.screen = screen
        self.title = title
    }

    /// How much of a model is made. A screen that draws itself (the card form) makes only what
    /// the app's frame reads of it for ``frame``: the title, the question over it (``yesNo``),
    /// what Esc does (``stepBack``, ``discard``); everything else is for the front ends that lay
    /// the model out (plain mode, `checkout drive`), which ask for the ``whole`` of it. A key on the
    /// card form made its whole model for the frame: a third of the frame's instructions (issue 33).
    public enum Detail: Sendable, Equatable {
        case frame
        case whole
    }

    /// One field: a text to type or a value chosen, with what is said about it.
    public struct Field: Sendable, Equatable {
        /// Primer's input element names on the card form (`cardNumber`, `cardNetwork`,
        /// `expiryDate`, `cvv`, `cardholderName`); the screen's own names elsewhere.
        public var id: String
        public var label: String
        /// The value as the screen shows it; a secret field's is never its text (see ``secret``).
        public var value: String
        /// The placeholder or format shown while the field is empty (`MM/YY`).
        public var hint: String?
        /// What the screen says beside the field (the networks found, "digits only").
        public var notes: [String] = []
        /// The error on show for the field, if any.
        public var error: String?
        public var focused = false
        /// True when the field's text is never shown (a CVV, a one-time code): ``value`` is
        /// bullets, one per character, and ``length`` says how many.
        public var secret = false
        /// How many characters the field holds.
        public var length: Int
        /// How a front end that asks one thing at a time asks for it (``Spoken``).
        public var spoken = Spoken()
        /// How an answer is written back where typing is not shown.
        public var echo: Echo = .asTyped
        /// Typed with terminal echo off, where the terminal can (a secret field's, unless it says otherwise).
        public var hidesTyping = false
        /// The prompt and help a conversation uses instead while typing is kept off the screen.
        public var unseen: Unseen?
        /// How the value an empty answer keeps is shown (`•••• 1001`); the value itself when nil.
        public var keptAs: String?
        /// How an answer goes into the field (``Entry``).
        public var entry = Entry()

        public init(id: String, label: String, value: String, hint: String? = nil, notes: [String] = [], error: String? = nil,
                    focused: Bool = false, secret: Bool = false, length: Int? = nil) {
            self.id = id
            self.label = label
            self.value = value
            self.hint = hint
            self.notes = notes
            self.error = error
            self.focused = focused
            self.secret = secret
            self.length = length ?? value.count
            self.echo = secret ? .secret : .asTyped
            self.hidesTyping = secret
        }

        /// A secret field: its text shown as one bullet per character, in `glyphs`.
        public static func secret(id: String, label: String, text: String, glyphs: GlyphSet, hint: String? = nil,
                                  notes: [String] = [], error: String? = nil, focused: Bool = false) -> Field {
            Field(id: id, label: label, value: CardNumberMask.hidden(text.count, ascii: glyphs.isASCII), hint: hint, notes: notes,
                  error: error, focused: focused, secret: true, length: text.count)
        }
    }

    /// One of several options: a menu, the co-badge chooser, buttons.
    public struct Choice: Sendable, Equatable {
        public var id: String
        public var label: String
        public var options: [Option]
        /// The option marked (selected, or under the cursor), if any.
        public var marked: Int?
        /// The option the screen recommends (the card's preferred network), if any.
        public var preferred: Int?
        public var focused = false
        /// How a conversation asks it (``Spoken``).
        public var spoken = Spoken()
        /// Said before the options each time they are listed; the label when nil.
        public var heading: String?
        /// The keys that move between the options and take one (``Moves``).
        public var moves = Moves()
        /// The option an empty answer takes, when it is not the marked one.
        public var asked: Int?
        /// Asked as yes or no (Pay, a question over the screen) rather than by number.
        public var confirm: Confirm?
        /// Options a conversation offers after the choice's own (the home menu, saving the receipt).
        public var more: [Option] = []

        public init(id: String, label: String, options: [Option], marked: Int? = nil, preferred: Int? = nil, focused: Bool = false) {
            self.id = id
            self.label = label
            self.options = options
            self.marked = marked
            self.preferred = preferred
            self.focused = focused
        }

        public struct Option: Sendable, Equatable {
            /// A stable id: a network id (`VISA`), a route, a button.
            public var id: String
            public var label: String
            /// What choosing it adds to the price, as money is written (`+€0.50`), if anything.
            public var surcharge: String?
            /// The option as a conversation says it, when it is not its label.
            public var spoken: String?
            /// The steps that take it, when they are not the choice's ``Moves``.
            public var steps: [AnswerStep]?
            /// What to say once it is taken ("Defaults restored: …").
            public var said: String?
            /// The field or choice of the screen asked next (Settings' `latency`); `nil` goes back
            /// to the screen's own.
            public var opens: String?

            public init(id: String, label: String, surcharge: String? = nil) {
                self.id = id
                self.label = label
                self.surcharge = surcharge
            }

            public init(id: String, label: String, spoken: String? = nil, steps: [AnswerStep]?, said: String? = nil, opens: String? = nil) {
                self.id = id
                self.label = label
                self.spoken = spoken
                self.steps = steps
                self.said = said
                self.opens = opens
            }
        }
    }

    /// Rows under column headings (the payments), with the filter they are under.
    public struct Table: Sendable, Equatable {
        public var id: String
        public var columns: [String]
        public var rows: [[String]]
        /// The row marked, if any.
        public var marked: Int?
        /// The filter the rows are under, as the screen names it ("All", "Authorized").
        public var filter: String?
        /// Which part of everything the rows are ("page 1 of 3 · 42 payments").
        public var position: String?

        public init(id: String, columns: [String], rows: [[String]], marked: Int? = nil, filter: String? = nil, position: String? = nil) {
            self.id = id
            self.columns = columns
            self.rows = rows
            self.marked = marked
            self.filter = filter
            self.position = position
        }
    }

    /// A key and what it does here.
    public struct Action: Sendable, Equatable {
        /// The keys by their names (`tab`, `←`, `esc`, `F2/alt+e`).
        public var keys: String
        public var label: String
        /// The key that does it (the first, when several do), for a front end that presses it.
        public var key: Key?

        public init(keys: String, label: String, key: Key? = nil) {
            self.keys = keys
            self.label = label
            self.key = key
        }
    }

    /// A payment's outcome as a script checks it: the processor's status, the network id paid
    /// with, who chose it (the engine's ``NetworkChooser`` id, `CARDHOLDER` or `MERCHANT`; nil
    /// when nobody did), the last four digits, and the amounts in minor units.
    public struct PaymentResult: Sendable, Equatable {
        public var status: String
        public var network: String?
        public var chosenBy: String?
        public var last4: String?
        public var amount: Int?
        public var surcharge: Int?
        public var total: Int?
        public var currency: String?
        public var paymentId: String?
        /// Why the payment did not go through, as the screen says it.
        public var reason: String?

        public init(status: String, network: String? = nil, chosenBy: String? = nil, last4: String? = nil, amount: Int? = nil,
                    surcharge: Int? = nil, total: Int? = nil, currency: String? = nil, paymentId: String? = nil, reason: String? = nil) {
            self.status = status
            self.network = network
            self.chosenBy = chosenBy
            self.last4 = last4
            self.amount = amount
            self.surcharge = surcharge
            self.total = total
            self.currency = currency
            self.paymentId = paymentId
            self.reason = reason
        }
    }

    /// The field with `id`, if the screen shows one.
    public func field(_ id: String) -> Field? { fields.first { $0.id == id } }

    /// The choice with `id`, if the screen shows one.
    public func choice(_ id: String) -> Choice? { choices.first { $0.id == id } }

    /// The field or choice with `id`, if the screen shows one (Settings' menu opens its `latency`).
    public func element(_ id: String) -> Element? {
        choice(id).map(Element.choice) ?? field(id).map(Element.field)
    }

    /// A field or a choice: what a front end that asks one thing at a time asks about.
    public enum Element: Sendable, Equatable {
        case field(Field)
        case choice(Choice)
    }

    /// What has the focus: a choice before a field of the same id (the co-badge chooser is both).
    public var focusedElement: Element? {
        choices.first(where: \.focused).map(Element.choice) ?? fields.first(where: \.focused).map(Element.field)
    }

    /// The id of the field or choice that has the focus.
    public var focus: String? { fields.first(where: \.focused)?.id ?? choices.first(where: \.focused)?.id }
}

extension ScreenModel {
    /// The actions of hints, as the footer names them.
    public static func actions(_ hints: [KeyHint]) -> [Action] {
        hints.map { Action(keys: $0.keys, label: $0.help, key: $0.key) }
    }

    /// Every binding of a table, each key by its name with what it does (as the F1 help says it).
    public static func actions<A>(_ map: KeyMap<A>) -> [Action] {
        map.bindings.map { Action(keys: $0.keys.map(\.hintName).joined(with: "/"), label: $0.explanation ?? $0.help, key: $0.keys.first) }
    }

    /// An id made of an English title: `Pay by card · Result` is `pay-by-card-result`.
    static func id(fromTitle title: String) -> String {
        var id = ""
        for scalar in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, !id.hasSuffix("-") {
                id += "-"
            }
        }
        return id.hasSuffix("-") ? String(id.dropLast()) : id
    }
}
