import CheckoutCore
import Foundation

/// The headless card form: takes raw card data as it is typed and emits what the engine learns
/// about it as ``CheckoutEvent``s.
public actor RawDataManager {
    private let configuration: EngineConfiguration
    private let catalogue: NetworkCatalogue
    private let binService: any BinDataService
    private let paymentService: any PaymentService
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    public private(set) var currentMetadata: CardNumberEntryMetadata?

    public init(configuration: EngineConfiguration, catalogue: NetworkCatalogue,
                binService: any BinDataService, paymentService: any PaymentService,
                clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.catalogue = catalogue
        self.binService = binService
        self.paymentService = paymentService
        self.clock = clock
        self.now = now
    }

    /// A new subscription; every subscriber sees every event from the moment it subscribes.
    public nonisolated func events() -> AsyncStream<CheckoutEvent> {
        AsyncStream { $0.finish() }
    }

    /// Replaces the raw data.
    public func setRawData(_ data: CardData) {}

    /// Validates and pays.
    public func submit() {}

    /// Flushes a pending debounce at once and waits for work in flight (end of input).
    public func finish() async {}
}
