import CheckoutCore
import CheckoutEngine

/// Drawing the card form. Rows flow top-down with one-row gaps when the terminal is tall enough;
/// the chooser's row is always reserved so nothing jumps when it appears. Every field draws within
/// its own columns, scrolling around the caret when its text is wider.
extension CardFormScreen {
    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
        let gap = area.height >= 20 ? 1 : 0
        let left = area.left + 2
        let width = min(area.width - 4, 96)
        var row = area.top + (area.height >= 16 ? 1 : 0)
        var cursor: (row: Int, column: Int)?
        // What the form knows of the card, from one look at its metadata.
        let facts = facts(context: context)
        let metadata = facts.metadata
        let network = facts.network
        // Messages wrap instead of being cut: each may take up to three rows, pushing the rows below
        // it down, as long as the area has rows to spare beyond the form's own.
        var spare = area.height - (row - area.top) - 14 - 3 * gap
        row += drawOrder(row: row, left: left, width: width, spare: &spare, into: &canvas, context: context)

        // Card number and badges; narrow, the badges start closer to the number so that a network's
        // name always has room (a 19-digit number grouped still fits before them).
        let badgesColumn = left + (width < 58 ? 24 : 27)
        drawLabel(text.text(.cardNumberLabel), field: .number, row: row, column: left, into: &canvas, glyphs: glyphs)
        cursor = drawField(.number, placeholder: "1234 5678 9012 3456", row: row + 1, column: left,
                           width: badgesColumn - left - 3, network: network, into: &canvas, context: context) ?? cursor
        drawBadges(metadata: metadata, selected: network, row: row + 1, column: badgesColumn,
                   width: left + width - badgesColumn, context: context, into: &canvas)
        row += 2

        // The co-badge chooser (its row is kept even while hidden), or on an eftpos co-badged card
        // the network selected automatically, and why: on two rows when the number's message row
        // under it is free.
        var automaticRows = 0
        if let items = facts.selectable {
            drawChooser(items, row: row, column: left, width: width, into: &canvas, context: context)
        } else if let automatic = metadata?.autoSelectedCardNetwork {
            let line = text.text(.cardAutomatic, automatic.displayName, glyphs.separator)
            let numberMessage = (notice != nil && focus == .number) || visibleError(for: .number) != nil
            automaticRows = canvas.putWrapped(glyphs.text(line), row: row, column: left + 2, width: width - 2, maxLines: numberMessage ? 1 : 2,
                                              style: .dim, ellipsis: glyphs.ellipsis)
        }
        row += 1
        if automaticRows > 1 {
            row += 1 + gap
        } else {
            row += drawErrors([.number], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas, glyphs: glyphs, localizer: text) + gap
        }

        // The rows from the expiry down: drawn once for what they show and stamped while the
        // focus is above them and none of it changes (every digit of the number redrew them all:
        // a fifth of a key's card form, callgrind). With the focus in one of their fields they are
        // drawn in place, as the caret is theirs.
        if [.expiry, .cvv, .name].contains(focus) {
            cursor = drawLower(facts, row: row, left: left, width: width, gap: gap, spare: spare, into: &canvas, context: context) ?? cursor
        } else {
            let key = LowerKey(self, facts: facts, left: left, width: width, gap: gap, spare: spare, context: context)
            canvas.drawKept(Self.keptLower, key, row: row, rows: max(0, area.top + area.height - row),
                            columns: area.left..<(area.left + area.width)) { strip in
                _ = drawLower(facts, row: 0, left: left, width: width, gap: gap, spare: spare, into: &strip, context: context)
            }
        }
        canvas.cursor = cursor
    }

    /// The form's rows from the expiry down, from `row`: the expiry and security code, the name, Pay
    /// with its total, the accepted networks and where the badges came from. Returns where the
    /// cursor goes when one of their fields has the focus.
    func drawLower(_ facts: CardFacts, row start: Int, left: Int, width: Int, gap: Int, spare: Int, into canvas: inout Canvas,
                   context: ScreenContext) -> (row: Int, column: Int)? {
        let glyphs = context.glyphs
        let text = context.localizer
        let metadata = facts.metadata
        let network = facts.network
        var row = start, spare = spare
        var cursor: (row: Int, column: Int)?
        // Expiry and CVV side by side.
        let cvvColumn = left + 20
        drawLabel(text.text(.cardExpiryLabel, text.format.expiryPlaceholder), field: .expiry, row: row, column: left, into: &canvas, glyphs: glyphs)
        drawLabel(Self.cvvLabel(network, context: context), field: .cvv, row: row, column: cvvColumn, into: &canvas, glyphs: glyphs)
        cursor = drawField(.expiry, placeholder: text.format.expiryPlaceholder, row: row + 1, column: left, width: cvvColumn - left - 3,
                           network: network, into: &canvas, context: context) ?? cursor
        cursor = drawField(.cvv, placeholder: Self.cvvPlaceholder(network, context: context), row: row + 1, column: cvvColumn,
                           width: max(1, left + width - cvvColumn - 2), network: network, into: &canvas, context: context) ?? cursor
        row += 2
        row += drawErrors([.expiry, .cvv], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas, glyphs: glyphs, localizer: text) + gap

        // Cardholder name, unless the session does not collect it (checkoutModules CARD_INFORMATION).
        if context.session.collectsCardholderName {
            drawLabel(text.text(.cardNameLabel), field: .name, row: row, column: left, into: &canvas, glyphs: glyphs)
            cursor = drawField(.name, placeholder: text.text(.cardNamePlaceholder), row: row + 1, column: left, width: width - 2,
                               network: network, into: &canvas, context: context) ?? cursor
            row += 2
            row += drawErrors([.name], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas, glyphs: glyphs, localizer: text) + gap
        }

        // Pay: the total for the network it would be paid with, which changes with the choice.
        let due = amountDue(facts, context: context)
        let amount = context.money(due.total, currency: due.currency)
        let frames = glyphs.spinner
        let spinner = frames[context.animationFrame % frames.count]
        // Held, Pay has been pressed and goes by itself once its reasons are answered: it reads as paying.
        let button = paying || hold != nil ? text.text(.cardPayingButton, amount, spinner)
            : changedTotal != nil ? text.text(.cardConfirmButton, amount) : text.text(.cardPayButton, amount)
        if focus == .pay { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
        canvas.put(button, row: row, column: left + 2, style: focus == .pay ? .selection : .bold)
        canvas.addTarget(Rect(top: row, left: left, width: 2 + DisplayWidth.of(button), height: 1), Click.field(.pay))
        // The banner sits beside the button; its second row takes the blank row under it.
        var bannerRows = 1
        if let banner {
            bannerRows = canvas.putWrapped(glyphs.text(banner), prefix: glyphs.failure + " ", row: row, column: left + 4 + DisplayWidth.of(button),
                                           width: max(3, width - DisplayWidth.of(button) - 4), maxLines: min(3, 2 + max(0, spare)),
                                           style: .error, ellipsis: glyphs.ellipsis)
        }
        // The surcharge in the total, said in the row under the button (when a long banner does not
        // take it); a total the client session changed is said there instead, until it is confirmed;
        // before the network is known, the surcharges that may apply.
        if let changed = changedTotal, bannerRows < 2 {
            let line = text.text(.cardTotalChanged, context.catalogue.info(changed.network).displayName,
                                 context.money(changed.charged, currency: due.currency), context.money(changed.shown, currency: due.currency))
            canvas.put(context.truncate(line, to: width - 2), row: row + 1, column: left + 2, style: .accent)
        } else if due.surcharge > 0, bannerRows < 2, let network = due.network {
            let line = text.text(.cardIncludesSurcharge, context.money(due.surcharge, currency: due.currency),
                                 context.catalogue.info(network).displayName, context.money(due.amount, currency: due.currency))
            canvas.put(context.truncate(line, to: width - 2), row: row + 1, column: left + 2, style: .dim)
        } else if bannerRows < 2 {
            let possible = possibleSurcharges(facts, context: context)
            if !possible.isEmpty {
                let line = text.text(.cardSurchargeMayApply, possible.map {
                    "\(context.catalogue.info($0.network).displayName) \(context.surcharge($0.surcharge, currency: due.currency))"
                }.joined(with: glyphs.separator))
                canvas.put(context.truncate(line, to: width - 2), row: row + 1, column: left + 2, style: .dim)
            }
        }
        row += max(2, bannerRows)

        // Accepted networks and where the badges came from.
        let accepted = Self.acceptedRow(Self.acceptedNames(context: context), width: width, glyphs: glyphs, localizer: text)
        canvas.put(accepted, row: row, column: left, style: .dim)
        row += 1
        let (status, statusStyle) = statusLine(metadata: metadata, spinner: spinner, context: context)
        canvas.put(context.truncate(status, to: width), row: row, column: left, style: statusStyle)
        return cursor
    }

    /// Everything the rows from the expiry down are drawn from while the focus is above them (see
    /// ``drawLower(_:row:left:width:gap:spare:into:context:)``): their fields, the errors they show,
    /// Pay's state, what is known of the card, the words, the glyphs and the room.
    private struct LowerKey: Equatable, Sendable {
        var focus: Field
        var expiry: EditableText
        var securityCode: EditableText
        var name: EditableText
        var errors: [ValidationError?]
        var paying: Bool
        var hold: PayHold?
        var banner: String?
        var changedTotal: ChangedTotal?
        var sessionDue: AmountDue?
        var coBadgeNotice: Bool
        var lookupInFlight: Bool
        var sessionUpdating: Bool
        var metadata: CardNumberEntryMetadata?
        var network: CardNetwork?
        var spinner: String
        var layout: [Int]
        var localizer: Localizer
        var glyphs: GlyphSet
        var session: ClientSession
        /// Held, so that no other catalogue takes its identity while kept.
        var catalogue: NetworkCatalogue

        init(_ form: CardFormScreen, facts: CardFacts, left: Int, width: Int, gap: Int, spare: Int, context: ScreenContext) {
            focus = form.focus
            expiry = form.expiry
            securityCode = form.securityCode
            name = form.name
            errors = [Field.expiry, .cvv, .name].map { form.visibleError(for: $0) }
            paying = form.paying
            hold = form.hold
            banner = form.banner
            changedTotal = form.changedTotal
            sessionDue = form.sessionDue
            coBadgeNotice = form.coBadgeNotice
            lookupInFlight = form.lookupInFlight
            sessionUpdating = form.sessionUpdating
            metadata = facts.metadata
            network = facts.network
            let frames = context.glyphs.spinner
            spinner = frames[context.animationFrame % frames.count]
            layout = [left, width, gap, spare]
            localizer = context.localizer
            glyphs = context.glyphs
            session = context.session
            catalogue = context.catalogue
        }

        static func == (a: Self, b: Self) -> Bool {
            a.focus == b.focus && a.expiry == b.expiry && a.securityCode == b.securityCode && a.name == b.name && a.errors == b.errors
                && a.paying == b.paying && a.hold == b.hold && a.banner == b.banner && a.changedTotal == b.changedTotal
                && a.sessionDue == b.sessionDue && a.coBadgeNotice == b.coBadgeNotice && a.lookupInFlight == b.lookupInFlight
                && a.sessionUpdating == b.sessionUpdating && a.network == b.network && a.spinner == b.spinner && a.layout == b.layout
                && a.glyphs == b.glyphs && a.catalogue.identity == b.catalogue.identity && a.localizer == b.localizer
                && a.metadata == b.metadata && a.session == b.session
        }
    }

    private static let keptLower = KeptDrawing<LowerKey>()

    /// The order being paid, above the form, in the rows the form leaves: its items one per row
    /// with their amounts and the order's total where there is room for them all, else one line
    /// (who, what, how much); nothing when the session names neither a merchant nor items. The
    /// F1 help lists the whole order. Returns the rows taken, out of `spare`.
    func drawOrder(row: Int, left: Int, width: Int, spare: inout Int, into canvas: inout Canvas, context: ScreenContext) -> Int {
        let glyphs = context.glyphs
        let text = context.localizer
        let summary = OrderSummary(context.session, context: context)
        guard spare >= 1, let lead = summary.headlineLead(context: context) else { return 0 }
        // The whole order: a heading, the items, the total, and a blank row before the form.
        let whole = 1 + summary.items.count + 1 + 1
        if !summary.items.isEmpty, spare >= whole + 2 {
            let heading = [summary.merchantName, summary.orderId.map { text.text(.cardOrderNumber, $0) }].compactMap { $0 }
                .joined(with: glyphs.separator)
            canvas.put(context.truncate(heading.isEmpty ? text.text(.cardOrderHeading) : heading, to: width), row: row, column: left, style: .accent)
            var line = row + 1
            for (index, item) in (summary.items + [(what: text.text(.cardOrderTotal), amount: Optional(summary.total))]).enumerated() {
                let isTotal = index == summary.items.count
                let amount = item.amount ?? ""
                let amountWidth = DisplayWidth.of(amount)
                canvas.put(context.truncate(item.what, to: max(1, width - 4 - amountWidth - 2)), row: line, column: left + 2,
                           style: isTotal ? .normal : .dim)
                canvas.put(amount, row: line, column: left + width - amountWidth, style: isTotal ? .bold : .dim)
                line += 1
            }
            spare -= whole
            return whole
        }
        let rows = spare >= 2 ? 2 : 1
        let more = summary.items.count > 1 ? glyphs.separator + text.text(.cardOrderMore) : ""
        // The total is never cut nor pushed off by what comes before it (a merchant name that
        // reads like an amount): the merchant and items give way first, then the hint after it.
        let total = summary.totalText(text)
        let room = width - DisplayWidth.of(glyphs.separator + total)
        let line = DisplayWidth.of(lead + glyphs.separator + total + more) <= width ? lead + glyphs.separator + total + more
            : room >= 4 ? context.truncate(lead, to: room) + glyphs.separator + total
            : total
        canvas.put(context.truncate(line, to: width), row: row, column: left, style: .accent)
        spare -= rows
        return rows
    }

    /// The accepted-networks row: as many names as fit in `width`, then a count of the rest.
    ///
    /// Names are dropped whole, never cut, because a cut-off name would read as a different network:
    /// `We accept: Visa · Cartes Bancaires · +19 more`.
    ///
    /// Each candidate line is measured from the widths of its pieces and only the one that fits is
    /// built (this row is drawn on every frame): the widths add up because every piece starts with
    /// a scalar that cannot join the space before it into one character. A name that could (one
    /// starting with a combining mark) has each candidate built and measured whole instead.
    static func acceptedRow(_ names: [String], width: Int, glyphs: GlyphSet = .unicode, localizer: Localizer = Bundled.english) -> String {
        // Made once for what it is made from: the names, the width, the glyphs and the language's
        // two sentences and digits (a fifth of the form's drawing at each key when made every time).
        let sentences = [TextKey.cardWeAccept, .cardWeAcceptMore, .cardWeAcceptCount].map {
            localizer.catalogue[$0] ?? localizer.fallback?[$0]
        }
        let key = AcceptedRowKey(names: names, width: width, ascii: glyphs.isASCII, language: localizer.language, sentences: sentences)
        return acceptedRows.value(for: key) { makeAcceptedRow(names, width: width, glyphs: glyphs, localizer: localizer) }
    }

    /// The names of the session's networks, in its order: looked up once for the catalogue and the
    /// networks (23 lookups and copies of a network's facts at every frame, callgrind).
    static func acceptedNames(context: ScreenContext) -> [String] {
        let key = AcceptedNamesKey(catalogue: context.catalogue, networks: context.session.allowedNetworks)
        return acceptedNameLists.value(for: key) { key.networks.map { key.catalogue.info($0).displayName } }
    }

    /// Holds its catalogue, so that no other catalogue can be given its identity while it is kept.
    private struct AcceptedNamesKey: Equatable, Sendable {
        var catalogue: NetworkCatalogue
        var networks: [CardNetwork]

        static func == (a: Self, b: Self) -> Bool { a.catalogue.identity == b.catalogue.identity && a.networks == b.networks }
    }

    private static let acceptedNameLists = Memo<AcceptedNamesKey, [String]>()

    private struct AcceptedRowKey: Equatable, Sendable {
        var names: [String]
        var width: Int
        var ascii: Bool
        var language: Language
        /// The three sentences as the catalogue has them (the language's digits come with its name).
        var sentences: [StringCatalogue.Entry?]
    }

    private static let acceptedRows = Memo<AcceptedRowKey, String>()

    private static func makeAcceptedRow(_ names: [String], width: Int, glyphs: GlyphSet, localizer: Localizer) -> String {
        func more(_ count: Int) -> String { localizer.text(.cardWeAcceptMore, localizer.format.number(count)) }
        func row(_ shown: Int) -> String {
            var parts = Array(names.prefix(shown))
            if shown < names.count { parts.append(more(names.count - shown)) }
            return glyphs.text(localizer.text(.cardWeAccept, parts.joined(with: glyphs.separator)))
        }
        if names.allSatisfy({ ($0.unicodeScalars.first?.value ?? 0) < 0x300 }) {
            let head = DisplayWidth.of(glyphs.text(localizer.text(.cardWeAccept, ""))), separator = DisplayWidth.of(glyphs.text(glyphs.separator))
            var used = head + names.reduce(0) { $0 + DisplayWidth.of(glyphs.text($1)) } + separator * max(0, names.count - 1)
            for shown in stride(from: names.count, through: 0, by: -1) {
                // `used` is the width of the first `shown` names with their separators.
                let more = shown < names.count ? (shown > 0 ? separator : 0) + DisplayWidth.of(glyphs.text(more(names.count - shown))) : 0
                if used + more <= width { return row(shown) }
                if shown > 0 { used -= DisplayWidth.of(glyphs.text(names[shown - 1])) + (shown > 1 ? separator : 0) }
            }
        } else {
            for shown in stride(from: names.count, through: 0, by: -1) {
                let line = row(shown)
                if DisplayWidth.of(line) <= width { return line }
            }
        }
        return Canvas.truncate(localizer.text(.cardWeAcceptCount, localizer.format.number(names.count)), to: width, ellipsis: glyphs.ellipsis)
    }

    func statusLine(metadata: CardNumberEntryMetadata?, spinner: String, context: ScreenContext) -> (String, CellStyle) {
        let text = context.localizer
        if coBadgeNotice, selectableNetworks(context: context) != nil, focus != .network {
            return (text.text(.cardChooseAbove), .accent)
        }
        if let reason = hold?.reasons.first { return (text.text(.cardHoldStatus, spinner, reason.waiting(context: context), context.glyphs.ellipsis), .accent) }
        if lookupInFlight { return (text.text(.cardAskingBin, spinner), .accent) }
        if sessionUpdating { return (text.text(.cardAskingSession, spinner), .accent) }
        guard let metadata else { return (text.text(.cardNetworksAppear), .dim) }
        switch metadata.source {
        case .local: return (text.text(.cardNetworksLocal), .dim)
        case .remote:
            if let automatic = metadata.autoSelectedCardNetwork {
                return (text.text(.cardNetworksRouted, automatic.displayName), .accent)
            }
            return (text.text(.cardNetworksRemote), .dim)
        case .localFallback:
            // An answer without the card is not an outage: the embedded table simply has no row for it.
            if metadata.fallbackReason == .noBinData { return (text.text(.cardNoBinData), .dim) }
            return (text.text(.cardBinUnavailable), .error)
        }
    }

    func drawLabel(_ text: String, field: Field, row: Int, column: Int, into canvas: inout Canvas, glyphs: GlyphSet) {
        let focused = focus == field
        let hasError = visibleError(for: field) != nil
        if focused { canvas.put(glyphs.focusBar, row: row, column: column, style: .focus) }
        let width = canvas.put(text + (hasError ? " *" : ""), row: row, column: column + 2, style: focused ? .focus : (hasError ? .error : .dim))
        canvas.addTarget(Rect(top: row, left: column, width: 2 + width, height: 1), Click.field(field))
    }

    /// An ASCII digit (by its code: `isNumber` looks the character's properties up, at every
    /// character of the number at every frame).
    static func isDigit(_ character: Character) -> Bool {
        guard let code = character.asciiValue else { return false }
        return code >= UInt8(ascii: "0") && code <= UInt8(ascii: "9")
    }

    /// What the empty security-code field says: its length on the known network, 3–4 digits before.
    func cvvPlaceholder(context: ScreenContext) -> String {
        Self.cvvPlaceholder(network(context: context), context: context)
    }

    static func cvvPlaceholder(_ network: CardNetwork?, context: ScreenContext) -> String {
        // Made once for the length, the glyphs and the language: it is drawn at every frame.
        let key = CVVPlaceholderKey(length: network.map { maximumCVVLength($0, context: context) }, glyphs: context.glyphs,
                                    localizer: context.localizer)
        return cvvPlaceholders.value(for: key) {
            let dot = key.glyphs.maskedDigit
            let text = key.localizer
            guard let length = key.length else { return key.glyphs.text(text.text(.cardCvvAnyLength, String(repeating: dot, count: 3))) }
            return text.text(.cardCvvLength, String(repeating: dot, count: length), text.format.number(length))
        }
    }

    /// What the security code's placeholder is made from: the network's length (none before the
    /// network is known), the glyphs and the language.
    private struct CVVPlaceholderKey: Equatable, Sendable {
        var length: Int?
        var glyphs: GlyphSet
        var localizer: Localizer
    }

    private static let cvvPlaceholders = Memo<CVVPlaceholderKey, String>()

    /// Draws a text field's value in at most `width` columns after its bar (or its placeholder,
    /// dim, when empty and not focused) and registers it as a click target that puts the caret where
    /// it is clicked; returns where the cursor goes when the field has focus.
    func drawField(_ field: Field, placeholder: String, row: Int, column: Int, width: Int, network: CardNetwork?,
                   into canvas: inout Canvas, context: ScreenContext) -> (row: Int, column: Int)? {
        let glyphs = context.glyphs
        let focused = focus == field
        if focused { canvas.put(glyphs.focusBar, row: row, column: column, style: .focus) }
        canvas.addTarget(Rect(top: row, left: column, width: 2, height: 1), Click.field(field))
        guard let (shown, isStored) = shownText(of: field, network: network, context: context), !shown.isEmpty else {
            if !focused { canvas.put(placeholder, row: row, column: column + 2, style: .dim, maxWidth: width) }
            canvas.addTarget(Rect(top: row, left: column + 2, width: width, height: 1), Click.text(field, start: 0))
            return focused ? (row, column + 2) : nil
        }
        let caretColumn = (editable(field) ?? EditableText()).caretColumn(in: shown, isStored: isStored)
        let window = EditableText.window(shown, caretColumn: caretColumn, width: width)
        canvas.put(window.text, row: row, column: column + 2, style: .bold, maxWidth: width)
        canvas.addTarget(Rect(top: row, left: column + 2, width: width, height: 1), Click.text(field, start: window.start))
        return focused ? (row, column + 2 + window.caretColumn) : nil
    }

    /// A text field's value as drawn (the number grouped, the expiry with its slash, the security
    /// code masked) and which of its characters are stored ones; `nil` for the chooser and Pay.
    /// `network`: the number's, when the caller has it at hand (``network(context:)`` otherwise).
    func shownText(of field: Field, network: CardNetwork?? = nil, context: ScreenContext) -> (String, (Character) -> Bool)? {
        switch field {
        case .number: return (context.catalogue.format(digits: digits, as: network ?? self.network(context: context)), Self.isDigit)
        case .expiry: return (expiryText, { $0 != "/" })
        case .cvv: return (CardNumberMask.hidden(cvv.count, ascii: context.glyphs.isASCII), { _ in true })
        case .name: return (cardholderName, { _ in true })
        case .network, .pay: return nil
        }
    }

    /// The badges of the detected networks, from `column` in `width` columns: drawn once for the
    /// networks, the choice and the room, and stamped while they stay (their widths, names,
    /// colours and the words of a network not accepted were a tenth of a key's card form, callgrind).
    func drawBadges(metadata: CardNumberEntryMetadata?, selected: CardNetwork?, row: Int, column: Int, width: Int,
                    context: ScreenContext, into canvas: inout Canvas) {
        guard let all = metadata?.detectedCardNetworks.items, width > 0 else { return }
        let key = BadgesKey(items: all, selected: selected, column: column, width: width, notAccepted: context.localizer.text(.cardNotAccepted),
                            failure: context.glyphs.failure, catalogue: context.catalogue)
        canvas.drawKept(Self.keptBadges, key, row: row, columns: column..<column + width) { Self.drawBadges(key, into: &$0) }
    }

    /// Everything the badges are drawn from.
    private struct BadgesKey: Equatable, Sendable {
        var items: [DetectedCardNetwork]
        var selected: CardNetwork?
        var column: Int
        var width: Int
        var notAccepted: String
        var failure: String
        /// Held, so that no other catalogue (another badge's colours) takes its identity while kept.
        var catalogue: NetworkCatalogue

        static func == (a: Self, b: Self) -> Bool {
            a.items == b.items && a.selected == b.selected && a.column == b.column && a.width == b.width && a.notAccepted == b.notAccepted
                && a.failure == b.failure && a.catalogue.identity == b.catalogue.identity
        }
    }

    private static let keptBadges = KeptDrawing<BadgesKey>()

    private static func drawBadges(_ key: BadgesKey, into canvas: inout Canvas) {
        let items = key.items.filter { $0.network != .other }
        var x = key.column
        let end = key.column + key.width
        // A network not accepted says so in words when every badge fits with them; else each says
        // it with the failure mark, the same way along the row.
        let words = key.notAccepted
        let wordy = items.reduce(0) { $0 + DisplayWidth.of(" \($1.displayName) ") + ($1.allowed ? 0 : DisplayWidth.of(words)) + 1 } - 1 <= key.width
        let notAccepted = wordy ? words : key.failure
        for (index, item) in items.enumerated() {
            let name = " \(item.displayName) "
            // Badges that do not fit are counted, never cut: a cut name could read as another network.
            let later = items.count - index - 1
            let reserve = later > 0 ? DisplayWidth.of("+\(later)") : 0
            let note = item.allowed ? "" : notAccepted
            guard x + DisplayWidth.of(name + note) + reserve <= end else {
                canvas.put("+\(items.count - index)", row: 0, column: x, style: .dim, maxWidth: max(0, end - x))
                return
            }
            let style: CellStyle
            if item.allowed, item.network == key.selected {
                let badge = key.catalogue.info(item.network).badge
                style = .badge(foreground: TerminalColour(name: badge.foreground) ?? .white,
                               background: TerminalColour(name: badge.background) ?? .blue)
            } else {
                style = .dim
            }
            x += canvas.put(name, row: 0, column: x, style: style)
            x += canvas.put(note, row: 0, column: x, style: .error)
            x += 1
        }
    }

    /// The chooser: each network with its surcharge when it has one (`○ Visa +€0.30`), so the
    /// cardholder sees what the choice costs: the client session's answer for the network it
    /// answered about, the session's own figure for the others.
    func drawChooser(_ items: [DetectedCardNetwork], row: Int, column: Int, width: Int, into canvas: inout Canvas, context: ScreenContext) {
        // Drawn once for its networks, the choice and the room, and stamped while they stay: it is
        // on screen for every digit after the eighth of a co-badged card.
        let key = ChooserKey(items: items, choice: choice, focused: focus == .network, column: column, width: width, sessionDue: sessionDue,
                             session: context.session, localizer: context.localizer, glyphs: context.glyphs)
        canvas.drawKept(Self.keptChoosers, key, row: row, columns: column..<(column + width)) { Self.drawChooserRow(key, into: &$0) }
    }

    /// Everything the chooser's row is drawn from: ``drawChooserRow(_:into:)`` reads nothing else.
    private struct ChooserKey: Equatable, Sendable {
        var items: [DetectedCardNetwork]
        var choice: CardNetwork?
        var focused: Bool
        var column: Int
        var width: Int
        var sessionDue: AmountDue?
        var session: ClientSession
        var localizer: Localizer
        var glyphs: GlyphSet
    }

    private static let keptChoosers = KeptDrawing<ChooserKey>()

    /// The chooser's row, on row 0 of `canvas`, from its key alone.
    private static func drawChooserRow(_ key: ChooserKey, into canvas: inout Canvas) {
        let (glyphs, focused, column) = (key.glyphs, key.focused, key.column)
        if focused { canvas.put(glyphs.focusBar, row: 0, column: column, style: .focus) }
        let end = column + key.width
        var x = column + 2
        x += canvas.put(key.localizer.text(.cardPayWith), row: 0, column: x, style: focused ? .focus : .dim, maxWidth: end - x)
        canvas.addTarget(Rect(top: 0, left: column, width: x - column, height: 1), Click.field(.network))
        for item in key.items where x < end {
            let picked = item.network == key.choice
            let style: CellStyle = picked ? (focused ? .selection : .bold) : .normal
            let start = x
            // The mark, then the name, each its own phrase: on a mirrored screen the mark stays on the
            // side the name starts from (its right), where a right-to-left reader looks for it.
            for part in [glyphs.radio(on: picked), " ", item.displayName] where x < end {
                x += canvas.put(part, row: 0, column: x, style: style, maxWidth: end - x)
            }
            let surcharge = key.sessionDue.flatMap { $0.network == item.network ? $0.surcharge : nil } ?? key.session.surcharge(for: item.network)
            if surcharge > 0, x < end {
                let amount = key.localizer.surcharge(minorUnits: surcharge, currency: key.session.currency, ascii: glyphs.isASCII)
                x += canvas.put(" " + amount, row: 0, column: x, style: picked ? style : .accent, maxWidth: end - x)
            }
            canvas.addTarget(Rect(top: 0, left: start, width: x - start, height: 1), Click.network(item.network))
            x += canvas.put("  ", row: 0, column: x, maxWidth: max(0, end - x))
        }
    }

    /// The error rows under `fields`: their visible errors, or the notice about the key just refused
    /// in the focused one. Returns the rows taken: one is always kept, more come out of `spare`.
    func drawErrors(_ fields: [Field], row: Int, column: Int, width: Int, spare: inout Int, into canvas: inout Canvas,
                    glyphs: GlyphSet, localizer: Localizer) -> Int {
        let message: (prefix: String, text: String, style: CellStyle)
        if let notice, fields.contains(focus) {
            message = (glyphs.noteMark + " ", notice, .accent)
        } else {
            let messages = fields.compactMap { visibleError(for: $0)?.shownDescription(localizer) }
            guard !messages.isEmpty else { return 1 }
            message = (glyphs.failure + " ", messages.joined(with: glyphs.separator), .error)
        }
        let rows = canvas.putWrapped(glyphs.text(message.text), prefix: message.prefix, row: row, column: column, width: width,
                                     maxLines: min(3, 1 + max(0, spare)), style: message.style, ellipsis: glyphs.ellipsis)
        spare -= max(0, rows - 1)
        return max(1, rows)
    }
}
