import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A program talking over pipes, driven a line at a time, for end-to-end tests of line-oriented
/// conversations where an answer depends on what the program said (a code read from its output).
///
///     let session = try PipeSession(ChildProcess.checkoutBinary, ["--plain", "nol", "link"])
///     try session.waitFor("your code is ")
///     session.send("123456")
///     let result = session.finish()
public final class PipeSession: Sendable {
    private let pid: pid_t
    private let input: FileHandle
    private let output = Collected()
    private let errors = Collected()
    private let readers = DispatchGroup()

    /// Starts `executable` (through ``ChildProcess/spawnPiped(_:_:environment:)``, so with a clean
    /// signal state) with its three standard streams on pipes.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let child = try ChildProcess.spawnPiped(executable, arguments, environment: environment)
        pid = child.pid
        input = child.stdin
        for (handle, buffer) in [(child.stdout, output), (child.stderr, errors)] {
            readers.enter()
            DispatchQueue.global().async { [readers] in
                while true {
                    let chunk = ChildProcess.readSome(handle.fileDescriptor)
                    if chunk.isEmpty { break }
                    buffer.bytes.withLock { $0.append(chunk) }
                }
                readers.leave()
            }
        }
    }

    /// Everything the program wrote on standard output so far.
    public var stdout: String { output.text }

    /// Writes `line` and a newline to the program's standard input.
    public func send(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Polls standard output until it contains `text`, for at most `timeout` seconds; returns it.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = stdout
        while !seen.contains(text) {
            if Date() > deadline { throw TmuxSession.Timeout(waitingFor: "\"\(text)\" on stdout", screen: seen) }
            usleep(10_000)
            seen = stdout
        }
        return seen
    }

    /// Ends standard input and waits for the program (killing it after `timeout` seconds).
    public func finish(timeout: Double = 30) -> ChildProcess.Result {
        try? input.close()
        let status = ChildProcess.wait(pid: pid, timeout: timeout)
        readers.wait()
        return ChildProcess.Result(status: status, stdout: stdout, stderr: errors.text)
    }
}

/// Bytes read from a pipe so far.
private final class Collected: Sendable {
    let bytes = Mutex(Data())
    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
}
