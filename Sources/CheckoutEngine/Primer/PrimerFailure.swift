import CheckoutCore
import FoundationEssentials

/// Why talking to Primer failed, as one line a person can act on.
///
/// No case carries the client token, its access token, a card number or a CVV, and the only text
/// taken from a server's answer is an identifier that passes ``PrimerAPI/identifier(_:)`` (Primer's
/// `errorId` and `diagnosticsId`, which support asks for).
public enum PrimerFailure: Error, Sendable, Equatable, CustomStringConvertible, ShownInLanguage {
    /// The client token cannot be read; the text says what is wrong with it.
    case malformedToken(String)
    /// The client token expired at this moment.
    case expiredToken(Date)
    /// Primer's answer to `operation` had this HTTP status (a redirect included: none is followed),
    /// with the `errorId` and `diagnosticsId` of its error body when it had them.
    case status(operation: String, code: Int, errorId: String?, diagnosticsId: String?)
    /// No complete answer to `operation` within its deadline.
    case timedOut(operation: String, after: Duration)
    /// The server could not be reached, or the exchange broke off; `detail` is the HTTP client's.
    case unreachable(operation: String, detail: Detail)
    /// The answer to `operation` is not what Primer sends; `detail` says what is missing.
    case malformedAnswer(operation: String, detail: Detail)

    /// What a failure adds about itself: English text, and the HTTP client's wording when it is
    /// the HTTP client's (``HTTPClient/Failure``). Equal by its text.
    public struct Detail: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
        public var description: String
        public var shown: LocalizedText?

        public init(_ text: String, shown: LocalizedText? = nil) {
            description = text
            self.shown = shown
        }

        public init(_ failure: HTTPClient.Failure) { self.init(failure.description, shown: failure.shown) }
        public init(stringLiteral value: String) { self.init(value) }
        public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

        public static func == (a: Detail, b: Detail) -> Bool { a.description == b.description }

        var argument: LocalizedText.Argument { shown.map { .localized($0) } ?? .text(description) }
    }

    public var description: String {
        switch self {
        case let .malformedToken(reason):
            return "the client token cannot be used: \(reason)"
        case let .expiredToken(date):
            return "the client token expired at \(date.formatted(.iso8601)); ask the merchant's server for a new one"
        case let .status(operation, code, errorId, diagnosticsId):
            let details = [errorId.map { "errorId \($0)" }, diagnosticsId.map { "diagnosticsId \($0)" }].compactMap { $0 }
            let hint = code == 401 || code == 403 ? " (the client token was refused: it may be expired, revoked or for another environment)" : ""
            return "\(operation): Primer answered HTTP \(code)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))") + hint
        case let .timedOut(operation, after):
            return "\(operation): Primer did not answer within \(Self.seconds(after))"
        case let .unreachable(operation, detail):
            return "\(operation): Primer could not be reached (\(detail))"
        case let .malformedAnswer(operation, detail):
            return "\(operation): Primer's answer is not usable (\(detail))"
        }
    }

    /// The description as a sentence of the catalogues; the operation in the language when it
    /// is one of Primer's calls, the token's reason and the answer's details as they are.
    public var shown: LocalizedText? {
        switch self {
        case let .malformedToken(reason):
            return LocalizedText(.errorPrimerTokenUnusable, .text(reason))
        case let .expiredToken(date):
            return LocalizedText(.errorPrimerTokenExpired, .text(date.formatted(.iso8601)))
        case let .status(operation, code, errorId, diagnosticsId):
            let details = [errorId.map { "errorId \($0)" }, diagnosticsId.map { "diagnosticsId \($0)" }].compactMap { $0 }
            let answered = details.isEmpty
                ? LocalizedText(.errorPrimerStatus, Self.said(operation), .text(String(code)))
                : LocalizedText(.errorPrimerStatusIds, Self.said(operation), .text(String(code)), .text(details.joined(separator: ", ")))
            return code == 401 || code == 403 ? LocalizedText(.errorPrimerTokenRefused, .localized(answered)) : answered
        case let .timedOut(operation, after):
            return LocalizedText(.errorPrimerTimedOut, Self.said(operation), .text(Self.seconds(after)))
        case let .unreachable(operation, detail):
            return LocalizedText(.errorPrimerUnreachable, Self.said(operation), detail.argument)
        case let .malformedAnswer(operation, detail):
            return LocalizedText(.errorPrimerAnswerUnusable, Self.said(operation), detail.argument)
        }
    }

    /// Primer's calls, as the failures name them (``PrimerConfiguration/operation``…), and their sentences.
    static let operations: [String: TextKey] = [
        PrimerConfiguration.operation: .errorOperationConfiguration,
        PrimerClientSessionService.operation: .errorOperationClientSession,
        PrimerPaymentService.tokenizing: .errorOperationTokenizing,
        PrimerPaymentService.creatingPayment: .errorOperationCreatingPayment,
    ]

    static func said(_ operation: String) -> LocalizedText.Argument {
        operations[operation].map { .localized(LocalizedText($0)) } ?? .text(operation)
    }

    /// `15 s`, `0.3 s`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
