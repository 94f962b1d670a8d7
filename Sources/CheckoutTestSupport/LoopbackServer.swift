import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Python loopback server of the tests (`Tests/CheckoutEngineTests/Support/NAME.py`), running:
/// started with `--log FILE`, it prints the ports it listens on, as one line, once it is ready.
/// ``StubBinServer`` and ``FakePrimerAPI`` are each one of these with what their log means.
struct LoopbackServer: Sendable {
    let pid: pid_t
    /// The file the server logs each request to, one line each.
    let logPath: String
    /// The ports of the server's first line, in order.
    let ports: [Int]

    /// Starts `Tests/CheckoutEngineTests/Support/\(name).py` and waits for its line of `portCount` ports.
    ///
    /// The server lives until ``stop()`` or the end of the test process (`--lifetime 0`): the
    /// scripts' own default lifetime (300 s, for a server started by hand) is a real-time bound, and
    /// on a loaded machine a suite can take longer than that to reach the test that uses it.
    static func start(_ name: String, portCount: Int) throws -> LoopbackServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/CheckoutEngineTests/Support/\(name).py").standardized.path
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).log").path
        let output = Pipe()
        let pid = try ChildProcess.spawn("python3", [script, "--log", logPath, "--lifetime", "0"], stdout: output.fileHandleForWriting.fileDescriptor)
        try? output.fileHandleForWriting.close()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = ChildProcess.readSome(output.fileHandleForReading.fileDescriptor)
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let ports = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let server = LoopbackServer(pid: pid, logPath: logPath, ports: ports)
        guard ports.count == portCount else {
            server.stop()
            throw NSError(domain: name, code: 1, userInfo: [NSLocalizedDescriptionKey: "\(name).py did not start"])
        }
        return server
    }

    /// `http://127.0.0.1:PORT` for the `index`th port.
    func url(_ index: Int = 0) -> URL { URL(string: "http://127.0.0.1:\(ports[index])")! }

    /// Ends the server and removes its log.
    func stop() {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// The lines logged so far.
    func logLines() -> [Substring] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n")
    }
}

/// The real-time bound that tells "ended at its own deadline or cap" (milliseconds expected) from
/// "waited for the loopback server" (whose slow answers come after 60 s): half of the server's
/// wait, so a loaded machine (11 s seen with the whole suite on two cores) is not taken for the bug.
public let beforeTheServersSlowAnswer: Duration = .seconds(30)
