import CheckoutTUI
import FoundationEssentials
import Glibc

extension PlainFrontEnd {
    /// Runs over this process's standard input and output: ASCII output when the locale is not
    /// UTF-8, and Ctrl-C, SIGTERM and SIGHUP ending the program with terminal echo back on
    /// (exit 130, 143, 129) even while a hidden answer is being typed.
    @MainActor
    public func runOnStandardStreams(route: Route) async -> Int32 {
        // A closed pipe on stdout ends the conversation through a failed write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        return await run(route: route, console: StandardConsole(asciiOnly: !PlainText.localeIsUTF8()))
    }
}
