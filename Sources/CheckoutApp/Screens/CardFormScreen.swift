import CheckoutCore
import CheckoutEngine

/// The card form: number with live network badges, the co-badge chooser, expiry, CVV, name, Pay.
///
/// The form keeps the fields as the user typed them and tells the engine after every change
/// (``ScreenEffect/setRawData(_:)``); what the engine learns comes back as events: metadata drives
/// the badges and the chooser, `dataIsValid` the error lines, `checkoutCompleted`/`checkoutFailed`
/// the result. Badges for fewer than 8 digits come from local rules at once, without waiting for the
/// engine's debounce.
///
/// Input flows as the best card forms have it (Stripe Elements): focus moves on by itself when the
/// number is complete and valid (and no co-badge choice is left to make), when the expiry is
/// complete and valid, and when the security code has its network's length; Backspace in an empty
/// field goes back to the one before. Typing and pasting give the same digits: the number takes
/// digits up to the longest length any of its candidate networks issues, and a digit past it is
/// refused with a word saying why, never dropped in silence. Pay pressed before the BIN answer for
/// the number, or the client session's total for its network, is in waits for it (``PayHold``).
public struct CardFormScreen: Screen {
    /// The focusable parts of the form, in focus order.
    public enum Field: Sendable, Hashable, CaseIterable {
        case number, network, expiry, cvv, name, pay
    }

    public enum Action: Sendable { case next, previous, enter, chooseLeft, chooseRight }

    /// What a click lands on: a field (its label, a check box, Pay), a text field's value (a
    /// click puts the caret at column `start` plus the clicked column of the text as drawn), or a
    /// network in the chooser.
    public enum Click: Hashable, Sendable {
        case field(Field)
        case text(Field, start: Int)
        case network(CardNetwork)
    }

    /// The number as edited: ASCII digits only, the caret counted in digits.
    public internal(set) var number = EditableText()
    /// The expiry as edited: its digits, MMYY or MMYYYY; shown and sent as MM/YY or MM/YYYY.
    public internal(set) var expiry = EditableText()
    public internal(set) var securityCode = EditableText()
    public internal(set) var name = EditableText()
    /// A short word on a key the focused field cannot take ("digits only"), until the next key;
    /// it belongs to the focused field and goes when the field is left.
    public internal(set) var notice: String?
    public internal(set) var focus: Field = .number
    /// The network the chooser shows picked on a co-badged card: the preferred one until the
    /// cardholder moves it.
    public internal(set) var choice: CardNetwork?
    /// True once the cardholder moved the chooser; false while the preferred network stands as
    /// preselected. Only then is ``choice`` the raw data's `cardNetwork`: a pre-selection is not a
    /// choice (the SDK's integrators set `cardNetwork` from the cardholder's pick alone, and
    /// `preferredNetwork` follows it), and the result says who chose from this same fact.
    public internal(set) var choiceIsCardholders = false
    /// True when the chooser appeared after the number field was left: the status line says so
    /// until the chooser gets focus.
    public internal(set) var coBadgeNotice = false
    /// The latest BIN-based metadata from the engine (8 digits or more).
    public internal(set) var engineMetadata: CardNumberEntryMetadata?
    /// The first 8 digits `engineMetadata` is about.
    var engineMetadataBin = ""
    public internal(set) var lookupInFlight = false
    /// The latest errors of the engine's `dataIsValid`.
    public internal(set) var errors: [ValidationError] = []
    /// Fields whose errors are on show: left at least once or submitted, and not typed in since.
    public internal(set) var revealed: Set<Field> = []
    /// True once Pay was pressed: only then does an empty field say it cannot be blank.
    public internal(set) var submitted = false
    public internal(set) var paying = false
    /// Pay pressed and waiting for what the price depends on (``PayHoldReason``); nil otherwise.
    public internal(set) var hold: PayHold?
    /// Why the last Pay did not go through, when the form stays up.
    public internal(set) var banner: String?
    /// The client session's last answer (`didUpdateClientSession`): what paying with its network costs.
    public internal(set) var sessionDue: AmountDue?
    /// True from the engine's `willUpdateClientSession` until its answer.
    public internal(set) var sessionUpdating = false
    /// True when the client session's last answer was a failure (a submit asks again).
    var sessionFailed = false
    /// The client session answered a total other than the one on screen before: the form shows the
    /// new one and Pay confirms it.
    public internal(set) var changedTotal: ChangedTotal?
    /// The total the last submit asked the engine to charge.
    var submittedTotal: Int?
    /// What the form learnt from the engine and did, oldest first: what a line-by-line front end
    /// says as it comes (``narration(context:)``).
    public internal(set) var learnt: [Learnt] = []
    /// The field whose last key put characters at its end: focus moves on from it once it is
    /// complete, even when what completes it (the BIN answer) comes after the key.
    var advancing: Field?
    /// The field the focus moved on to by itself (a field completed), until the next key: a Tab,
    /// Enter or space arriving then is the person's "next", already done, and is absorbed.
    var arrivedByItself: Field?
    var lastSent: CardData?

    /// One thing the form learnt or did.
    public enum Learnt: Sendable, Equatable {
        /// The engine asked the BIN service about the number; `local` is what local rules say meanwhile.
        case asking(local: CardNumberEntryMetadata)
        /// The BIN service's answer for the number, or the fallback to local rules.
        case answered(CardNumberEntryMetadata)
        /// Pay was pressed and the payment is under way.
        case paying
        /// The client session's total moved before the payment went: nothing was charged, and Pay
        /// confirms the new total.
        case totalChanged
    }

    /// A total the client session changed: for `network`, from what was shown to what it charges.
    public struct ChangedTotal: Sendable, Equatable {
        public var network: CardNetwork
        public var shown: Int
        public var charged: Int
    }

    /// The number's digits (ASCII), without separators.
    public var digits: String { number.text }
    /// The expiry's digits, MMYY or MMYYYY.
    public var expiryDigits: String { expiry.text }
    public var cvv: String { securityCode.text }
    public var cardholderName: String { name.text }

    public var title: String { "Pay by card" }
    public func title(context: ScreenContext) -> String { Route.pay.title(context.localizer) }
    public var isAnimating: Bool { lookupInFlight || paying || hold != nil || sessionUpdating }
    public var isBusy: Bool { paying }

    public func discardQuestion(context: ScreenContext) -> String? {
        [number, expiry, securityCode, name].contains { !$0.isEmpty } ? context.localizer.text(.cardDiscard) : nil
    }

    public var focusedText: EditableText? { editable(focus) }

    /// A field's text, read without a key path (``text(of:)``, which writes go through): applying
    /// one copies the whole form first, and the app asks for the focused text several times a frame.
    /// `CardFormTests` holds the two to the same fields.
    func editable(_ field: Field) -> EditableText? {
        switch field {
        case .number: number
        case .expiry: expiry
        case .cvv: securityCode
        case .name: name
        case .network, .pay: nil
        }
    }

    public init(context: ScreenContext) {}

    public mutating func appear(context: ScreenContext) -> [ScreenEffect] {
        lastSent = nil
        return sendIfChanged(context: context)
    }

    // MARK: Derived state

    /// The networks the form shows for the current digits: the engine's BIN answer from 8 digits,
    /// local rules below.
    public func metadata(context: ScreenContext) -> CardNumberEntryMetadata? {
        guard !digits.isEmpty else { return nil }
        if let engineMetadata, engineAnswersDigits {
            return engineMetadata
        }
        // Asked several times a frame (the badges, the network, the security code, the amount):
        // detected once for the digits, the catalogue and the session.
        let key = LocalDetection(digits: digits, catalogue: context.catalogue, session: context.session)
        return Self.localDetections.value(for: key) { context.resolver.localMetadata(forDigits: digits, source: .local) }
    }

    /// Holds its catalogue, so that no other catalogue can be given its identity while it is kept.
    /// Whether the engine's metadata is for the BIN the digits start with (the digits are ASCII:
    /// compared as bytes, as a frame asks this some twenty times).
    var engineAnswersDigits: Bool {
        guard engineMetadataBin.utf8.count == CardNetworkResolver.binLength else { return false }
        // Over the two strings' bytes in place (the generic `starts(with:)` of their UTF-8 views was
        // 600 instructions a time).
        var digits = self.digits
        var bin = engineMetadataBin
        return digits.withUTF8 { digits in bin.withUTF8 { bin in digits.count >= bin.count && UnsafeBufferPointer(rebasing: digits[..<bin.count]).elementsEqual(bin) } }
    }

    private struct LocalDetection: Equatable, Sendable {
        var digits: String
        var catalogue: NetworkCatalogue
        var session: ClientSession

        static func == (a: Self, b: Self) -> Bool {
            a.digits == b.digits && a.catalogue.identity == b.catalogue.identity && a.session == b.session
        }
    }

    private static let localDetections = Memo<LocalDetection, CardNumberEntryMetadata>()

    /// The chooser's networks, when the card is co-badged with at least two allowed networks the
    /// cardholder may choose between (not when one was selected automatically: eftpos).
    public func selectableNetworks(context: ScreenContext) -> [DetectedCardNetwork]? {
        facts(context: context).selectable
    }

    /// What the form knows of the card at one moment, from one look at its metadata: a frame asks
    /// for these a dozen times (the badges, the chooser, the security code, the amounts), and each
    /// look copied the metadata and, under 8 digits, the local detection's key (60 k instructions
    /// of a key's frame, callgrind). The functions that answer one of them from the context
    /// (``network(context:)``…) make the facts and ask them, so each rule is written once, here.
    struct CardFacts {
        let metadata: CardNumberEntryMetadata?
        /// ``network(context:)``.
        let network: CardNetwork?

        /// ``selectableNetworks(context:)``.
        var selectable: [DetectedCardNetwork]? {
            guard let items = metadata?.chooserNetworks?.items, items.count >= 2 else { return nil }
            return items
        }

        /// ``knownNetwork(context:)``.
        var known: CardNetwork? {
            guard let metadata, metadata.source != .local else { return nil }
            return network
        }
    }

    func facts(context: ScreenContext) -> CardFacts {
        let metadata = metadata(context: context)
        guard let metadata else { return CardFacts(metadata: nil, network: nil) }
        // The form's choice counts while the chooser is shown (a choice left from another number does not).
        let choice = (metadata.chooserNetworks?.items.count ?? 0) >= 2 ? choice : nil
        let network: CardNetwork?
        if case .success(let paying) = context.resolver.networkForPayment(choice: choice, metadata: metadata) {
            network = paying
        } else {
            let first = metadata.detectedCardNetworks.items.first?.network
            network = first == .other ? nil : first
        }
        return CardFacts(metadata: metadata, network: network)
    }

    /// The network selected for the cardholder on an eftpos co-badged card, shown instead of a chooser.
    public func autoSelectedNetwork(context: ScreenContext) -> DetectedCardNetwork? {
        metadata(context: context)?.autoSelectedCardNetwork
    }

    /// The network the number belongs to as far as the form knows: the one a payment would use
    /// (``CardNetworkResolver/networkForPayment(choice:metadata:)``, the engine's answer: the
    /// automatically selected one on an eftpos co-badged card, the cardholder's choice, the
    /// preferred one); for a card no network of which is accepted, its first network, whose
    /// grouping and security code the fields still follow.
    public func network(context: ScreenContext) -> CardNetwork? {
        facts(context: context).network
    }

    /// What paying now costs: the client session's answer for the network it would be paid with,
    /// once there is one; until then the session's own surcharge for that network, once the network
    /// is known (see ``knownNetwork(context:)``); the order amount before.
    public func amountDue(context: ScreenContext) -> AmountDue {
        amountDue(facts(context: context), context: context)
    }

    func amountDue(_ facts: CardFacts, context: ScreenContext) -> AmountDue {
        let network = facts.known
        if let sessionDue, let network, sessionDue.network == network { return sessionDue }
        return context.session.amountDue(for: network)
    }

    /// The network the card will be paid with, once the engine has answered for its first 8 digits
    /// (the BIN service, or local rules when it had nothing): before that, local rules only guess,
    /// and a Visa guessed from a `4` may turn out a co-badged card paid with Cartes Bancaires.
    public func knownNetwork(context: ScreenContext) -> CardNetwork? {
        facts(context: context).known
    }

    /// The surcharges the networks the digits may still belong to carry, while the network is not
    /// known yet: what the form says may apply, without quoting one as the price.
    public func possibleSurcharges(context: ScreenContext) -> [(network: CardNetwork, surcharge: Int)] {
        possibleSurcharges(facts(context: context), context: context)
    }

    func possibleSurcharges(_ facts: CardFacts, context: ScreenContext) -> [(network: CardNetwork, surcharge: Int)] {
        guard facts.known == nil, let items = facts.metadata?.detectedCardNetworks.items else { return [] }
        return items.filter(\.allowed).compactMap { item in
            let surcharge = context.session.surcharge(for: item.network)
            return surcharge > 0 ? (item.network, surcharge) : nil
        }
    }

    /// The network the engine asks the client session about: the one a payment would use, once
    /// the BIN service has answered (or failed); nil when the session has no surcharges (no
    /// action is sent) or the card cannot be paid with.
    func sessionNetwork(context: ScreenContext) -> CardNetwork? {
        guard context.session.hasSurcharges, digits.count >= CardNetworkResolver.binLength, let metadata = metadata(context: context), metadata.source != .local else {
            return nil
        }
        return try? context.resolver.networkForPayment(choice: cardData(context: context).cardNetwork, metadata: metadata).get()
    }

    /// Whether the client session's answer for the network the card would be paid with is not in
    /// yet, so the total on screen may not be the one charged (a Pay hold's reason).
    public func isAwaitingSessionUpdate(context: ScreenContext) -> Bool {
        guard let network = sessionNetwork(context: context) else { return false }
        return sessionUpdating || (!sessionFailed && sessionDue?.network != network)
    }

    /// The focus order right now (the chooser only while it is shown; the name only when the
    /// session collects it).
    public func focusOrder(context: ScreenContext) -> [Field] {
        Field.allCases.filter {
            ($0 != .network || selectableNetworks(context: context) != nil) && ($0 != .name || context.session.collectsCardholderName)
        }
    }

    /// The expiry as shown and sent: `12/30`, `12/2030`, `12/3`, `1`.
    public var expiryText: String {
        expiryDigits.count > 2 ? String(expiryDigits.prefix(2)) + "/" + String(expiryDigits.dropFirst(2)) : expiryDigits
    }

    /// The raw data the engine gets: `cardNetwork` only when the cardholder chose it.
    public func cardData(context: ScreenContext) -> CardData {
        CardData(cardNumber: digits, expiryDate: expiryText, cvv: cvv, cardholderName: context.session.collectsCardholderName ? cardholderName : "",
                 cardNetwork: choiceIsCardholders && selectableNetworks(context: context) != nil ? choice : nil)
    }

    /// The error shown under a field, if it is on show: a field left (or submitted) and not typed
    /// in since; an empty field only after Pay, so tabbing through the form blames nobody.
    public func visibleError(for field: Field) -> ValidationError? {
        guard revealed.contains(field), submitted || !isBlank(field) else { return nil }
        return errors.first { Self.field(of: $0.inputElementType) == field }
    }

    /// Whether a field holds nothing but spaces.
    func isBlank(_ field: Field) -> Bool {
        guard let path = Self.text(of: field) else { return false }
        return self[keyPath: path].text.allSatisfy { $0 == " " }
    }

    /// The form for another try after a decline or a failure: the same card with the security code
    /// to type again (`keepNumber`), or another card keeping the expiry and name.
    func retry(keepNumber: Bool) -> CardFormScreen {
        var form = self
        form.paying = false
        form.hold = nil
        form.advancing = nil
        form.arrivedByItself = nil
        form.banner = nil
        form.notice = nil
        form.submitted = false
        form.revealed = []
        form.securityCode = EditableText()
        form.learnt = []
        if keepNumber {
            form.focus = .cvv
        } else {
            form.number = EditableText()
            form.engineMetadata = nil
            form.engineMetadataBin = ""
            form.choice = nil
            form.choiceIsCardholders = false
            form.coBadgeNotice = false
            form.lookupInFlight = false
            form.focus = .number
        }
        return form
    }

    static func field(of element: InputElementType) -> Field {
        switch element {
        case .cardNumber: return .number
        case .expiryDate: return .expiry
        case .cvv: return .cvv
        case .cardholderName: return .name
        }
    }

    /// What the digits so far say about the number: complete, valid and maybe whole, or not yet,
    /// and how many digits it takes (CheckoutCore's one rule,
    /// ``CardValidator/completeness(ofDigits:metadata:)``), with what the form knows of the card:
    /// the BIN answer once it is in, local rules before. Recomputed for every digit, typed or
    /// pasted, so a paste keeps exactly what typing would.
    func completeness(context: ScreenContext) -> CardNumberCompleteness {
        let metadata = metadata(context: context)
        // A digit asks for the number's completeness before and after it goes in, and the next
        // digit asks again for the same number: worked out once for the digits and what is known
        // of them.
        let key = CompletenessKey(digits: digits, metadata: metadata, catalogue: context.catalogue, session: context.session)
        return Self.completenesses.value(for: key) { context.validator.completeness(ofDigits: digits, metadata: metadata) }
    }

    /// What a number's completeness is worked out from. Holds its catalogue, so that no other
    /// catalogue can be given its identity while it is kept.
    private struct CompletenessKey: Equatable, Sendable {
        var digits: String
        var metadata: CardNumberEntryMetadata?
        var catalogue: NetworkCatalogue
        var session: ClientSession

        static func == (a: Self, b: Self) -> Bool {
            a.digits == b.digits && a.catalogue.identity == b.catalogue.identity && a.metadata == b.metadata && a.session == b.session
        }
    }

    private static let completenesses = Memo<CompletenessKey, CardNumberCompleteness>()

    /// The most characters of a cardholder name: what the SDKs accept. Primer's Android SDK
    /// validates 2 to 45 (`payment-card-shared/.../validation/domain/CardholderNameValidator.kt`:
    /// `MAX = 45`), as does our validator; the iOS drop-in field takes fewer than 45
    /// (`PrimerCardholderNameFieldView.swift`).
    static let maximumNameLength = 45

    /// The most digits of an expiry: `MMYYYY`.
    static let maximumExpiryDigits = 6

    func maximumCVVLength(context: ScreenContext) -> Int {
        Self.maximumCVVLength(network(context: context), context: context)
    }

    static func maximumCVVLength(_ network: CardNetwork?, context: ScreenContext) -> Int {
        guard let network else { return 4 }
        return context.catalogue.info(network).cvvLength ?? 4
    }

    /// The security code's name on this network's cards (CVV, CVC, CID…).
    public func cvvLabel(context: ScreenContext) -> String {
        Self.cvvLabel(network(context: context), context: context)
    }

    static func cvvLabel(_ network: CardNetwork?, context: ScreenContext) -> String {
        guard let network else { return "CVV" }
        return context.catalogue.info(network).cvvLabel
    }
}
