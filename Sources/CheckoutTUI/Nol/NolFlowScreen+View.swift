import CheckoutStore
import NolPay

extension NolFlowScreen {
    /// The steps of the flow as the indicator names them, and which one is current.
    var steps: (names: [String], current: Int) { Self.steps(flow: flow, stage: stage, pick: pick) }

    /// The steps of `flow` and which one `stage` and `pick` show.
    static func steps(flow: Flow, stage: Stage, pick: CardPick) -> (names: [String], current: Int) {
        switch (flow, stage) {
        case (.link, .scan): (Self.linkSteps, 0)
        case (.link, .phone): (Self.linkSteps, 1)
        case (.link, .code): (Self.linkSteps, 2)
        case (.link, _): (Self.linkSteps, 3)
        case (.cards, .cardsList(nil)): (["Phone", "Linked cards"], 0)
        case (.cards, _): (["Phone", "Linked cards"], 1)
        case (.pay, .cardAndPhone): (Self.paySteps, pick == .phone ? 0 : 1)
        case (.pay, .requested): (Self.paySteps, 2)
        case (.pay, _): (Self.paySteps, 3)
        case (.unlink, .cardAndPhone): (Self.unlinkSteps, pick == .phone ? 0 : 1)
        case (.unlink, .code): (Self.unlinkSteps, 2)
        case (.unlink, _): (Self.unlinkSteps, 3)
        }
    }

    static let linkSteps = ["Scan card", "Phone", "Code", "Linked"]
    static let paySteps = ["Phone", "Card", "Payment", "Result"]
    static let unlinkSteps = ["Phone", "Card", "Code", "Unlinked"]

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        var row = area.top + 1
        var column = left
        let (names, current) = steps
        for (index, name) in names.enumerated() {
            if index > 0 { column += canvas.put(" \(glyphs.horizontal) ", row: row, column: column, style: .dim) }
            // The marker says which step is current where colour cannot: NO_COLOR, a monochrome
            // terminal, a screen reader, a text snapshot.
            if index == current { column += canvas.put(glyphs.pointer, row: row, column: column, style: .accent) }
            let style: CellStyle = index == current ? .accent : (index < current ? .normal : .dim)
            column += canvas.put("\(glyphs.stepNumber(index + 1)) \(name)", row: row, column: column, style: style)
        }
        row += 2
        let panelWidth = 28
        let showsPanel = showsPanel(width: area.width)
        let bodyWidth = area.width - 4 - (showsPanel ? panelWidth + 2 : 0)
        canvas.put(context.truncate(instruction, to: bodyWidth), row: row, column: left)
        row += 2
        let mask = String(repeating: glyphs.maskedDigit, count: 4)

        switch stage {
        case .scan:
            for (index, card) in readerCards.enumerated() where row < area.bottom - 3 {
                let chosen = index == selected
                if chosen { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
                let state = card.status == "active" ? NolAmount.format(card.balance, currency: "AED") : card.status
                let line = "\(chosen ? glyphs.pointer : " ") \(context.truncate(card.label, to: 30).padding(30)) \(mask) \(card.cardNumber.suffix(4))  \(state)"
                canvas.put(context.truncate(line, to: bodyWidth - 2), row: row, column: left + 2, style: chosen ? .selection : .normal)
                row += 1
            }
        case let .linked(card):
            row = result(into: &canvas, row: row, left: left, width: bodyWidth, headline: "\(glyphs.success) Card linked", style: .success,
                         lines: [("Card", "\(context.truncate(card.label, to: max(1, bodyWidth - 23))) \(mask) \(card.last4)"),
                                 ("Balance", NolAmount.format(card.balance, currency: "AED"))], context: context)
        case let .paid(payment), let .declined(payment):
            let approved = payment.status == "AUTHORIZED"
            row = result(into: &canvas, row: row, left: left, width: bodyWidth,
                         headline: approved ? "\(glyphs.success) Payment authorized" : "\(glyphs.failure) Payment declined",
                         style: approved ? .success : .error,
                         lines: [("Payment id", payment.id), ("Status", payment.status),
                                 ("Amount", NolAmount.format(payment.amount, currency: payment.currency)),
                                 ("Card", "Nol \(mask) \(payment.last4)"), ("New balance", NolAmount.format(payment.balance, currency: payment.currency))],
                         context: context)
        case let .unlinked(card):
            row = result(into: &canvas, row: row, left: left, width: bodyWidth, headline: "\(glyphs.success) Card unlinked", style: .success,
                         lines: [("Card", "Nol \(mask) \(card.suffix(4))")], context: context)
        case .requested:
            canvas.put(context.truncate("Asking the Nol system to charge the card…", to: bodyWidth), row: row, column: left, style: .dim)
        case .cardAndPhone:
            row = cardAndPhoneRows(into: &canvas, row: row, left: left, width: bodyWidth, bottom: area.bottom, context: context)
        case let .cardsList(cards?):
            row = fieldRows(into: &canvas, row: row, left: left, width: bodyWidth, context: context)
            if cards.isEmpty {
                canvas.put("No cards are linked to this number.", row: row, column: left, style: .dim)
            }
            for card in cards where row < area.bottom - 3 {
                canvas.put(context.truncate(Self.linkedCardLine(card, glyphs: glyphs), to: bodyWidth), row: row, column: left + 2)
                row += 1
            }
        default:
            row = fieldRows(into: &canvas, row: row, left: left, width: bodyWidth, smsLine: !showsPanel, context: context)
        }

        if let failure, row < area.bottom - 1 {
            failureRows(failure, into: &canvas, below: row, area: area, panelBottom: showsPanel ? panelBottom(area: area) : nil,
                        glyphs: glyphs)
        }
        if busy { canvas.put(glyphs.ellipsis, row: area.top + 3, column: left + bodyWidth - DisplayWidth.of(glyphs.ellipsis), style: .accent) }
        if showsPanel, let sms {
            panel(sms, into: &canvas, top: area.top + 3, left: area.left + area.width - panelWidth - 2, width: panelWidth, glyphs: glyphs)
        }
    }

    private var instruction: String {
        switch stage {
        case .scan: "Hold a Nol card to the reader: choose it and press enter to tap."
        case .phone: "Enter the mobile number that receives the code."
        case .code: "Enter the 6-digit code sent by SMS."
        case .cardAndPhone:
            switch pick {
            case .phone:
                flow == .pay ? "Pay \(NolAmount.format(worker.amount, currency: "AED")) with a Nol card: enter its mobile number."
                    : "Enter the mobile number the card is linked to."
            case .list: flow == .pay ? "Choose the card to pay with." : "Choose the card to unlink."
            case .typed: "Type the number printed on the back of the Nol card."
            }
        case .requested: "Payment requested."
        case .cardsList: "Enter a mobile number to see its linked cards."
        case .linked: "The card is ready to pay with."
        case .paid, .declined: "Payment result."
        case .unlinked: "The card is no longer linked to this number."
        }
    }

    private func label(_ field: Field) -> String {
        switch field {
        case .card: "Nol card"
        case .phone: "Mobile number"
        case .code: "Code"
        }
    }

    private func fieldRows(into canvas: inout Canvas, row start: Int, left: Int, width: Int, smsLine: Bool = false,
                           context: ScreenContext) -> Int {
        let glyphs = context.glyphs
        var row = start
        let valueWidth = max(1, width - 18)
        for field in fields {
            let focused = field == focus
            if focused { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
            canvas.put(label(field) + (fieldErrors[field] != nil ? " *" : ""), row: row, column: left + 2,
                       style: fieldErrors[field] != nil ? .error : (focused ? .bold : .dim))
            let edited = values[field] ?? EditableText()
            if edited.isEmpty && field == .code {
                canvas.put("______", row: row, column: left + 18, style: focused ? .focus : .normal, maxWidth: valueWidth)
                if focused { canvas.cursor = (row, left + 18) }
            } else {
                let window = EditableText.window(edited.text, caretColumn: edited.caretColumn(in: edited.text) { _ in true }, width: valueWidth)
                canvas.put(window.text, row: row, column: left + 18, style: focused ? .focus : .normal, maxWidth: valueWidth)
                if focused { canvas.cursor = (row, left + 18 + window.caretColumn) }
            }
            row += 1
            if let error = fieldErrors[field] {
                row += canvas.putWrapped(glyphs.text(error), row: row, column: left + 18, width: valueWidth, maxLines: 3, style: .error,
                                         ellipsis: glyphs.ellipsis)
            } else if focused, let notice {
                row += canvas.putWrapped(notice, prefix: glyphs.noteMark + " ", row: row, column: left + 18, width: valueWidth, maxLines: 3,
                                         style: .accent, ellipsis: glyphs.ellipsis)
            }
            // Without room for the SMS panel the code still shows, on one line under its field.
            if field == .code, smsLine, let sms {
                canvas.put(context.truncate("SMS: \(sms.code) from Nol Pay", to: valueWidth), row: row, column: left + 18, style: .accent)
                row += 1
            }
        }
        return row + 1
    }

    /// Draws what went wrong and what to do next, wrapped, at the foot of the area and below the
    /// rows already drawn; beside the SMS panel it keeps to the body's width.
    private func failureRows(_ failure: NolPayError, into canvas: inout Canvas, below row: Int, area: Rect, panelBottom: Int?,
                             glyphs: GlyphSet) {
        let left = area.left + 2
        func layout(width: Int) -> (top: Int, message: [String], advice: [String]) {
            // Three rows each at most, fewer when the rows drawn above leave less room.
            let room = area.bottom - 1 - (row + 1)
            let message = Canvas.wrap(glyphs.text(failure.message), width: width - 2, maxLines: min(3, max(1, room - 1)),
                                      ellipsis: glyphs.ellipsis)
            let advice = Canvas.wrap(glyphs.text(failure.recoverySuggestion), width: width - 2,
                                     maxLines: min(3, max(1, room - message.count)), ellipsis: glyphs.ellipsis)
            return (max(row + 1, area.bottom - 1 - message.count - advice.count), message, advice)
        }
        var block = layout(width: area.width - 4)
        if let panelBottom, block.top <= panelBottom { block = layout(width: area.width - 4 - 30) }
        let indent = max(DisplayWidth.of(glyphs.failure), DisplayWidth.of(glyphs.advice)) + 1
        for (offset, line) in block.message.enumerated() {
            if offset == 0 { canvas.put(glyphs.failure, row: block.top, column: left, style: .error) }
            canvas.put(line, row: block.top + offset, column: left + indent, style: .error)
        }
        let adviceTop = block.top + block.message.count
        for (offset, line) in block.advice.enumerated() where adviceTop + offset < area.bottom {
            if offset == 0 { canvas.put(glyphs.advice, row: adviceTop, column: left) }
            canvas.put(line, row: adviceTop + offset, column: left + indent)
        }
    }

    /// The last row of the SMS panel.
    func panelBottom(area: Rect) -> Int {
        guard let sms else { return area.top }
        return area.top + 3 + 5 + Canvas.wrap(sms.body, width: 28 - 4).count + 1
    }

    /// Whether the SMS panel fits beside the body in an area `width` columns wide.
    func showsPanel(width: Int) -> Bool { sms != nil && width >= 70 }

    /// The pay and unlink flows' first step: the number, then the cards linked to it or a typed one.
    private func cardAndPhoneRows(into canvas: inout Canvas, row start: Int, left: Int, width: Int, bottom: Int,
                                  context: ScreenContext) -> Int {
        let glyphs = context.glyphs
        let number: MobileNumber
        switch pick {
        case .phone: return fieldRows(into: &canvas, row: start, left: left, width: width, context: context)
        case let .list(_, looked), let .typed(_, looked): number = looked
        }
        var row = start
        canvas.put(label(.phone), row: row, column: left + 2, style: .dim)
        canvas.put(number.display, row: row, column: left + 18, maxWidth: width - 18)
        row += 2
        guard case let .list(cards, _) = pick else { return fieldRows(into: &canvas, row: row, left: left, width: width, context: context) }
        let rows = cards.map { Self.linkedCardLine($0, glyphs: glyphs) } + ["Type a card number" + glyphs.ellipsis]
        for (index, line) in rows.enumerated() where row < bottom - 3 {
            let chosen = index == selected
            if chosen { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
            canvas.put(context.truncate("\(chosen ? glyphs.pointer : " ") \(line)", to: width - 2), row: row, column: left + 2,
                       style: chosen ? .selection : (index == cards.count ? .dim : .normal))
            row += 1
        }
        return row + 1
    }

    /// A linked card as My cards and the pay and unlink chooser list it: label, last four, balance.
    private static func linkedCardLine(_ card: NolPaymentCard, glyphs: GlyphSet) -> String {
        let label = Canvas.truncate(glyphs.text(card.label), to: 30, ellipsis: glyphs.ellipsis).padding(30)
        return "\(label) \(String(repeating: glyphs.maskedDigit, count: 4)) \(card.last4)  \(NolAmount.format(card.balance, currency: "AED"))"
    }

    private func result(into canvas: inout Canvas, row start: Int, left: Int, width: Int, headline: String, style: CellStyle,
                        lines: [(String, String)], context: ScreenContext) -> Int {
        var row = start
        canvas.put(headline, row: row, column: left, style: style)
        row += 2
        for (name, value) in lines {
            canvas.put(name, row: row, column: left, style: .dim)
            // Clipped to the body, so a long card label never runs into the SMS panel.
            canvas.put(context.truncate(value, to: max(1, width - 13)), row: row, column: left + 14, style: .bold)
            row += 1
        }
        return row + 1
    }

    private func panel(_ sms: NolSMSRecord, into canvas: inout Canvas, top: Int, left: Int, width: Int, glyphs: GlyphSet) {
        let inner = width - 4
        let horizontal = glyphs.horizontal
        canvas.put(glyphs.topLeft + horizontal + " SMS " + String(repeating: horizontal, count: width - 8) + glyphs.topRight,
                   row: top, column: left, style: .accent)
        var lines = ["From: Nol Pay", "To: \(sms.mobileNumber)", "", "Code  \(sms.code)", ""]
        lines += Canvas.wrap(glyphs.text(sms.body), width: inner, ellipsis: glyphs.ellipsis)
        for (offset, line) in lines.enumerated() {
            canvas.put(glyphs.vertical, row: top + 1 + offset, column: left, style: .accent)
            canvas.put(line, row: top + 1 + offset, column: left + 2, style: line.hasPrefix("Code") ? .bold : .normal, maxWidth: inner)
            canvas.put(glyphs.vertical, row: top + 1 + offset, column: left + width - 1, style: .accent)
        }
        canvas.put(glyphs.bottomLeft + String(repeating: horizontal, count: width - 2) + glyphs.bottomRight,
                   row: top + 1 + lines.count, column: left, style: .accent)
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        let missing = width - DisplayWidth.of(self)
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }
}
