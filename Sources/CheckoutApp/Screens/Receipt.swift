import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials

/// What a payment's receipt says: who was paid for what, how, and what it cost. One payment has one
/// receipt: the result screen shows it just after the payment, the Payments screen when the payment
/// is chosen in the ledger, both through ``lines(context:)`` and ``draw(_:top:left:width:bottom:into:context:)``;
/// `s` saves it to a file the person names, `c` copies it through the terminal (OSC 52), both as
/// ``text(context:)``. Every label is a sentence of the catalogue and every amount is written by
/// the screen's language (``ScreenContext/money(_:currency:)``).
///
/// It never holds a full card number: the last four only (`•••• 1001`).
public struct Receipt: Sendable, Equatable {
    /// The order, when the receipt knows it: a payment made in this session does; the ledger keeps none.
    public var merchantName: String?
    public var orderId: String?
    public var lineItems: [OrderLineItem]
    public var paymentId: String
    /// Seconds since 1970, UTC.
    public var time: Double
    /// `AUTHORIZED`, `DECLINED` or `FAILED`.
    public var status: String
    /// The network's id as the ledger keeps it (`VISA`, `NOL` for a transit card).
    public var network: String
    /// How the network was settled, when the receipt knows.
    public var choice: NetworkChoice?
    public var last4: String
    public var amount: Int
    public var surcharge: Int
    public var currency: String
    public var declineReason: String?
    /// Why the ledger has not taken the payment yet, when it has not.
    public var notRecorded: String?

    public init(merchantName: String? = nil, orderId: String? = nil, lineItems: [OrderLineItem] = [], paymentId: String, time: Double,
                status: String, network: String, choice: NetworkChoice? = nil, last4: String, amount: Int, surcharge: Int = 0,
                currency: String, declineReason: String? = nil, notRecorded: String? = nil) {
        self.merchantName = merchantName
        self.orderId = orderId
        self.lineItems = lineItems
        self.paymentId = paymentId
        self.time = time
        self.status = status
        self.network = network
        self.choice = choice
        self.last4 = last4
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
        self.declineReason = declineReason
        self.notRecorded = notRecorded
    }

    /// The receipt of a card payment just made, with the order of the session it was made in and
    /// how the form settled the network (the engine's ``Payment/networkChosenBy`` says the same:
    /// the cardholder, the merchant's routing, or nobody).
    public init(payment: Payment, session: ClientSession, choice: NetworkChoice, time: Double) {
        self.init(merchantName: session.merchantName, orderId: payment.orderId ?? session.orderId, lineItems: session.lineItems,
                  paymentId: payment.id, time: time, status: payment.status.rawValue, network: payment.network.rawValue,
                  choice: choice, last4: payment.last4Digits, amount: payment.amount, surcharge: payment.surcharge,
                  currency: payment.currency, declineReason: payment.declineReason, notRecorded: payment.notRecorded)
    }

    /// The receipt of a payment as the ledger keeps it (what `checkout payments` lists): the ledger
    /// keeps no order, and who chose the network only when someone did.
    public init(entry: LedgerEntry) {
        let choice: NetworkChoice? = switch entry.networkChosenBy.flatMap(NetworkChooser.init(rawValue:)) {
        case .cardholder: .chosenByCardholder
        case .merchant: .automatic
        case nil: nil
        }
        self.init(paymentId: entry.id, time: entry.createdAt.timeIntervalSince1970, status: entry.status, network: entry.network,
                  choice: choice, last4: entry.last4, amount: entry.amount,
                  surcharge: entry.surcharge, currency: entry.currency, declineReason: entry.declineReason)
    }

    public var total: Int { MinorUnits.total(amount: amount, surcharge: surcharge) }

    /// One line of the receipt: the sentence that labels it (none for an item after the first), its
    /// value, and how much the line matters when the screen has no room for all (lower goes first).
    public struct Line: Sendable, Equatable {
        public var label: TextKey0?
        public var value: String
        public var priority: Int

        public init(_ label: TextKey0?, _ value: String, priority: Int) {
            self.label = label
            self.value = value
            self.priority = priority
        }

        /// The label in a language.
        public func shownLabel(_ text: Localizer) -> String { label.map { text.text($0) } ?? "" }

        /// A line that says what went wrong (why, the ledger): drawn as an error, given more rows.
        var isProblem: Bool { label == .resultReason || label == .resultLedger }
    }

    /// A ledger network id as a person reads it: `Visa`, `Nol` for a transit card.
    public static func networkName(_ id: String, context: ScreenContext) -> String {
        if id == "NOL" { return "Nol" }
        guard let network = CardNetwork(identifier: id) else { return id }
        return context.catalogue.info(network).displayName
    }

    /// How the network a payment used was settled.
    public enum NetworkChoice: Sendable, Equatable {
        /// The card was co-badged and the cardholder picked the network.
        case chosenByCardholder
        /// The card was co-badged and the preselected (preferred) network was kept.
        case preselected
        /// No choice was shown: one network, or the BIN answer came after Pay.
        case noChoiceOffered
        /// The card was co-badged with eftpos: the network was selected for the cardholder.
        case automatic

        /// How the network was settled, in words.
        public func text(_ text: Localizer) -> String {
            switch self {
            case .chosenByCardholder: text.text(.resultChosenByYou)
            case .preselected: text.text(.resultPreselected)
            case .noChoiceOffered: text.text(.resultNoChoice)
            case .automatic: text.text(.resultAutomatic)
            }
        }
    }

    /// A ledger time as a language writes it: ISO 8601 in English (what `checkout payments`
    /// prints), else the locale's short date and time (CLDR's patterns), in UTC as the ledger keeps it.
    public static func time(_ seconds: Double, _ text: Localizer) -> String {
        let iso = LedgerTime.iso8601(seconds)
        guard text.language != .english else { return iso }
        // `YYYY-MM-DDTHH:MM:SSZ`: every field at a fixed offset.
        let digits = Array(iso.utf8)
        func field(_ start: Int, _ count: Int) -> Int { digits[start..<(start + count)].reduce(0) { $0 * 10 + Int($1 - 48) } }
        return text.text(.receiptTimeUTC, text.format.shortDateTime(year: field(0, 4), month: field(5, 2), day: field(8, 2),
                                                                      hour: field(11, 2), minute: field(14, 2)))
    }

    /// The receipt's lines, in reading order, in `context`'s language and glyphs.
    public func lines(context: ScreenContext) -> [Line] {
        let text = context.localizer
        func money(_ minor: Int) -> String { context.money(minor, currency: currency) }
        var lines: [Line] = []
        if let merchantName { lines.append(Line(.resultMerchant, merchantName, priority: 4)) }
        if let orderId { lines.append(Line(.resultOrder, orderId, priority: 1)) }
        for (index, item) in lineItems.enumerated() {
            lines.append(Line(index == 0 ? .resultItems : nil, OrderSummary.itemLine(item, currency: currency, context: context), priority: 0))
        }
        lines.append(Line(.resultPaymentId, paymentId, priority: 9))
        lines.append(Line(.resultTime, Self.time(time, text), priority: 3))
        lines.append(Line(.resultStatus, text.paymentStatus(status), priority: 8))
        lines.append(Line(.resultAmount, money(amount), priority: 7))
        if surcharge > 0 { lines.append(Line(.resultSurcharge, money(surcharge), priority: 6)) }
        lines.append(Line(.resultTotal, money(total), priority: 7))
        let network = Self.networkName(network, context: context) + (choice.map { context.glyphs.separator + $0.text(text) } ?? "")
        lines.append(Line(.resultNetwork, network, priority: 8))
        lines.append(Line(.resultCard, CardNumberMask.lastFour(last4, ascii: context.glyphs.isASCII), priority: 8))
        if let declineReason { lines.append(Line(.resultReason, text.declineReason(declineReason), priority: 9)) }
        // Apart from the outcome, which is the processor's: a row the ledger will get later.
        if let notRecorded { lines.append(Line(.resultLedger, text.text(.resultNotRecorded, text.paymentStatus(status).lowercased(), notRecorded), priority: 9)) }
        return lines
    }

    /// The receipt as text to keep: a heading, then one `label  value` line each, in `context`'s
    /// glyphs and language.
    public func text(context: ScreenContext) -> String {
        let localizer = context.localizer
        let lines = lines(context: context)
        let labels = lines.map { $0.shownLabel(localizer) }
        let width = labels.map(DisplayWidth.of).max() ?? 0
        return ([localizer.text(.receiptHeading)] + zip(lines, labels).map { line, label in
            label + String(repeating: " ", count: width - DisplayWidth.of(label) + 2) + context.glyphs.text(line.value)
        }).joined(with: "\n") + "\n"
    }

    /// The column the values start at, from a line's left.
    static let valueColumn = 14

    /// Draws receipt lines from `top` on, labels at `left` and values 14 columns on, each value
    /// wrapped to `width` (three rows for a problem, two for the others); when they do not all fit
    /// above `bottom` the least needed go first and a last row says there is more in the saved
    /// receipt. The one drawing of a receipt, the result's and the Payments screen's. Returns the
    /// row after the last drawn.
    @discardableResult
    static func draw(_ lines: [Line], top: Int, left: Int, width: Int, bottom: Int, into canvas: inout Canvas, context: ScreenContext) -> Int {
        let glyphs = context.glyphs
        let text = context.localizer
        let valueWidth = max(4, width - valueColumn)
        var shown = lines.map { line in
            (line, Canvas.wrap(glyphs.text(line.value), width: valueWidth, maxLines: line.isProblem ? 3 : 2, ellipsis: glyphs.ellipsis))
        }
        let room = bottom - top
        var dropped = false
        while shown.reduce(0, { $0 + $1.1.count }) + (dropped ? 1 : 0) > room, let lowest = shown.indices.min(by: { shown[$0].0.priority < shown[$1].0.priority }) {
            shown.remove(at: lowest)
            dropped = true
        }
        var row = top
        for (line, values) in shown {
            canvas.put(line.shownLabel(text), row: row, column: left, style: .dim)
            for value in values {
                canvas.put(value, row: row, column: left + valueColumn, style: line.isProblem ? .error : .bold)
                row += 1
            }
        }
        if dropped, row < bottom {
            canvas.put(context.truncate(text.text(.resultMore, glyphs.ellipsis), to: width), row: row, column: left, style: .dim)
            row += 1
        }
        return row
    }

    /// A file name for the receipt in the current directory: `receipt-pay_0001.txt`, with anything
    /// a file name should not hold replaced.
    public var suggestedFileName: String {
        let safe = paymentId.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0) : "_" }
        return "receipt-" + String(safe.prefix(60)) + ".txt"
    }
}
