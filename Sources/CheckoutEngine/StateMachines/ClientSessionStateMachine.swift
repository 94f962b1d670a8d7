import CheckoutCore

/// Keeps the client session's selection in step with the network the payment would use, one
/// action at a time: the pure core of the engine's client-session updates (the actor only sends
/// what this returns and hands back the answers).
///
/// - ``want(_:)`` sets the network the session should hold (nil: none). When nothing is in flight
///   and the session is not known to hold it, it returns the request to send; while one is in
///   flight, the newest wish waits and goes out when the answer comes (older wishes are dropped, so
///   a cardholder switching networks back and forth never queues more than one request).
/// - ``answered(_:with:)`` takes the answer of the request in flight and returns the next request.
///   A failed request leaves the session's selection unknown; it is not repeated on its own, so a
///   session that keeps failing is not hammered: ``retry()`` (a submit) asks again.
/// - ``settledAmount`` is the amount the session confirmed for the wanted network, once nothing
///   is in flight: what a payment may charge.
struct ClientSessionStateMachine: Sendable, Equatable {
    /// One action to send.
    struct Request: Sendable, Equatable {
        var id: Int
        var network: CardNetwork?
    }

    /// What the session is known to hold: its selection, and the amount it answered with.
    struct Known: Sendable, Equatable {
        var network: CardNetwork?
        /// Nil for a session nothing was sent to yet.
        var amount: AmountDue?
    }

    /// Nil when the last request failed, so the session's selection is unknown.
    private(set) var confirmed: Known? = Known(network: nil, amount: nil)
    private(set) var wanted: CardNetwork?
    private(set) var inFlight: Request?
    /// Why the last request for ``wanted`` failed; cleared when the wish changes or is retried.
    private(set) var failure: CheckoutError?
    private var lastID = 0

    /// The session should hold `network` (nil: no selection).
    mutating func want(_ network: CardNetwork?) -> Request? {
        if network != wanted {
            wanted = network
            failure = nil
        }
        return next()
    }

    /// Asks again after a failure.
    mutating func retry() -> Request? {
        failure = nil
        return next()
    }

    /// The request in flight ended with `result`; returns the next request to send, if any.
    mutating func answered(_ request: Request, with result: Result<AmountDue, CheckoutError>) -> Request? {
        guard inFlight == request else { return nil }
        inFlight = nil
        switch result {
        case let .success(amount):
            confirmed = Known(network: request.network, amount: amount)
        case let .failure(error):
            confirmed = nil
            if request.network == wanted { failure = error }
        }
        return next()
    }

    /// The amount the session confirmed for the wanted network, when it holds it and nothing is in flight.
    var settledAmount: AmountDue? {
        guard inFlight == nil, let confirmed, confirmed.network == wanted else { return nil }
        return confirmed.amount
    }

    private mutating func next() -> Request? {
        guard inFlight == nil, failure == nil else { return nil }
        if let confirmed, confirmed.network == wanted { return nil }
        lastID += 1
        let request = Request(id: lastID, network: wanted)
        inFlight = request
        return request
    }
}
