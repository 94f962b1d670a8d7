import Synchronization

/// The top screen's model, made once for each state of the app: the frame, the key that follows
/// it and a front end's questions read the same value instead of making it again (issue 33: a
/// key made the card form's model twice, 2.0 M of its 3.2 M instructions).
///
/// A state is named by a revision, new (from one counter for the whole process) each time the
/// screens or the context change, so two copies of an app that went different ways never share a
/// revision and a copy can never be handed the other's model.
final class ModelMemo: Sendable {
    private static let counter = Atomic<UInt64>(0)
    private let slot = Mutex<(revision: UInt64, detail: ScreenModel.Detail, model: ScreenModel)?>(nil)

    /// A revision no state had before.
    static func newRevision() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }

    /// The model made for `revision` with at least `detail` (a whole one serves a frame), made
    /// now by `make` when the one kept is not.
    func model(for revision: UInt64, _ detail: ScreenModel.Detail, _ make: (ScreenModel.Detail) -> ScreenModel) -> ScreenModel {
        if let kept = slot.withLock({ $0 }), kept.revision == revision, kept.detail == .whole || kept.detail == detail { return kept.model }
        let made = make(detail)
        slot.withLock { $0 = (revision, detail, made) }
        return made
    }
}
