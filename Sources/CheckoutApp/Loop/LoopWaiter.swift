import CTerminalRestore
import Glibc
import Synchronization

/// What ended one wait of the loop.
public struct LoopWake: Sendable, Equatable {
    /// The input's descriptor can be read without blocking.
    public var readable = false
    /// Something was handed to the loop from another thread: an engine event, a command the engine
    /// has finished, a Nol answer.
    public var woken = false
    /// Signals that arrived, in order: SIGWINCH, SIGINT, SIGTERM, SIGHUP.
    public var signals: [Int32] = []

    public init(readable: Bool = false, woken: Bool = false, signals: [Int32] = []) {
        self.readable = readable
        self.woken = woken
        self.signals = signals
    }
}

/// How the loop sleeps between wake-ups: a blocking `poll(2)` over real descriptors
/// (``PollWaiter``), or a suspension for an app with no descriptor (``SuspendingWaiter``: tests,
/// the headless demo).
@MainActor
public protocol LoopWaiter: AnyObject {
    /// Ends the current wait, or the next one, from any thread.
    nonisolated var wake: @Sendable () -> Void { get }
    /// Sleeps until `descriptor` is readable, ``wake`` is called, a signal arrives, or `deadline`
    /// (real time) passes; returns at once when a wake-up is already pending.
    func wait(for descriptor: Int32?, until deadline: ContinuousClock.Instant?) async -> LoopWake
    /// Takes a pending wake-up without sleeping; whether there was one.
    func takePendingWake() -> Bool
}

/// One blocking `poll(2)` over the input's descriptor, a wake-up pipe that other threads write to,
/// and the signal pipe of `CTerminalRestore`, with the next timer as its timeout: the thread that
/// waits is the one that then reads the key, updates the app and draws.
///
/// Blocking is the point: the loop runs on the main thread, which nothing else needs, while the
/// engine's actor and the Nol calls run on the cooperative pool.
@MainActor
public final class PollWaiter: LoopWaiter {
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let signalRead: Int32
    /// Whether a byte is in the wake-up pipe already: one is enough, so writers skip the write.
    private let pending = Flag()

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
    public nonisolated let wake: @Sendable () -> Void

    /// Opens the pipes and takes SIGINT, SIGTERM, SIGHUP and SIGWINCH until ``close()``; `nil`
    /// when no pipe can be made.
    public init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let signals = ctr_signal_pipe_start()
        guard signals >= 0 else {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            return nil
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        signalRead = signals
        let pending = self.pending
        let descriptor = ends[1]
        wake = {
            guard !pending.value.exchange(true, ordering: .acquiringAndReleasing) else { return }
            var byte: UInt8 = 1
            _ = Glibc.write(descriptor, &byte, 1)
        }
        // A parent may have left signals blocked (test runners do); the loop needs them.
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
    }

    /// Gives the signals back to their previous handlers and closes the pipes.
    public func close() {
        ctr_signal_pipe_stop()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    public func takePendingWake() -> Bool {
        guard pending.value.load(ordering: .acquiring) else { return false }
        drainWake()
        return true
    }

    public func wait(for descriptor: Int32?, until deadline: ContinuousClock.Instant?) async -> LoopWake {
        var wake = LoopWake()
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: signalRead, events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                // Rounded up, so the timer has passed when poll returns and no spin follows.
                let milliseconds = left <= .zero ? 0 : (left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
                timeout = Int32(min(milliseconds, Int64(Int32.max)))
            }
            let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeout) }
            if ready < 0, errno == EINTR {
                // A signal's handler has written its byte: the next poll sees it at once.
                continue
            }
            if ready <= 0 { return wake }
            if fds[0].revents != 0 {
                drainWake()
                wake.woken = true
            }
            if fds[1].revents != 0 { wake.signals += readSignals() }
            if fds.count > 2, fds[2].revents != 0 { wake.readable = true }
            return wake
        }
    }

    /// Empties the pipe, then lets writers write again: a wake-up after this is a new byte, and one
    /// between the two is in the inbox the loop reads after every wait.
    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        pending.value.store(false, ordering: .releasing)
    }

    private func readSignals() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(signalRead, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            signals += buffer.prefix(count).map { Int32($0) }
        }
        return signals
    }
}

/// A waiter without descriptors: the wait suspends until ``wake`` is called or the deadline
/// passes. For an app whose input needs no descriptor: a scripted console in tests, the headless demo.
@MainActor
public final class SuspendingWaiter: LoopWaiter {
    private struct State {
        var pending = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    public nonisolated let wake: @Sendable () -> Void

    public init() {
        let shared = shared
        wake = {
            let waiting = shared.state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let waiting = state.waiting {
                    state.waiting = nil
                    return waiting
                }
                state.pending = true
                return nil
            }
            waiting?.resume()
        }
    }

    public func takePendingWake() -> Bool {
        shared.state.withLock { state in
            defer { state.pending = false }
            return state.pending
        }
    }

    public func wait(for descriptor: Int32?, until deadline: ContinuousClock.Instant?) async -> LoopWake {
        precondition(descriptor == nil, "a SuspendingWaiter cannot wait on a descriptor")
        if takePendingWake() { return LoopWake(woken: true) }
        let timer = deadline.map { deadline in
            let wake = self.wake
            return Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled { wake() }
            }
        }
        defer { timer?.cancel() }
        await withCheckedContinuation { continuation in
            let now = shared.state.withLock { state -> Bool in
                if state.pending {
                    state.pending = false
                    return true
                }
                state.waiting = continuation
                return false
            }
            if now { continuation.resume() }
        }
        // The timer's wake and a real one look alike; the loop looks at everything after a wait anyway.
        return LoopWake(woken: true)
    }
}
