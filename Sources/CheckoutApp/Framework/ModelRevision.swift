import Synchronization

/// The top screen's model, made once for each state of the app: the frame, the key that follows
/// it and a front end's questions read the same value instead of making it again (issue 33: a
/// key made the card form's model twice, 2.0 M of its 3.2 M instructions).
///
/// A state is named by a revision, new (from one counter for the whole process) each time the
/// screens or the context change, so two copies of an app that went different ways never share a
/// revision and a copy can never be handed the other's model. A whole model serves a frame.
struct ModelRevision: Equatable, Sendable {
    private static let counter = Atomic<UInt64>(0)
    private let number: UInt64

    /// A revision no state had before.
    static func new() -> ModelRevision { ModelRevision(number: counter.add(1, ordering: .relaxed).newValue) }

    /// What a kept model was made for.
    struct Made: Equatable, Sendable {
        var revision: ModelRevision
        var detail: ScreenModel.Detail

        /// Whether a model made for this serves `asked`: the same state, and as much of it.
        func serves(_ asked: Made) -> Bool { revision == asked.revision && (detail == .whole || detail == asked.detail) }
    }
}
