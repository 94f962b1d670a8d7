import CheckoutCore
import CheckoutStore
import NolPay

/// The lists of Nol cards: the reader's cards, the cards linked to a number (pay, unlink, My
/// cards), and the actions My cards offers for one of them.
///
/// A row reads `▸ label  •••• 0125  AED 150.00 note`, in columns. The label gives up columns
/// first: cut with an ellipsis on the other rows, it wraps whole on the chosen row. The note says
/// why a card cannot pay before it is chosen: `blocked`, `expired`, or `below fare` when its
/// balance is less than the amount a payment takes. A Transit failure about a card shows under
/// that card while it is the one chosen. A list taller than its room scrolls to keep the chosen
/// row, and what is under it, in view. Every row, and every action, is a click target.
extension NolFlowScreen {
    /// One row of a card list as the person reads it.
    struct CardLine: Sendable, Equatable {
        var label: String
        var last4: String?
        var balance: Int?
        /// Why the card cannot pay, or `nil`: `blocked`, `expired`, `below fare`.
        var note: String?
        /// True when the note says the balance is below the fare: the balance is marked too.
        var belowFare = false
        var cardNumber: String?
    }

    /// The reader's cards, with their state, whether they are linked already, and whether they
    /// hold the fare.
    func readerLines(_ text: Localizer) -> [CardLine] {
        readerCards.map { card in
            let belowFare = card.status == "active" && linkedNumbers[card.cardNumber] == nil && card.balance < nol.fare
            let note: String? = card.status != "active" ? Self.status(card.status, text)
                : linkedNumbers[card.cardNumber] != nil ? text.text(.nolNoteLinked)
                : (belowFare ? text.text(.nolNoteBelowFare) : nil)
            return CardLine(label: card.label, last4: String(card.cardNumber.suffix(4)), balance: card.balance, note: note,
                            belowFare: belowFare, cardNumber: card.cardNumber)
        }
    }

    /// A card's status as a list or a sentence says it: the Nol system's word for one it does not name.
    static func status(_ status: String, _ text: Localizer) -> String {
        switch status {
        case "blocked": text.text(.nolNoteBlocked)
        case "expired": text.text(.nolNoteExpired)
        default: status
        }
    }

    /// Linked cards; marked when below the fare where paying is what the list is for.
    func linkedLines(_ cards: [NolPaymentCard], _ text: Localizer) -> [CardLine] {
        let marksFare = flow != .unlink
        return cards.map { card in
            let belowFare = marksFare && card.balance < nol.fare
            return CardLine(label: card.label, last4: card.last4, balance: card.balance,
                            note: belowFare ? text.text(.nolNoteBelowFare) : nil, belowFare: belowFare, cardNumber: card.cardNumber)
        }
    }

    /// The actions My cards offers for a card, as its menu names them.
    func actionTitle(_ action: CardAction, _ context: ScreenContext) -> String {
        switch action {
        case .pay: context.localizer.text(.nolActionPay, context.money(nol.fare, currency: nol.currency))
        case .unlink: context.localizer.text(.nolActionUnlink)
        }
    }

    /// Draws `lines` from row `top` down to (not including) `bottom`, `selected` chosen; with
    /// `actions`, the chosen card's actions open under it and the focus is on one of them.
    /// Returns the row after the list.
    func drawCardList(_ lines: [CardLine], selected: Int, actions: (titles: [String], selected: Int)? = nil, top: Int, left: Int,
                      width: Int, bottom: Int, into canvas: inout Canvas, context: ScreenContext) -> Int {
        guard !lines.isEmpty, bottom > top else { return top }
        let selected = min(max(0, selected), lines.count - 1)
        let glyphs = context.glyphs
        let layout = CardColumns(lines, width: width, context: context)
        let failure = lines.indices.contains(selected) ? lines[selected].cardNumber.flatMap { cardFailures[$0] } : nil
        let failureLines = failure.map { self.failureLines($0, width: width - 4, context: context) } ?? []

        // Each row's height: one, and for the chosen one its wrapped label, failure and actions.
        let labelLines = lines.enumerated().map { index, line in
            index == selected ? layout.wrappedLabel(line, glyphs: glyphs) : [layout.cutLabel(line, glyphs: glyphs)]
        }
        let heights = lines.indices.map { index in
            labelLines[index].count + (index == selected ? failureLines.count + (actions?.titles.count ?? 0) : 0)
        }
        var first = 0
        let room = bottom - top
        while first < selected, heights[first...selected].reduce(0, +) + (first > 0 ? 1 : 0) + (selected < lines.count - 1 ? 1 : 0) > room {
            first += 1
        }

        var row = top
        func put(_ text: String, _ column: Int, _ style: CellStyle, maxWidth: Int? = nil) {
            guard row < bottom else { return }
            canvas.put(text, row: row, column: column, style: style, maxWidth: maxWidth)
        }
        if first > 0 {
            put(glyphs.moreAbove(context.localizer), left + 4, .dim)
            row += 1
        }
        for index in first..<lines.count {
            let isLast = index == lines.count - 1
            if index > selected, row + heights[index] > bottom - (isLast ? 0 : 1) {
                put(glyphs.moreBelow(context.localizer), left + 4, .dim)
                return row + 1
            }
            let line = lines[index], chosen = index == selected
            let focused = chosen && actions == nil
            let style: CellStyle = focused ? .selection : (chosen ? .bold : (line.last4 == nil ? .dim : .normal))
            canvas.addTarget(Rect(top: row, left: left, width: width, height: min(labelLines[index].count, bottom - row)),
                             Click.row(index))
            for (offset, text) in labelLines[index].enumerated() where row < bottom {
                if focused {
                    // The bar spans the row's columns, not the whole width of a wide terminal.
                    canvas.put(glyphs.focusBar, row: row, column: left, style: .focus)
                    canvas.fill(row: row, column: left + 2, count: min(width - 2, 2 + layout.width(of: line, glyphs: glyphs)),
                                style: .selection)
                }
                if offset == 0 { put(chosen ? glyphs.pointer : " ", left + 2, style) }
                put(text, left + 4, style, maxWidth: width - 4)
                if offset == 0 { layout.drawColumns(line, row: row, left: left, style: style, focused: focused, into: &canvas, glyphs: glyphs) }
                row += 1
            }
            guard chosen else { continue }
            for (prefix, text, lineStyle) in failureLines {
                put(prefix, left + 4, lineStyle)
                put(text, left + 4 + failurePrefixWidth(glyphs), lineStyle, maxWidth: width - 4 - failurePrefixWidth(glyphs))
                row += 1
            }
            if let actions {
                for (offset, title) in actions.titles.enumerated() where row < bottom {
                    let on = offset == actions.selected
                    canvas.addTarget(Rect(top: row, left: left, width: width, height: 1), Click.action(offset))
                    let text = (on ? glyphs.pointer : " ") + " " + context.truncate(title, to: width - 6)
                    if on {
                        canvas.put(glyphs.focusBar, row: row, column: left, style: .focus)
                        canvas.fill(row: row, column: left + 4, count: min(width - 4, DisplayWidth.of(text) + 1), style: .selection)
                    }
                    put(text, left + 4, on ? .selection : .normal)
                    row += 1
                }
            }
        }
        return row
    }

    /// How a list's columns share its width.
    struct CardColumns {
        var labelWidth: Int
        var contentWidth: Int
        var gap: Int
        var balanceWidth: Int
        var noteWidth: Int
        var hasCards: Bool

        /// How a balance is written: in the screen's locale.
        var money: (Int) -> String

        init(_ lines: [CardLine], width: Int, context: ScreenContext) {
            let glyphs = context.glyphs
            let money: (Int) -> String = { context.money($0, currency: NolFare.currency) }
            self.money = money
            contentWidth = max(1, width - 4)
            balanceWidth = lines.compactMap { $0.balance.map { DisplayWidth.of(glyphs.text(money($0))) } }.max() ?? 0
            noteWidth = lines.compactMap { $0.note.map { DisplayWidth.of(glyphs.text($0)) } }.max() ?? 0
            hasCards = lines.contains { $0.last4 != nil }
            let longest = lines.filter { $0.last4 != nil }.map { DisplayWidth.of(glyphs.text($0.label)) }.max() ?? 0
            gap = 2
            labelWidth = 0
            // Narrow, the gaps between columns close up before the labels get shorter than 16.
            if contentWidth - fixedWidth < min(longest, 16) { gap = 1 }
            labelWidth = max(6, min(longest, contentWidth - fixedWidth))
        }

        /// The columns a row takes right of its pointer: a card's label column and the columns
        /// after it, or the text of a row that is not a card.
        func width(of line: CardLine, glyphs: GlyphSet) -> Int {
            line.last4 == nil ? min(contentWidth, DisplayWidth.of(glyphs.text(line.label))) : labelWidth + fixedWidth
        }

        /// The columns right of the label: the masked number, the balance, the note.
        var fixedWidth: Int {
            (hasCards ? gap + 9 : 0) + (balanceWidth > 0 ? gap + balanceWidth : 0) + (noteWidth > 0 ? 1 + noteWidth : 0)
        }

        /// A label on one line, cut to its column (a row that is not a card has the whole width).
        func cutLabel(_ line: CardLine, glyphs: GlyphSet) -> String {
            Canvas.truncate(glyphs.text(line.label), to: line.last4 == nil ? contentWidth : labelWidth, ellipsis: glyphs.ellipsis)
        }

        /// A label wrapped whole in its column, on up to four lines (a label of 30 characters at
        /// the narrowest the list gets).
        func wrappedLabel(_ line: CardLine, glyphs: GlyphSet) -> [String] {
            let width = line.last4 == nil ? contentWidth : labelWidth
            let lines = Canvas.wrap(glyphs.text(line.label), width: width, maxLines: 4, ellipsis: glyphs.ellipsis)
            return lines.isEmpty ? [""] : lines
        }

        /// The masked number, the balance right-aligned and the note, on a row's first line.
        func drawColumns(_ line: CardLine, row: Int, left: Int, style: CellStyle, focused: Bool, into canvas: inout Canvas,
                         glyphs: GlyphSet) {
            guard let last4 = line.last4 else { return }
            // Clipped to the list's columns, so a list squeezed below its narrowest never runs into the SMS panel.
            let end = left + 4 + contentWidth
            func put(_ text: String, _ column: Int, _ style: CellStyle) {
                canvas.put(text, row: row, column: column, style: style, maxWidth: max(0, end - column))
            }
            var x = left + 4 + labelWidth + gap
            put(CardNumberMask.lastFour(last4, ascii: glyphs.isASCII), x, style)
            x += 9 + gap
            let warns = line.note != nil && !focused
            if let balance = line.balance {
                let money = glyphs.text(self.money(balance))
                put(money, x + balanceWidth - DisplayWidth.of(money), warns && line.belowFare ? .error : style)
            }
            x += balanceWidth
            if let note = line.note { put(" " + glyphs.text(note), x, warns ? .error : style) }
        }
    }
}
