import Foundation
import Testing

/// Compares `actual` with the text snapshot `Snapshots/<name>.txt` next to the calling test file,
/// reporting the differing lines.
///
/// A missing snapshot is written and reported as a failure (so a forgotten snapshot never passes
/// silently in CI); with `RECORD_SNAPSHOTS=1` every snapshot is rewritten and the test fails, saying
/// so (as swift-argument-parser's snapshot helper does): a recording run never counts as a pass, and
/// the next run, without the variable, checks what was written.
///
///     assertSnapshot(canvas.text, named: "card-form-80x24")
public func assertSnapshot(_ actual: String, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false
    let text = actual.hasSuffix("\n") ? actual : actual + "\n"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not write snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        Issue.record(recording ? "recorded snapshot \(name).txt (RECORD_SNAPSHOTS is set); check it and run again without it"
                               : "recorded a new snapshot \(name).txt; check it and run again", sourceLocation: sourceLocation)
        return
    }
    guard expected != text else { return }
    Issue.record("snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records):\n\(lineDiff(expected: expected, actual: text))",
                 sourceLocation: sourceLocation)
}

/// The lines that differ, `-` for the snapshot's and `+` for the actual ones, with their line numbers.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for change in new.difference(from: old) {
        switch change {
        case .remove(let offset, let line, _): report.append("-\(offset + 1)| \(line)")
        case .insert(let offset, let line, _): report.append("+\(offset + 1)| \(line)")
        }
    }
    return report.joined(separator: "\n")
}
