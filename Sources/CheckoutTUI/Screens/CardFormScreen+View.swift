import CheckoutCore

/// Drawing the card form. Rows flow top-down with one-row gaps when the terminal is tall enough;
/// the chooser's row is always reserved so nothing jumps when it appears.
extension CardFormScreen {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let gap = area.height >= 20 ? 1 : 0
        let left = area.left + 2
        let width = min(area.width - 4, 96)
        var row = area.top + (area.height >= 16 ? 1 : 0)
        var cursor: (row: Int, column: Int)?
        let metadata = metadata(context: context)
        let network = network(context: context)
        // Messages wrap instead of being cut: each may take up to three rows, pushing the rows below
        // it down, as long as the area has rows to spare beyond the form's own.
        var spare = area.height - (row - area.top) - 14 - 3 * gap

        // Card number and badges.
        let shownNumber = context.catalogue.format(digits: digits, as: network)
        drawLabel("Card number", field: .number, row: row, column: left, into: &canvas)
        drawValue(shownNumber, placeholder: "1234 5678 9012 3456", field: .number, row: row + 1, column: left, into: &canvas)
        if focus == .number { cursor = (row + 1, left + 2 + number.caretColumn(in: shownNumber, isStored: Self.isDigit)) }
        drawBadges(metadata: metadata, selected: network, row: row + 1, column: left + 27,
                   width: left + width - (left + 27), context: context, into: &canvas)
        row += 2

        // The co-badge chooser (its row is kept even while hidden).
        if let items = selectableNetworks(context: context) {
            drawChooser(items, row: row, column: left, into: &canvas)
        }
        row += 1
        row += drawErrors([.number], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas) + gap

        // Expiry and CVV side by side.
        let cvvColumn = left + 20
        drawLabel("Expiry (MM/YY)", field: .expiry, row: row, column: left, into: &canvas)
        drawLabel(cvvLabel(context: context), field: .cvv, row: row, column: cvvColumn, into: &canvas)
        drawValue(expiryText, placeholder: "MM/YY", field: .expiry, row: row + 1, column: left, into: &canvas)
        drawValue(String(repeating: "•", count: cvv.count), placeholder: cvvPlaceholder(context: context),
                  field: .cvv, row: row + 1, column: cvvColumn, into: &canvas)
        if focus == .expiry { cursor = (row + 1, left + 2 + expiry.caretColumn(in: expiryText) { $0 != "/" }) }
        if focus == .cvv { cursor = (row + 1, cvvColumn + 2 + securityCode.caret) }
        row += 2
        row += drawErrors([.expiry, .cvv], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas) + gap

        // Cardholder name.
        drawLabel("Cardholder name", field: .name, row: row, column: left, into: &canvas)
        let shownName = Canvas.truncate(cardholderName, to: width - 4)
        drawValue(shownName, placeholder: "Name as on the card", field: .name, row: row + 1, column: left, into: &canvas)
        if focus == .name { cursor = (row + 1, left + 2 + min(name.caretColumn(in: cardholderName) { _ in true }, DisplayWidth.of(shownName))) }
        row += 2
        row += drawErrors([.name], row: row, column: left + 2, width: width - 2, spare: &spare, into: &canvas) + gap

        // Pay.
        let amount = MoneyText.format(minorUnits: context.settings.amount, currency: context.settings.currency)
        let spinner = Self.spinnerFrames[context.animationFrame % Self.spinnerFrames.count]
        let button = paying ? "[ Paying \(amount) \(spinner) ]" : "[ Pay \(amount) ]"
        if focus == .pay { canvas.put("┃", row: row, column: left, style: .focus) }
        canvas.put(button, row: row, column: left + 2, style: focus == .pay ? .selection : .bold)
        // The banner sits beside the button; its second row takes the blank row under it.
        var bannerRows = 1
        if let banner {
            bannerRows = canvas.putWrapped(banner, prefix: "✗ ", row: row, column: left + 4 + DisplayWidth.of(button),
                                           width: max(3, width - DisplayWidth.of(button) - 4), maxLines: min(3, 2 + max(0, spare)),
                                           style: .error)
        }
        row += max(2, bannerRows)

        // Accepted networks and where the badges came from.
        let accepted = Self.acceptedRow(context.session.allowedNetworks.map { context.catalogue.info($0).displayName }, width: width)
        canvas.put(accepted, row: row, column: left, style: .dim)
        row += 1
        let (status, statusStyle) = statusLine(metadata: metadata, spinner: spinner)
        canvas.put(Canvas.truncate(status, to: width), row: row, column: left, style: statusStyle)

        canvas.cursor = cursor.map { (row: $0.row, column: min($0.column, canvas.width - 1)) }
    }

    /// The accepted-networks row: as many names as fit, in the merchant's order, then a count of the rest.
    ///
    /// Names are dropped whole, never cut, because a cut-off name would read as a different network:
    /// `We accept: Visa · Cartes Bancaires · +19 more`.
    static func acceptedRow(_ names: [String], width: Int) -> String {
        for shown in stride(from: names.count, through: 0, by: -1) {
            var parts = Array(names.prefix(shown))
            if shown < names.count { parts.append("+\(names.count - shown) more") }
            let row = "We accept: " + parts.joined(separator: " · ")
            if DisplayWidth.of(row) <= width { return row }
        }
        return Canvas.truncate("We accept: \(names.count) networks", to: width)
    }

    func statusLine(metadata: CardNumberEntryMetadata?, spinner: Character) -> (String, CellStyle) {
        if lookupInFlight { return ("\(spinner) Asking the BIN service about this card…", .accent) }
        guard let metadata else { return ("Networks appear as you type.", .dim) }
        switch metadata.source {
        case .local: return ("Networks from local rules (first digits)", .dim)
        case .remote: return ("Networks from the BIN service", .dim)
        case .localFallback: return ("BIN service unavailable: local rules (offline fallback)", .error)
        }
    }

    func drawLabel(_ text: String, field: Field, row: Int, column: Int, into canvas: inout Canvas) {
        let focused = focus == field
        let hasError = visibleError(for: field) != nil
        if focused { canvas.put("┃", row: row, column: column, style: .focus) }
        canvas.put(text + (hasError ? " *" : ""), row: row, column: column + 2, style: focused ? .focus : (hasError ? .error : .dim))
    }

    static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

    /// What the empty security-code field says: its length on the known network, 3–4 digits before.
    func cvvPlaceholder(context: ScreenContext) -> String {
        guard network(context: context) != nil else { return "••• (3–4 digits)" }
        let length = maximumCVVLength(context: context)
        return String(repeating: "•", count: length) + " (\(length) digits)"
    }

    /// Draws a field's value (or its placeholder, dim) and returns the column after it.
    @discardableResult
    func drawValue(_ value: String, placeholder: String, field: Field, row: Int, column: Int, into canvas: inout Canvas) -> Int {
        if focus == field { canvas.put("┃", row: row, column: column, style: .focus) }
        if value.isEmpty {
            if focus != field { canvas.put(placeholder, row: row, column: column + 2, style: .dim) }
            return column + 2
        }
        return column + 2 + canvas.put(value, row: row, column: column + 2, style: .bold)
    }

    func drawBadges(metadata: CardNumberEntryMetadata?, selected: CardNetwork?, row: Int, column: Int, width: Int,
                    context: ScreenContext, into canvas: inout Canvas) {
        guard let items = metadata?.detectedCardNetworks.items, width > 0 else { return }
        var x = column
        let end = column + width
        for item in items where item.network != .other {
            let name = " \(item.displayName) "
            let note = item.allowed ? "" : "(not accepted)"
            guard x + DisplayWidth.of(name + note) <= end else {
                if x < end { canvas.put("…", row: row, column: x, style: .dim) }
                return
            }
            let style: CellStyle
            if item.allowed, item.network == selected {
                let badge = context.catalogue.info(item.network).badge
                style = .badge(foreground: TerminalColour(name: badge.foreground) ?? .white,
                               background: TerminalColour(name: badge.background) ?? .blue)
            } else {
                style = .dim
            }
            x += canvas.put(name, row: row, column: x, style: style)
            x += canvas.put(note, row: row, column: x, style: .error)
            x += 1
        }
    }

    func drawChooser(_ items: [DetectedCardNetwork], row: Int, column: Int, into canvas: inout Canvas) {
        let focused = focus == .network
        if focused { canvas.put("┃", row: row, column: column, style: .focus) }
        var x = column + 2
        x += canvas.put("Pay with ", row: row, column: x, style: focused ? .focus : .dim)
        for item in items {
            let picked = item.network == choice
            let text = (picked ? "◉ " : "○ ") + item.displayName
            let style: CellStyle = picked ? (focused ? .selection : .bold) : .normal
            x += canvas.put(text, row: row, column: x, style: style)
            x += canvas.put("  ", row: row, column: x)
        }
    }

    /// The error rows under `fields`: their visible errors, or the notice about the key just refused
    /// in the focused one. Returns the rows taken: one is always kept, more come out of `spare`.
    func drawErrors(_ fields: [Field], row: Int, column: Int, width: Int, spare: inout Int, into canvas: inout Canvas) -> Int {
        let message: (prefix: String, text: String, style: CellStyle)
        if let notice, fields.contains(focus) {
            message = ("· ", notice, .accent)
        } else {
            let messages = fields.compactMap { visibleError(for: $0)?.description }
            guard !messages.isEmpty else { return 1 }
            message = ("✗ ", messages.joined(separator: " · "), .error)
        }
        let rows = canvas.putWrapped(message.text, prefix: message.prefix, row: row, column: column, width: width,
                                     maxLines: min(3, 1 + max(0, spare)), style: message.style)
        spare -= max(0, rows - 1)
        return max(1, rows)
    }
}
