import CheckoutCore
import CheckoutEngine

/// What the card form says as it goes, for a front end that prints what happens as lines (its
/// model's ``ScreenModel/narration``): the order, what is accepted, what the BIN service answered.
extension CardFormScreen {
    func narration(context: ScreenContext) -> [Narration] {
        // The order first, as the session gives it: who is paid, for what.
        let order = OrderSummary(context.session, context: context)
        let text = context.localizer
        var said: [Narration] = []
        if order.hasDetails {
            let heading = [order.merchantName, order.orderId.map { text.text(.cardOrderNumber, $0) }].compactMap { $0 }.joined(with: ", ")
            said.append(Narration(([heading.isEmpty ? text.text(.plainYourOrder) : text.text(.plainOrderHeading, heading)] + order.itemLines.map { "  " + $0 }
                                   + ["  " + text.text(.cardOrderTotal) + " " + order.total]).joined(with: "\n"), once: "card.order"))
        }
        said.append(Narration(context.localizer.text(.plainCardIntro, context.money(context.settings.amount, currency: context.settings.currency),
                                                     acceptedSentence(context: context)), once: "card"))
        return said + learnt.flatMap { sentences(for: $0, context: context) }.map { Narration($0) }
    }

    private func acceptedSentence(context: ScreenContext) -> String {
        let text = context.localizer
        guard let allowed = context.session.orderedAllowedCardNetworks else { return text.text(.plainEveryNetwork) }
        let names = allowed.map { context.catalogue.info($0).displayName }
        if names.count <= 6 { return text.text(.plainWeAccept, Self.list(names, text)) }
        let first = text.language == .english ? Array(names.prefix(3)).joined(with: ", ") : text.format.openList(Array(names.prefix(3)))
        return text.counted(.plainWeAcceptMore, names.count - 3, first)
    }

    /// `A`, `A and B`, `A, B and C`, in the language (``Sentence/list(_:)`` is English's).
    /// Items joined as the language joins a list: English `A, B and C`, the others by CLDR's list
    /// patterns (`A, B et C`; Arabic `A وB وC`).
    static func list(_ items: [String], _ text: Localizer) -> String {
        guard text.language == .english else { return text.format.list(items) }
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return text.text(.plainListAnd, items.dropLast().joined(with: ", "), last)
    }

    private func names(_ items: [DetectedCardNetwork], _ text: Localizer) -> String {
        Self.list(items.filter { $0.network != .other }.map { $0.allowed ? $0.displayName : text.text(.plainNotAccepted, $0.displayName) }, text)
    }

    private func sentences(for learnt: Learnt, context: ScreenContext) -> [String] {
        let off = context.settings.binSource == .off
        let text = context.localizer
        func names(_ items: [DetectedCardNetwork]) -> String { self.names(items, text) }
        switch learnt {
        case .asking(let local):
            // With the service off the wait is the debounce only, and the fallback line says it all.
            guard !off else { return [] }
            let found = names(local.detectedCardNetworks.items)
            return [text.text(.plainAskingBin, found.isEmpty ? text.text(.plainNotKnown) : found)]
        case .answered(let metadata):
            let found = names(metadata.detectedCardNetworks.items)
            var said: [String]
            switch metadata.source {
            case .remote: said = [text.text(.plainBinAnswer, found.isEmpty ? text.text(.plainNoNetwork) : found)]
            case .localFallback:
                let network = found.isEmpty ? text.text(.plainNotKnown) : found
                // The service answered and knows nothing of the card: that is not an outage.
                said = [text.text(metadata.fallbackReason == .noBinData ? .plainNoBinData : off ? .plainBinOff : .plainBinUnavailable, network)]
            case .local: said = []
            }
            if let chosen = metadata.autoSelectedCardNetwork {
                said.append(text.text(.plainEftpos, chosen.displayName))
            }
            return said
        case .paying:
            return [text.text(.plainPaying)]
        case .totalChanged:
            return [text.text(.plainTotalChanged)]
        }
    }
}
