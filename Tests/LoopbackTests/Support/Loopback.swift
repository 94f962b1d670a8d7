import CheckoutCore
import CheckoutEngine
import Foundation

/// The loopback tests talk over real sockets to the Python fakes of `Tests/CheckoutEngineTests/Support/`
/// (started by `LoopbackServer`), so they run in real time: this target is where every real-time bound
/// of the suite outside `EndToEndTests` lives. Each bound tells "ended at its own deadline or cap"
/// (hundreds of milliseconds expected) from "waited for the server" (whose slow answers come after
/// 60 s) and is `beforeTheServersSlowAnswer`, 30 s: a hundred times what is expected, so a loaded
/// machine is not taken for the bug. Everything else of the engine is tested on a manual clock in
/// `CheckoutEngineTests`.
enum Loopback {
    static let catalogue: NetworkCatalogue = {
        do { return try Bundled.catalogue() } catch { fatalError("\(error)") }
    }()
    /// 1 January 2026, so that `12/30` is a valid expiry date.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
}
