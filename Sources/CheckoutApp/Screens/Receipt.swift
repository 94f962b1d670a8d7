import CheckoutCore
import CheckoutEngine
import CheckoutStore
import FoundationEssentials

/// What a payment's receipt says: who was paid for what, how, and what it cost. The result screen
/// and the Payments screen show it; `s` saves it to a file the person names, `c` copies it through
/// the terminal (OSC 52), both as ``text(glyphs:)``.
///
/// It never holds a full card number: the masked last four, or the first digits and last four the
/// ledger keeps.
public struct Receipt: Sendable, Equatable {
    public var merchantName: String?
    public var orderId: String?
    public var lineItems: [OrderLineItem]
    public var paymentId: String
    /// Seconds since 1970, UTC.
    public var time: Double
    /// `AUTHORIZED`, `DECLINED` or `FAILED`.
    public var status: String
    /// The network's display name (`Visa`), or `Nol` for a transit card.
    public var network: String
    /// How the network was settled (`chosen by you`), when the receipt knows.
    public var networkChoice: String?
    /// The card as it may be shown: `•••• 1001`, or `40000025…1001` from the ledger.
    public var card: String
    public var amount: Int
    public var surcharge: Int
    public var currency: String
    public var declineReason: String?

    public init(merchantName: String? = nil, orderId: String? = nil, lineItems: [OrderLineItem] = [], paymentId: String, time: Double,
                status: String, network: String, networkChoice: String? = nil, card: String, amount: Int, surcharge: Int = 0,
                currency: String, declineReason: String? = nil) {
        self.merchantName = merchantName
        self.orderId = orderId
        self.lineItems = lineItems
        self.paymentId = paymentId
        self.time = time
        self.status = status
        self.network = network
        self.networkChoice = networkChoice
        self.card = card
        self.amount = amount
        self.surcharge = surcharge
        self.currency = currency
        self.declineReason = declineReason
    }

    /// The receipt of a card payment just made, with the order of the session it was made in.
    public init(payment: Payment, session: ClientSession, networkName: String, networkChoice: String?, time: Double, mask: String) {
        self.init(merchantName: session.merchantName, orderId: session.orderId, lineItems: session.lineItems, paymentId: payment.id,
                  time: time, status: payment.status.rawValue, network: networkName, networkChoice: networkChoice,
                  card: mask + " " + payment.last4Digits, amount: payment.amount, surcharge: payment.surcharge,
                  currency: payment.currency, declineReason: payment.declineReason)
    }

    /// The receipt of a payment as the ledger keeps it (what `checkout payments` lists): who chose
    /// the network when someone did; the ledger keeps no order.
    public init(entry: LedgerEntry, networkName: String, mask: String, localizer: Localizer = Bundled.english) {
        let card = entry.firstDigits.isEmpty ? mask + " " + entry.last4 : entry.firstDigits + "…" + entry.last4
        let choice: String? = switch entry.networkChosenBy {
        case "CARDHOLDER": localizer.text(.receiptChosenByCardholder)
        case "MERCHANT": localizer.text(.receiptMerchantRouting)
        default: nil
        }
        self.init(paymentId: entry.id, time: entry.createdAt.timeIntervalSince1970, status: entry.status, network: networkName,
                  networkChoice: choice, card: card, amount: entry.amount, surcharge: entry.surcharge, currency: entry.currency,
                  declineReason: entry.declineReason)
    }

    public var total: Int { amount + surcharge }

    /// One line of the receipt: a label and its value, and how much the line matters when the
    /// screen has no room for all (lower goes first).
    public struct Line: Sendable, Equatable {
        /// In English: what names the line, whatever the language it is shown in.
        public var label: String
        public var value: String
        public var priority: Int

        /// The label in a language.
        public func shownLabel(_ text: Localizer) -> String { Receipt.labelKeys[label].map { text.text($0) } ?? label }
    }

    /// The lines' labels and the sentence each is shown as.
    static let labelKeys: [String: TextKey] = [
        "Merchant": .resultMerchant, "Order": .resultOrder, "Items": .resultItems, "Payment id": .resultPaymentId, "Time": .resultTime,
        "Status": .resultStatus, "Amount": .resultAmount, "Surcharge": .resultSurcharge, "Total": .resultTotal, "Network": .resultNetwork,
        "Card": .resultCard, "Reason": .resultReason, "Ledger": .resultLedger, "Error id": .resultErrorId,
    ]

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

    /// The receipt's lines, in reading order, money in `glyphs` (or as `writesMoney` writes it: the
    /// screen's language), the time in `localizer`'s.
    public func lines(glyphs: GlyphSet, localizer: Localizer = Bundled.english, writesMoney: ((Int, String) -> String)? = nil) -> [Line] {
        func money(_ minor: Int) -> String {
            writesMoney?(minor, currency) ?? MoneyText.format(minorUnits: minor, currency: currency, ascii: glyphs.mode == .ascii)
        }
        var lines: [Line] = []
        if let merchantName { lines.append(Line(label: "Merchant", value: merchantName, priority: 4)) }
        if let orderId { lines.append(Line(label: "Order", value: orderId, priority: 1)) }
        for (index, item) in lineItems.enumerated() {
            let price = item.total.map { "  " + money($0) } ?? ""
            lines.append(Line(label: index == 0 ? "Items" : "", value: "\(item.quantity) × \(item.title)\(price)", priority: 0))
        }
        lines.append(Line(label: "Payment id", value: paymentId, priority: 9))
        lines.append(Line(label: "Time", value: Self.time(time, localizer), priority: 3))
        lines.append(Line(label: "Status", value: localizer.paymentStatus(status), priority: 8))
        lines.append(Line(label: "Amount", value: money(amount), priority: 7))
        if surcharge > 0 { lines.append(Line(label: "Surcharge", value: money(surcharge), priority: 6)) }
        lines.append(Line(label: "Total", value: money(total), priority: 7))
        lines.append(Line(label: "Network", value: network + (networkChoice.map { glyphs.separator + $0 } ?? ""), priority: 8))
        lines.append(Line(label: "Card", value: card, priority: 8))
        if let declineReason { lines.append(Line(label: "Reason", value: localizer.declineReason(declineReason), priority: 9)) }
        return lines
    }

    /// The receipt as text to keep: a heading, then one `label  value` line each, in `glyphs` and
    /// `localizer`'s language (money as `writesMoney` writes it).
    public func text(glyphs: GlyphSet, localizer: Localizer = Bundled.english, writesMoney: ((Int, String) -> String)? = nil) -> String {
        let lines = lines(glyphs: glyphs, localizer: localizer, writesMoney: writesMoney)
        let labels = lines.map { $0.shownLabel(localizer) }
        let width = labels.map(DisplayWidth.of).max() ?? 0
        return ([localizer.text(.receiptHeading)] + zip(lines, labels).map { line, label in
            label + String(repeating: " ", count: width - DisplayWidth.of(label) + 2) + glyphs.text(line.value)
        }).joined(separator: "\n") + "\n"
    }

    /// The receipt as text to keep, as `context` writes it.
    public func text(context: ScreenContext) -> String {
        text(glyphs: context.glyphs, localizer: context.localizer, writesMoney: { context.money($0, currency: $1) })
    }

    /// A file name for the receipt in the current directory: `receipt-pay_0001.txt`, with anything
    /// a file name should not hold replaced.
    public var suggestedFileName: String {
        let safe = paymentId.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0) : "_" }
        return "receipt-" + String(safe.prefix(60)) + ".txt"
    }
}
