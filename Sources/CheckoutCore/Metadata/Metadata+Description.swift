import FoundationEssentials

// One readable line per value, for `print` and logs. A card number is never written whole: states
// and raw data show it masked (``CardNumberMask``), and a CVV only as its length.

extension DetectedCardNetwork: CustomStringConvertible {
    /// `Visa (VISA)`, `American Express (AMEX, not allowed)`, `Visa (VISA, surcharge 30)`.
    public var description: String {
        var notes = [network.rawValue]
        if !allowed { notes.append("not allowed") }
        if surcharge != 0 { notes.append("surcharge \(surcharge)") }
        return "\(displayName) (\(notes.joined(separator: ", ")))"
    }
}

extension CardNetworksMetadata: CustomStringConvertible {
    /// `Visa, Cartes Bancaires (preferred Visa)`; `none` for an empty list.
    public var description: String {
        let names = items.isEmpty ? "none" : items.map(\.displayName).joined(separator: ", ")
        return names + (preferred.map { " (preferred \($0.displayName))" } ?? "")
    }
}

extension CardNumberEntryMetadata: CustomStringConvertible {
    /// `REMOTE: Visa, Cartes Bancaires (preferred Visa); choose from Visa, Cartes Bancaires (preferred Visa)`.
    public var description: String {
        var text = "\(source.rawValue): \(detectedCardNetworks)"
        if let selectableCardNetworks { text += "; choose from \(selectableCardNetworks)" }
        if let autoSelectedCardNetwork { text += "; paid with \(autoSelectedCardNetwork.displayName), chosen for the cardholder" }
        return text
    }
}

extension BinData: CustomStringConvertible {
    /// `complete 40000025: Visa, then Cartes Bancaires`; `partial: Visa`.
    public var description: String {
        let head = status.rawValue + (firstDigits.map { " " + $0 } ?? "")
        let first = preferred?.displayName ?? "no allowed network"
        let others = alternatives.isEmpty ? "" : ", then " + alternatives.map(\.displayName).joined(separator: ", ")
        return "\(head): \(first)\(others)"
    }
}

extension CardNumberEntryState: CustomStringConvertible {
    /// The number masked: `4000 00•• •••• 1001`.
    public var description: String { CardNumberMask.mask(cardNumber) }
}

extension CardData: CustomStringConvertible {
    /// `4000 00•• •••• 1001, expiry 12/30, CVV •••, Jane Doe, chose CARTES_BANCAIRES`: the number
    /// masked and the CVV as dots, so printing raw data never logs them.
    public var description: String {
        var parts = [cardNumber.isEmpty ? "no number" : CardNumberMask.mask(cardNumber)]
        if !expiryDate.isEmpty { parts.append("expiry \(expiryDate)") }
        if !cvv.isEmpty { parts.append("CVV " + CardNumberMask.hidden(cvv.count)) }
        if !cardholderName.isEmpty { parts.append(cardholderName) }
        if let cardNetwork { parts.append("chose \(cardNetwork)") }
        return parts.joined(separator: ", ")
    }
}

/// `print(error)` and, where Foundation is imported, `error.localizedDescription` give the message.
extension ValidationError: CustomStringConvertible, LocalizedError {
    public var errorDescription: String? { description }
}
