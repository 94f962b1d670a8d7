import Synchronization

/// One value kept with the key it was made for: what a frame redoes at every key from inputs that
/// seldom change (the card form's row of accepted networks: the session, the width, the
/// language) is made once and read after. The key holds everything the value is made from.
final class Memo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let slot = Mutex<(key: Key, value: Value)?>(nil)

    init() {}

    /// The value for `key`: the one kept when it was made for `key`, else `make()`, kept.
    func value(for key: Key, _ make: () -> Value) -> Value {
        value(for: key, keptServes: { $0 == key }, make)
    }

    /// The value kept when `keptServes` accepts the key it was made for (a whole screen model
    /// serves a frame), else `make()`, kept under `key`.
    func value(for key: Key, keptServes: (Key) -> Bool, _ make: () -> Value) -> Value {
        // The kept key is compared where it lies and only the value is copied out: copying the
        // whole entry (a key holding a client session and a catalogue) was most of a look-up.
        let kept = slot.withLock { slot -> Value? in
            guard slot != nil, keptServes(slot!.key) else { return nil }
            return slot!.value
        }
        if let kept { return kept }
        let made = make()
        slot.withLock { $0 = (key, made) }
        return made
    }
}
