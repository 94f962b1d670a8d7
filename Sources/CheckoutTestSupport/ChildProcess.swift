import Foundation
#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// Runs a program the way a shell would, for end-to-end tests: a cleared signal mask and default
/// signal handlers (children of test processes otherwise inherit a mask that blocks SIGINT, SIGTERM
/// and SIGWINCH), standard input from `input`, standard output and error captured, and `HOME` and
/// `XDG_DATA_HOME` in ``TestHome/directory``.
public struct ChildProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The program's peak resident memory, when `run` was asked to measure it.
        public var peakResidentBytes: Int?
        /// When the program exited, on `CLOCK_MONOTONIC` in nanoseconds, when `run` was asked to measure it.
        public var exitedAt: UInt64?
        /// The stdout lines, without the empty line after the last newline.
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// The `checkout` binary built next to the test bundle.
    public static var checkoutBinary: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // swift-testing runs from <bin>/TerminalCheckoutPackageTests.xctest; walk up until `checkout` is found.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("checkout").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/checkout").path
    }

    /// Runs `executable` with `arguments` and waits for it (killing it after `timeout` seconds).
    ///
    /// With `measuring`, the result also carries the program's peak resident memory and the
    /// moment it exited. They are read by a small Python parent forked for the purpose, not by this
    /// process: the kernel carries the high-water mark of the memory a program is exec'd from into
    /// its `ru_maxrss`, so measured from here it would be at least this test process's own peak.
    /// Through the helper it is at least the helper's (about 10 MB), which the figures measured
    /// this way exceed; and the exit is stamped as the helper reaps it, before any of this
    /// process's own pipe handling.
    public static func run(_ executable: String, _ arguments: [String], input: String = "",
                           environment: [String: String]? = nil, timeout: Double = 60,
                           measuring: Bool = false) throws -> Result {
        guard measuring else {
            return try run(executable, arguments, input: input, environment: environment, timeout: timeout)
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-measure-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        var result = try run("python3", ["-c", measuringHelper, report, executable] + arguments, input: input,
                             environment: environment, timeout: timeout)
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ")
        if fields.count == 2 {
            result.peakResidentBytes = Int(fields[0])
            result.exitedAt = UInt64(fields[1])
        }
        return result
    }

    /// ``run(_:_:input:environment:timeout:measuring:)`` for async tests: the program is waited for
    /// on a thread of its own, so the test holds none of the concurrency pool's threads (one per
    /// core) while it runs, and other tests' tasks are not starved meanwhile.
    public static func runAsync(_ executable: String, _ arguments: [String], input: String = "",
                                environment: [String: String]? = nil, timeout: Double = 60,
                                measuring: Bool = false) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    try run(executable, arguments, input: input, environment: environment, timeout: timeout, measuring: measuring)
                })
            }.start()
        }
    }

    /// Runs argv[2...] as its child (which dies with it), writes "PEAK_RSS_BYTES EXIT_MONOTONIC_NS"
    /// to the file argv[1], and exits as the child did (128 + the signal that ended it).
    private static let measuringHelper = """
        import ctypes, os, sys, time
        pid = os.fork()
        if pid == 0:
            ctypes.CDLL(None).prctl(1, 9)
            os.execvp(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        exited = time.monotonic_ns()
        with open(sys.argv[1], "w") as f:
            f.write("%d %d" % (usage.ru_maxrss * 1024, exited))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """

    private static func run(_ executable: String, _ arguments: [String], input: String, environment: [String: String]?,
                            timeout: Double) throws -> Result {
        let child = try spawnPiped(executable, arguments, environment: environment)
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        group.enter()
        DispatchQueue.global().async { out = readToEnd(child.stdout.fileDescriptor); group.leave() }
        group.enter()
        DispatchQueue.global().async { err = readToEnd(child.stderr.fileDescriptor); group.leave() }
        DispatchQueue.global().async {
            try? child.stdin.write(contentsOf: Data(input.utf8))
            try? child.stdin.close()
        }
        let status = wait(pid: child.pid, timeout: timeout)
        group.wait()
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Everything `descriptor` gives until end of file. A read cut short by a signal is tried again:
    /// Foundation's `readDataToEndOfFile()` traps on EINTR (seen once in a full run on a busy machine).
    static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        while true {
            let chunk = readSome(descriptor)
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }

    /// What one read of `descriptor` gives (empty at end of file or on an error), tried again when
    /// a signal cuts it short; for `FileHandle.availableData`, which traps on EINTR too.
    public static func readSome(_ descriptor: Int32) -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Data(buffer[..<count]) }
            if count == 0 || errno != EINTR { return Data() }
        }
    }

    /// A program started by ``spawnPiped(_:_:environment:)``: its pid, and this side of the pipes
    /// on its standard input, output and error.
    public struct Piped: Sendable {
        public let pid: pid_t
        public let stdin: FileHandle
        public let stdout: FileHandle
        public let stderr: FileHandle
    }

    /// Starts a program (through ``spawn(_:_:environment:stdin:stdout:stderr:)``, so with a clean
    /// signal state) with its three standard streams on pipes.
    public static func spawnPiped(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Piped {
        ignoreBrokenPipes
        // No child may inherit the pipes' other ends (dup2 onto 0, 1, 2 clears the flag): a leaked
        // write end of a stdin keeps its reader from ever seeing end of input. The flag is set as
        // each pipe is made, before any child can start: tests spawn in parallel, and a sibling's child started
        // between pipe() and fcntl() held another test's stdin open until that test's timeout
        // (seen under load: `detect -` killed after 30 s with nothing read).
        let inPipe = try ClosingPipe(), outPipe = try ClosingPipe(), errPipe = try ClosingPipe()
        let pid = try spawn(executable, arguments, environment: environment,
                            stdin: inPipe.fileHandleForReading.fileDescriptor,
                            stdout: outPipe.fileHandleForWriting.fileDescriptor,
                            stderr: errPipe.fileHandleForWriting.fileDescriptor)
        try? inPipe.fileHandleForReading.close()
        try? outPipe.fileHandleForWriting.close()
        try? errPipe.fileHandleForWriting.close()
        return Piped(pid: pid, stdin: inPipe.fileHandleForWriting, stdout: outPipe.fileHandleForReading, stderr: errPipe.fileHandleForReading)
    }

    /// Held while a pipe is between being made and being marked close-on-exec, and while a child
    /// is spawned: so no child starts in that gap (Glibc's Swift module has no `pipe2`).
    private static let spawning = Mutex(())

    /// Both ends of a pipe, close-on-exec before any child can be spawned.
    private struct ClosingPipe {
        let fileHandleForReading: FileHandle
        let fileHandleForWriting: FileHandle

        init() throws {
            var ends: [Int32] = [0, 0]
            let made = ChildProcess.spawning.withLock { _ in
                guard pipe(&ends) == 0 else { return false }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                return true
            }
            guard made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            fileHandleForReading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
            fileHandleForWriting = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        }
    }

    /// A child that exits before reading its input (a refused option) closes the pipe its input is
    /// being written to: the write must fail, not stop the whole test process with SIGPIPE (seen
    /// under load, the writer running after the child had gone). Children get SIGPIPE's default back.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Starts a program with a clean signal state; returns its pid. File descriptors are dup'ed onto 0, 1, 2.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                             stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGWINCH, SIGPIPE, SIGCHLD, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        // Nothing but the three standard streams reaches the child, whatever a test left open
        // without close-on-exec: a tmux server started by one test held another test's filler file
        // on a full tmpfs open, so its unlink freed nothing and the next payment found the disk
        // still full (CI, under load).
        if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }

        // Every child gets a home of the test's own (see TestHome): no test writes under the real one.
        let env = TestHome.sandboxed(environment).map { "\($0.key)=\($0.value)" }
        let argv = [executable] + arguments
        var pid: pid_t = 0
        let rc = withCStrings(argv) { argvPtr in
            withCStrings(env) { envPtr in
                spawning.withLock { _ in posix_spawnp(&pid, executable, &actions, &attributes, argvPtr, envPtr) }
            }
        }
        guard rc == 0 else { throw NSError(domain: "ChildProcess", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(rc)))"]) }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module
    /// does not declare; nil where the C library has none.
    private static let closeFromAction: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Waits for `pid`; after `timeout` seconds sends SIGKILL. Returns the exit status, or 128+signal.
    public static func wait(pid: pid_t, timeout: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 { return -1 }
            if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            usleep(2_000)
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
