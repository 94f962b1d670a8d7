import CheckoutCore
import CheckoutEngine
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
        case (.cards, _): (Self.cardsSteps, pick == .phone ? 0 : 1)
        case (.pay, .cardAndPhone): (Self.paySteps, pick == .phone ? 0 : 1)
        case (.pay, _): (Self.paySteps, 2)
        case (.unlink, .cardAndPhone): (Self.unlinkSteps, pick == .phone ? 0 : 1)
        case (.unlink, .code): (Self.unlinkSteps, 2)
        case (.unlink, _): (Self.unlinkSteps, 3)
        }
    }

    static let linkSteps = ["Scan card", "Phone", "Code", "Linked"]
    static let cardsSteps = ["Phone", "Linked cards"]
    /// Paying has no step between asking and the answer a person could stop at: the request and
    /// its result are one step, so the bar never jumps over one.
    static let paySteps = ["Phone", "Card", "Payment"]
    static let unlinkSteps = ["Phone", "Card", "Code", "Unlinked"]

    /// Each step's name (as ``steps`` gives it, in English) and the sentence it is shown as.
    static let stepKeys: [String: TextKey0] = [
        "Scan card": .nolStepScan, "Phone": .nolStepPhone, "Code": .nolStepCode, "Linked": .nolStepLinked, "Linked cards": .nolStepLinkedCards,
        "Card": .nolStepCard, "Payment": .nolStepPayment, "Unlinked": .nolStepUnlinked,
    ]

    /// Where the values of field rows start, right of their labels.
    static let valueColumn = 18

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let glyphs = context.glyphs
        let text = context.localizer
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
            column += canvas.put("\(glyphs.stepNumber(index + 1)) \(Self.stepKeys[name].map { text.text($0) } ?? name)", row: row, column: column, style: style)
        }
        if busy {
            // The spinner turns at the end of the step line while the Nol system is asked.
            let frames = glyphs.spinner
            let spinner = frames[context.animationFrame % frames.count]
            let text = area.left + area.width - 2 - column >= 12 ? text.text(.nolWorking, spinner) : spinner
            canvas.put(text, row: row, column: area.left + area.width - 2 - DisplayWidth.of(text), style: .accent)
        }
        row += 2
        let panelWidth = 28
        let showsPanel = showsPanel(width: area.width)
        let bodyWidth = area.width - 4 - (showsPanel ? panelWidth + 2 : 0)
        // The instruction wraps rather than losing its end at 60 columns; a finished flow has its
        // headline first and says what it means under it.
        if let instruction = instruction(context) {
            for line in Self.wrap(instruction, width: bodyWidth, maxLines: 2, glyphs: glyphs) {
                canvas.put(line, row: row, column: left)
                row += 1
            }
            row += 1
        }
        let ascii = glyphs.isASCII
        // The body keeps the row above the footer free, as the card form does.
        let bottom = area.bottom - 1

        switch stage {
        case .scan:
            row = drawCardList(readerLines(text), selected: selected, top: row, left: left, width: bodyWidth, bottom: bottom,
                               into: &canvas, context: context) + 1
        case let .linked(card):
            row = result(into: &canvas, row: row, left: left, width: bodyWidth, headline: text.text(.nolCardLinked, glyphs.success), style: .success,
                         lines: [(text.text(.resultCard), CardNumberMask.named(card.label, last4: card.last4, ascii: ascii)),
                                 (text.text(.nolBalance), context.money(card.balance, currency: nol.currency))],
                         note: text.text(.nolCardReady), context: context)
        case let .paid(payment), let .declined(payment):
            let approved = payment.status == "AUTHORIZED"
            // A decline leaves the balance as it was: it is the card's balance, not a new one.
            row = result(into: &canvas, row: row, left: left, width: bodyWidth,
                         headline: approved ? text.text(.resultAuthorized, glyphs.success) : text.text(.resultDeclined, glyphs.failure),
                         style: approved ? .success : .error,
                         lines: [(text.text(.resultPaymentId), payment.id), (text.text(.resultStatus), text.paymentStatus(payment.status)),
                                 (text.text(.resultAmount), context.money(payment.amount, currency: payment.currency)),
                                 (text.text(.resultCard), CardNumberMask.named("Nol", last4: payment.last4, ascii: ascii)),
                                 (text.text(approved ? .nolNewBalance : .nolBalance), context.money(payment.balance, currency: payment.currency))],
                         context: context)
        case let .unlinked(card):
            row = result(into: &canvas, row: row, left: left, width: bodyWidth, headline: text.text(.nolCardUnlinked, glyphs.success), style: .success,
                         lines: [(text.text(.resultCard), chosenCardText(ascii: ascii) ?? CardNumberMask.named("Nol", last4: card.suffix(4), ascii: ascii))],
                         note: text.text(.nolNoLongerLinked), context: context)
        case .requested:
            canvas.put(context.truncate(text.text(.nolAsking), to: bodyWidth), row: row, column: left, style: .dim)
        case .cardAndPhone, .cardActions:
            row = cardAndPhoneRows(into: &canvas, row: row, left: left, width: bodyWidth, bottom: bottom, context: context)
        case .phone, .code:
            if let card = chosenCardText(ascii: ascii) {
                row = valueRow(text.text(.resultCard), card, into: &canvas, row: row, left: left, width: bodyWidth, glyphs: glyphs) + 1
            }
            row = fieldRows(into: &canvas, row: row, left: left, width: bodyWidth, bottom: bottom, smsLine: !showsPanel, context: context)
        }

        // A failure with no field or card to stand by goes at the foot; a decline's reason right
        // under the result it explains.
        if let failure, fields.isEmpty, row < area.bottom - 1 {
            failureRows(failure, into: &canvas, below: row, area: area, panelBottom: showsPanel ? panelBottom(area: area, context: context) : nil,
                        atFoot: !isFinished, context: context)
        }
        if showsPanel, let sms {
            panel(sms, into: &canvas, top: area.top + 3, left: area.left + area.width - panelWidth - 2, width: panelWidth, context: context)
        }
    }

    private func instruction(_ context: ScreenContext) -> String? {
        let text = context.localizer
        return switch stage {
        case .scan: text.text(.nolScan)
        case .phone: text.text(.nolPhone)
        case .code: codeSentTo.map { text.text(.nolCodeTo, Self.unbroken($0)) } ?? text.text(.nolCode)
        case .cardAndPhone:
            switch (flow, pick) {
            case (.cards, .phone): text.text(.nolCardsPhone)
            case (.cards, _): text.text(.nolCardsChoose)
            case (_, .phone):
                flow == .pay ? text.text(.nolPayPhone, context.money(nol.fare, currency: nol.currency)) : text.text(.nolUnlinkPhone)
            case (_, .list):
                flow == .pay ? text.text(.nolPayChoose, context.money(nol.fare, currency: nol.currency)) : text.text(.nolUnlinkChoose)
            case (_, .typed): text.text(.nolTyped)
            }
        case .cardActions: text.text(.nolCardActions)
        case .requested: text.text(.nolRequested)
        case .linked, .paid, .declined, .unlinked: nil
        }
    }

    private func label(_ field: Field, _ text: Localizer) -> String {
        switch field {
        case .card: text.text(.nolLabelCard)
        case .phone: text.text(.nolLabelPhone)
        case .code: text.text(.nolLabelCode)
        }
    }

    /// The card the later steps of linking or unlinking are about, masked: `Silver card •••• 0125`.
    private func chosenCardText(ascii: Bool) -> String? {
        guard flow == .link || flow == .unlink, let number = chosenCard else { return nil }
        let label = readerCards.first { $0.cardNumber == number }?.label
            ?? linkedCards?.cards.first { $0.cardNumber == number }?.label ?? "Nol"
        return CardNumberMask.named(label, last4: number.suffix(4), ascii: ascii)
    }

    /// A labelled value that is not edited, wrapped under itself: returns the row after it.
    private func valueRow(_ name: String, _ value: String, into canvas: inout Canvas, row start: Int, left: Int, width: Int,
                          glyphs: GlyphSet) -> Int {
        var row = start
        canvas.put(name, row: row, column: left + 2, style: .dim)
        for line in Self.wrap(value, width: max(1, width - Self.valueColumn), maxLines: 2, glyphs: glyphs) {
            canvas.put(line, row: row, column: left + Self.valueColumn)
            row += 1
        }
        return row
    }

    /// `text` with no-break spaces, so that ``wrap(_:width:maxLines:glyphs:)`` keeps it on one line.
    static func unbroken(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == " " ? "\u{00A0}" : $0 })) }

    /// `text` wrapped to `width` in `glyphs`; a no-break space (between `••••` and the last four)
    /// holds its neighbours together and is drawn as a space.
    static func wrap(_ text: String, width: Int, maxLines: Int, glyphs: GlyphSet) -> [String] {
        Canvas.wrap(text, width: width, maxLines: maxLines, ellipsis: glyphs.ellipsis)
            .map { glyphs.text(String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "\u{00A0}" ? " " : $0 }))) }
    }

    private func fieldRows(into canvas: inout Canvas, row start: Int, left: Int, width: Int, bottom: Int, smsLine: Bool = false,
                           context: ScreenContext) -> Int {
        let glyphs = context.glyphs
        var row = start
        let valueWidth = max(1, width - Self.valueColumn)
        for field in fields {
            let focused = field == focus
            if focused { canvas.put(glyphs.focusBar, row: row, column: left, style: .focus) }
            canvas.put(label(field, context.localizer) + (fieldErrors[field] != nil ? " *" : ""), row: row, column: left + 2,
                       style: fieldErrors[field] != nil ? .error : (focused ? .bold : .dim))
            let edited = values[field] ?? EditableText()
            let column = left + Self.valueColumn
            canvas.addTarget(Rect(top: row, left: left, width: Self.valueColumn, height: 1), Click.field(field, start: nil))
            var start = 0
            if field == .code {
                // The code's six places show from the start, filled as it is typed.
                let shown = edited.text + String(repeating: "_", count: max(0, Self.limit(of: .code) - edited.count))
                canvas.put(shown, row: row, column: column, style: focused ? .focus : .normal, maxWidth: valueWidth)
                if focused { canvas.cursor = (row, column + min(valueWidth - 1, edited.caretColumn(in: edited.text) { _ in true })) }
            } else if edited.isEmpty, field == .phone {
                canvas.put(glyphs.text(context.localizer.text(.nolPhoneExample)), row: row, column: column, style: .dim, maxWidth: valueWidth)
                if focused { canvas.cursor = (row, column) }
            } else {
                let window = EditableText.window(edited.text, caretColumn: edited.caretColumn(in: edited.text) { _ in true }, width: valueWidth)
                canvas.put(window.text, row: row, column: column, style: focused ? .focus : .normal, maxWidth: valueWidth)
                if focused { canvas.cursor = (row, column + window.caretColumn) }
                start = window.start
            }
            canvas.addTarget(Rect(top: row, left: column, width: valueWidth, height: 1), Click.field(field, start: start))
            row += 1
            if let error = fieldErrors[field] {
                // As every other error reads: what is wrong after ✗, what to type after →.
                let indent = failurePrefixWidth(glyphs)
                for (prefix, text, style) in messageLines(error.shownDescription(context.localizer), advice: error.shownAdvice(context.localizer),
                                                          width: width - 2, glyphs: glyphs, rightToLeft: context.localizer.language.direction == .rightToLeft)
                    where row < bottom {
                    canvas.put(prefix, row: row, column: left + 2, style: style)
                    canvas.put(text, row: row, column: left + 2 + indent, style: style, maxWidth: width - 2 - indent)
                    row += 1
                }
            } else if focused, let notice {
                row += canvas.putWrapped(notice.text(context.localizer), prefix: glyphs.noteMark + " ", row: row, column: column, width: valueWidth, maxLines: 3,
                                         style: .accent, ellipsis: glyphs.ellipsis)
            }
            if field == .code, fieldErrors[field] == nil, !(focused && notice != nil), let line = codeStatus(context: context) {
                canvas.put(context.truncate(line, to: valueWidth), row: row, column: column, style: newCodeSent ? .accent : .dim)
                row += 1
            }
            // Without room for the SMS panel the code still shows, on one line under its field.
            if field == .code, smsLine, let sms {
                let text = context.localizer
                let line = smsDead.map { text.text(.nolSMSLineDead, sms.code, text.text($0)) } ?? text.text(.nolSMSLine, sms.code)
                canvas.put(context.truncate(line, to: valueWidth), row: row, column: column,
                           style: smsDead == nil ? .accent : .dim)
                row += 1
            }
            // What went wrong stands under the field it concerns: the typed card's, or the step's.
            let typedCard = field == .card ? currentCard.flatMap { cardFailures[$0] } : nil
            if let shown = typedCard ?? (field == fields.last ? failure : nil) {
                row += 1
                row += drawFailure(shown, row: row, left: left + 2, width: width - 2, bottom: bottom, into: &canvas, context: context)
            }
        }
        return row + 1
    }

    /// The line under the code field once a new code has come (the countdown to the next one is
    /// the footer's, `F5/ctrl+r resend in 24 s`, and a dead code's advice).
    func codeStatus(context: ScreenContext) -> String? {
        newCodeSent ? context.localizer.text(.nolNewCodeSent) : nil
    }

    /// The width of the marks before a failure's lines (`✗ `, `→ `).
    func failurePrefixWidth(_ glyphs: GlyphSet) -> Int {
        max(DisplayWidth.of(glyphs.failure), DisplayWidth.of(glyphs.advice)) + 1
    }

    /// What to do next about `failure` here: the error's own suggestion, unless it points where
    /// this screen cannot go or names a key this step has. On the code step a new code is F5 (or
    /// Ctrl-R) away, once the wait between codes is over: the advice counts that wait down with the
    /// footer, so F5 is never pressed only to be refused; a card typed by hand is checked against
    /// its number, there being no reader to tap; the home menu is named only when there is one.
    func advice(for failure: NolPayError, context: ScreenContext) -> String {
        let text = context.localizer
        switch failure.code {
        case let code where stage == .code && NolPayCodeEntry.Spent(errorCode: code) != nil:
            if let seconds = resendSeconds(context: context) { return text.counted(.nolAdviceNewCodeIn, seconds) }
            return text.text(.nolAdviceNewCode)
        case "unknown-card" where flow != .link:
            return text.text(.nolAdviceUnknownCard)
        case "no-linked-card" where hasHomeMenu:
            return text.text(.nolAdviceLinkFromHome)
        default:
            return failure.shownAdvice(text)
        }
    }

    /// A failure as rows of `width` columns: what went wrong after `✗`, what to do next after `→`,
    /// each wrapped whole on up to `maxLines` rows.
    func failureLines(_ failure: NolPayError, width: Int, maxLines: Int = 3, adviceLines: Int = 3,
                      context: ScreenContext) -> [(prefix: String, text: String, style: CellStyle)] {
        messageLines(failure.shownMessage(context.localizer), advice: advice(for: failure, context: context), width: width, maxLines: maxLines,
                     adviceLines: adviceLines, glyphs: context.glyphs, rightToLeft: context.localizer.language.direction == .rightToLeft)
    }

    /// `message` after `✗` and `advice` after `→`, wrapped in `width` columns: how every error on
    /// these screens reads, a Transit failure or a number that is not valid. In a right-to-left
    /// language the advice's arrow points the way its text reads (`←`).
    func messageLines(_ message: String, advice: String, width: Int, maxLines: Int = 3, adviceLines: Int = 3,
                      glyphs: GlyphSet, rightToLeft: Bool = false) -> [(prefix: String, text: String, style: CellStyle)] {
        let indent = failurePrefixWidth(glyphs)
        let message = Canvas.wrap(glyphs.text(message), width: width - indent, maxLines: maxLines, ellipsis: glyphs.ellipsis)
        let advice = Canvas.wrap(glyphs.text(advice), width: width - indent, maxLines: adviceLines, ellipsis: glyphs.ellipsis)
        return message.enumerated().map { (($0.offset == 0 ? glyphs.failure : ""), $0.element, CellStyle.error) }
            + advice.enumerated().map { (($0.offset == 0 ? glyphs.advice(rightToLeft: rightToLeft) : ""), $0.element, CellStyle.normal) }
    }

    /// Draws `failure` from `row` in `width` columns, above `bottom`; returns the rows used.
    private func drawFailure(_ failure: NolPayError, row start: Int, left: Int, width: Int, bottom: Int, into canvas: inout Canvas,
                             context: ScreenContext) -> Int {
        let indent = failurePrefixWidth(context.glyphs)
        var row = start
        for (prefix, text, style) in failureLines(failure, width: width, context: context) where row < bottom {
            canvas.put(prefix, row: row, column: left, style: style)
            canvas.put(text, row: row, column: left + indent, style: style, maxWidth: width - indent)
            row += 1
        }
        return row - start
    }

    /// Draws what went wrong and what to do next, wrapped, at the foot of the area and below the
    /// rows already drawn; beside the SMS panel it keeps to the body's width.
    private func failureRows(_ failure: NolPayError, into canvas: inout Canvas, below row: Int, area: Rect, panelBottom: Int?,
                             atFoot: Bool, context: ScreenContext) {
        let glyphs = context.glyphs
        let left = area.left + 2
        func layout(width: Int) -> (top: Int, lines: [(prefix: String, text: String, style: CellStyle)]) {
            // Three rows each at most, fewer when the rows drawn above leave less room.
            let room = area.bottom - 1 - (row + 1)
            let messageRows = min(3, max(1, room - 1))
            let message = Canvas.wrap(glyphs.text(failure.shownMessage(context.localizer)), width: width - failurePrefixWidth(glyphs), maxLines: messageRows)
            let lines = failureLines(failure, width: width, maxLines: messageRows, adviceLines: min(3, max(1, room - message.count)),
                                     context: context)
            return (atFoot ? max(row + 1, area.bottom - 1 - lines.count) : row, lines)
        }
        var block = layout(width: area.width - 4)
        if let panelBottom, block.top <= panelBottom { block = layout(width: area.width - 4 - 30) }
        let indent = failurePrefixWidth(glyphs)
        for (offset, line) in block.lines.enumerated() where block.top + offset < area.bottom {
            canvas.put(line.prefix, row: block.top + offset, column: left, style: line.style)
            canvas.put(line.text, row: block.top + offset, column: left + indent, style: line.style)
        }
    }

    /// The last row of the SMS panel.
    func panelBottom(area: Rect, context: ScreenContext) -> Int {
        guard let sms else { return area.top }
        return area.top + 3 + panelLines(sms, width: 28, context: context).count + 1
    }

    /// The row of the SMS panel's lines that holds the code.
    static let panelCodeLine = 3

    /// The SMS panel's lines inside its frame of `width` columns: who from and to, the code (marked
    /// when it no longer works, so nobody types it again), and the message: as the Nol system
    /// wrote it in English, and said in the screen's language otherwise.
    func panelLines(_ sms: NolSMSRecord, width: Int, context: ScreenContext) -> [String] {
        let glyphs = context.glyphs, text = context.localizer
        let inner = width - 4
        var lines = [text.text(.nolSMSFrom), text.text(.nolSMSTo, Self.grouped(sms.mobileNumber)), ""]
        if let smsDead {
            lines.append(text.text(.nolSMSCode, sms.code) + " " + glyphs.failure)
            lines += Canvas.wrap(glyphs.text(text.text(.nolSMSDead, text.text(smsDead))), width: inner, ellipsis: glyphs.ellipsis)
        } else {
            lines += [text.text(.nolSMSCode, sms.code), ""]
        }
        // The code's lifetime, as the Nol system's message states it ("It expires in 5 minutes."), said too.
        let expires = Self.lifetimeMinutes(in: sms.body).map { " " + text.counted(.nolSMSExpiresIn, $0) } ?? ""
        let body = text.language == .english || chosenCard == nil
            ? sms.body : text.text(flow == .link ? .nolSMSBodyLink : .nolSMSBodyUnlink, String(chosenCard?.suffix(4) ?? "")) + expires
        return lines + Canvas.wrap(glyphs.text(body), width: inner, ellipsis: glyphs.ellipsis)
    }

    /// The minutes a Nol system's message says its code lasts ("… It expires in 5 minutes."); nil when it says none.
    static func lifetimeMinutes(in body: String) -> Int? {
        let words = body.split(separator: " ")
        guard let at = words.indices.first(where: { words[$0] == "expires" && $0 + 2 < words.count && words[$0 + 1] == "in" }) else { return nil }
        return Int(words[at + 2])
    }

    /// Whether the SMS panel fits beside the body in an area `width` columns wide.
    func showsPanel(width: Int) -> Bool { sms != nil && width >= 70 }

    /// The pay, unlink and My cards flows' first steps: the number, then the cards linked to it
    /// (with My cards' actions under the chosen one) or a typed card number.
    private func cardAndPhoneRows(into canvas: inout Canvas, row start: Int, left: Int, width: Int, bottom: Int,
                                  context: ScreenContext) -> Int {
        guard let (cards, number) = linkedCards else {
            return fieldRows(into: &canvas, row: start, left: left, width: width, bottom: bottom, context: context)
        }
        var row = valueRow(label(.phone, context.localizer), number.grouped, into: &canvas, row: start, left: left, width: width, glyphs: context.glyphs) + 1
        guard case .list = pick else { return fieldRows(into: &canvas, row: row, left: left, width: width, bottom: bottom, context: context) }
        var lines = linkedLines(cards, context.localizer)
        if flow != .cards { lines.append(CardLine(label: context.localizer.text(.nolTypeCardNumber) + context.glyphs.ellipsis)) }
        if case let .cardActions(index) = stage {
            row = drawCardList(lines, selected: index, actions: (CardAction.allCases.map { actionTitle($0, context) }, selected), top: row, left: left,
                               width: width, bottom: bottom, into: &canvas, context: context)
        } else {
            row = drawCardList(lines, selected: selected, top: row, left: left, width: width, bottom: bottom, into: &canvas, context: context)
        }
        return row + 1
    }

    private func result(into canvas: inout Canvas, row start: Int, left: Int, width: Int, headline: String, style: CellStyle,
                        lines: [(String, String)], note: String? = nil, context: ScreenContext) -> Int {
        var row = start
        canvas.put(headline, row: row, column: left, style: style)
        row += 2
        for (name, value) in lines {
            canvas.put(name, row: row, column: left, style: .dim)
            // Wrapped within the body, so a long card label is read whole and never runs into the SMS panel.
            for line in Self.wrap(value, width: max(1, width - 14), maxLines: 2, glyphs: context.glyphs) {
                canvas.put(line, row: row, column: left + 14, style: .bold)
                row += 1
            }
        }
        if let note {
            row += 1
            for line in Self.wrap(note, width: width, maxLines: 2, glyphs: context.glyphs) {
                canvas.put(line, row: row, column: left)
                row += 1
            }
        }
        return row + 1
    }

    private func panel(_ sms: NolSMSRecord, into canvas: inout Canvas, top: Int, left: Int, width: Int, context: ScreenContext) {
        let glyphs = context.glyphs
        let inner = width - 4
        let horizontal = glyphs.horizontal
        let heading = " " + context.localizer.text(newCodeSent ? .nolSMSHeadingNew : .nolSMSHeading) + " "
        canvas.put(glyphs.topLeft + horizontal + glyphs.text(heading) + String(repeating: horizontal, count: max(0, width - 3 - DisplayWidth.of(glyphs.text(heading))))
                   + glyphs.topRight, row: top, column: left, style: .accent)
        let lines = panelLines(sms, width: width, context: context)
        for (offset, line) in lines.enumerated() {
            canvas.put(glyphs.vertical, row: top + 1 + offset, column: left, style: .accent)
            canvas.put(line, row: top + 1 + offset, column: left + 2, style: offset == Self.panelCodeLine ? .bold : .normal, maxWidth: inner)
            canvas.put(glyphs.vertical, row: top + 1 + offset, column: left + width - 1, style: .accent)
        }
        canvas.put(glyphs.bottomLeft + String(repeating: horizontal, count: width - 2) + glyphs.bottomRight,
                   row: top + 1 + lines.count, column: left, style: .accent)
    }
}
