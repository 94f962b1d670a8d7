import CheckoutApp
import FoundationEssentials
import Glibc

extension PlainFrontEnd {
    /// Runs over this process's standard input and output: ASCII output when the locale is not
    /// UTF-8, and Ctrl-C, SIGTERM and SIGHUP ending the program with terminal echo back on
    /// (exit 130, 143, 129) even while a hidden answer is being typed. Output that cannot be written
    /// (a full disk) ends the run with `checkout: write error: …` and exit 1; a reader that has gone
    /// ends it quietly.
    @MainActor
    public func runOnStandardStreams(route: Route) async -> Int32 {
        // A closed pipe on stdout ends the conversation through a failed write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let console = StandardConsole(asciiOnly: !PlainText.localeIsUTF8())
        let status = await run(route: route, console: console)
        if let error = console.writeError {
            let line = Array("checkout: write error: \(String(cString: strerror(error)))\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return 1
        }
        return status
    }
}
