import CheckoutTUI
import Dispatch
import FoundationEssentials
import Glibc

extension PlainFrontEnd {
    /// Runs over this process's standard input and output: ASCII output when the locale is not
    /// UTF-8, and Ctrl-C, SIGTERM and SIGHUP ending the program with terminal echo back on
    /// (exit 130, 143, 129) even while a hidden answer is being typed. Output that cannot be written
    /// (a full disk) ends the run with `checkout: write error: …` and exit 1; a reader that has gone
    /// ends it quietly.
    public func runOnStandardStreams(route: Route) async -> Int32 {
        // A parent may have left signals blocked (test runners do); they must end the program.
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        // A closed pipe on stdout ends the conversation through a failed write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let console = StandardConsole(asciiOnly: !PlainText.localeIsUTF8())
        let queue = DispatchQueue(label: "checkout.plain-signals")
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                TerminalEcho.restore()
                console.write("\n")
                exit(128 + number)
            }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        let status = await run(route: route, console: console)
        if let error = console.writeError {
            let line = Array("checkout: write error: \(String(cString: strerror(error)))\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return 1
        }
        return status
    }
}
