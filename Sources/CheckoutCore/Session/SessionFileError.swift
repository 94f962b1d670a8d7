/// Why a client-session file cannot be used, and where: a line and column for text that is not
/// JSON, else the JSON path of the value at fault.
///
///     $.paymentMethod.orderedAllowedCardNetworks[2]: expected a network id (a string), found a number
///     line 4, column 17: unexpected character
public struct SessionFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `line L, column C` or a JSON path such as `$.order.totalOrderAmount`; empty when the
    /// problem is the whole file (it cannot be read, or is too large).
    public var location: String
    public var message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

/// Something a client-session file holds that was ignored, for the caller to report.
public enum SessionWarning: Sendable, Equatable, CustomStringConvertible {
    /// A network id that names no network, at a JSON path: left out of the session.
    case unknownNetwork(id: String, path: String)

    public var description: String {
        switch self {
        case let .unknownNetwork(id, path): return "unknown network \"\(DiagnosticText.quoted(id))\" at \(path)"
        }
    }
}
