import CheckoutCore
import CheckoutEngine

/// After Pay: the payment (id, status, amount, network, masked number) or why it was refused.
public struct ResultScreen: Screen {
    /// What came back from the engine.
    public enum Outcome: Sendable, Equatable {
        case completed(Payment)
        case failed(CheckoutError)
    }

    public enum Action: Sendable { case newPayment, back }
    public var outcome: Outcome
    public var title: String { "Pay by card · Result" }

    public init(outcome: Outcome) { self.outcome = outcome }

    public func keyMap(context: ScreenContext) -> KeyMap<Action> {
        KeyMap([
            KeyBinding([.enter], "new payment", .newPayment),
            KeyBinding([.escape], "back", .back),
        ])
    }

    public mutating func perform(_ action: Action, context: ScreenContext) -> [ScreenEffect] {
        switch action {
        case .newPayment: return [.replace(CardFormScreen(context: context))]
        case .back: return [.pop]
        }
    }

    public mutating func receive(_ input: ScreenInput, context: ScreenContext) -> [ScreenEffect] { [] }

    public func render(into canvas: inout Canvas, area: Rect, context: ScreenContext) {
        let left = area.left + 2
        var row = area.top + 1
        switch outcome {
        case .completed(let payment):
            let (headline, style): (String, CellStyle) = switch payment.status {
            case .authorized: ("✓ Payment authorized", .success)
            case .declined: ("✗ Payment declined", .error)
            case .failed: ("✗ Payment failed", .error)
            }
            canvas.put(headline, row: row, column: left, style: style)
            row += 2
            var lines: [(String, String)] = [
                ("Payment id", payment.id),
                ("Status", payment.status.rawValue),
                ("Amount", MoneyText.format(minorUnits: payment.amount, currency: payment.currency)),
                ("Network", context.catalogue.info(payment.network).displayName),
                ("Card", CardNumberMask.lastFour(payment.last4Digits)),
            ]
            if let reason = payment.declineReason { lines.append(("Reason", reason)) }
            for (label, value) in lines {
                canvas.put(label, row: row, column: left, style: .dim)
                canvas.put(Canvas.truncate(value, to: area.width - left - 16), row: row, column: left + 14,
                           style: label == "Reason" ? .error : .bold)
                row += 1
            }
        case .failed(let error):
            canvas.put("✗ Payment refused", row: row, column: left, style: .error)
            row += 2
            for line in Canvas.wrap(error.description, width: area.width - left - 2) {
                canvas.put(line, row: row, column: left, style: .bold)
                row += 1
            }
            row += 1
            canvas.put("Error id  \(error.errorId)", row: row, column: left, style: .dim)
        }
    }
}
