import Foundation
import Testing

/// Waits until `condition` holds, yielding (never sleeping) so that the tasks it depends on run:
/// the wait is for the condition, never for a number of rounds, so a busy machine only makes it
/// longer. A hang guard records an issue after ten minutes of real time, so that a test that would
/// never end fails instead; it is no bound on how long the wait may take (with the whole suite on two
/// busy cores, a task can wait minutes for a thread).
///
///     await waitUntil { recorder.events.contains { $0.isMetadata } }
public func waitUntil(_ what: String = "the condition", isolation: isolated (any Actor)? = #isolation,
                      _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let guardDeadline = ContinuousClock.now + .seconds(600)
    while !condition() {
        if ContinuousClock.now > guardDeadline {
            Issue.record("\(what) did not come to hold in ten minutes", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}
