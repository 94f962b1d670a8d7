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
    public init(entry: LedgerEntry, networkName: String, mask: String) {
        let card = entry.firstDigits.isEmpty ? mask + " " + entry.last4 : entry.firstDigits + "…" + entry.last4
        let choice: String? = switch entry.networkChosenBy {
        case "CARDHOLDER": "chosen by the cardholder"
        case "MERCHANT": "chosen automatically: the merchant's routing"
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
        public var label: String
        public var value: String
        public var priority: Int
    }

    /// The receipt's lines, in reading order, money in `glyphs` (or as `writesMoney` writes it: the
    /// screen's language).
    public func lines(glyphs: GlyphSet, writesMoney: ((Int, String) -> String)? = nil) -> [Line] {
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
        lines.append(Line(label: "Time", value: LedgerTime.iso8601(time), priority: 3))
        lines.append(Line(label: "Status", value: status, priority: 8))
        lines.append(Line(label: "Amount", value: money(amount), priority: 7))
        if surcharge > 0 { lines.append(Line(label: "Surcharge", value: money(surcharge), priority: 6)) }
        lines.append(Line(label: "Total", value: money(total), priority: 7))
        lines.append(Line(label: "Network", value: network + (networkChoice.map { glyphs.separator + $0 } ?? ""), priority: 8))
        lines.append(Line(label: "Card", value: card, priority: 8))
        if let declineReason { lines.append(Line(label: "Reason", value: declineReason, priority: 9)) }
        return lines
    }

    /// The receipt as text to keep: a heading, then one `label  value` line each, in `glyphs`.
    public func text(glyphs: GlyphSet) -> String {
        let lines = lines(glyphs: glyphs)
        let width = lines.map { DisplayWidth.of($0.label) }.max() ?? 0
        return (["Receipt"] + lines.map { line in
            line.label + String(repeating: " ", count: width - DisplayWidth.of(line.label) + 2) + glyphs.text(line.value)
        }).joined(separator: "\n") + "\n"
    }

    /// A file name for the receipt in the current directory: `receipt-pay_0001.txt`, with anything
    /// a file name should not hold replaced.
    public var suggestedFileName: String {
        let safe = paymentId.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0) : "_" }
        return "receipt-" + String(safe.prefix(60)) + ".txt"
    }
}
