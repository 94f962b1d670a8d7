import Foundation
import Testing

/// Waits until `condition` holds, yielding (never sleeping) so that the tasks it depends on run:
/// the wait is for the condition, never for a number of rounds, so a busy machine only makes it
/// longer. A hang guard records an issue after a minute of real time (a test that would otherwise
/// never end; no test relies on it).
///
///     await waitUntil { recorder.events.contains { $0.isMetadata } }
public func waitUntil(_ what: String = "the condition", isolation: isolated (any Actor)? = #isolation,
                      _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let guardDeadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        if ContinuousClock.now > guardDeadline {
            Issue.record("\(what) did not come to hold in a minute", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}
