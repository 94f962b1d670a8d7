import Glibc
import Testing
@testable import CheckoutPlain

/// Issue 30 ⑦: a hidden answer (the CVV) stays hidden after Ctrl-Z and `fg`. The shell puts its own
/// terminal settings back when the job stops; on SIGCONT the console turns echo off again. Checked
/// on a pseudo-terminal, through the console's echo control.
@Suite(.serialized) struct PlainEchoAfterResumeTests {
    @Test func echoIsTurnedOffAgainWhenTheJobIsResumed() throws {
        // A pseudo-terminal from /dev/ptmx: unlocked (TIOCSPTLCK) and its number asked (TIOCGPTN), as
        // posix_openpt(3), unlockpt(3) and ptsname(3) do; the request numbers are asm-generic/ioctls.h's.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(terminal >= 0)
        defer { close(terminal) }
        func echoes() -> Bool {
            var settings = termios()
            tcgetattr(terminal, &settings)
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }
        func shellPutsEchoBack() {
            var settings = termios()
            tcgetattr(terminal, &settings)
            settings.c_lflag |= tcflag_t(ECHO)
            tcsetattr(terminal, TCSANOW, &settings)
        }
        // The resume is delivered to this thread, at once.
        var continued = sigset_t()
        sigemptyset(&continued)
        sigaddset(&continued, SIGCONT)
        pthread_sigmask(SIG_UNBLOCK, &continued, nil)

        #expect(echoes())
        TerminalEcho.hide(terminal)
        #expect(!echoes())
        shellPutsEchoBack()
        raise(SIGCONT)
        #expect(!echoes(), "resumed at the hidden question: echo is off again")
        TerminalEcho.restore()
        #expect(echoes())
        // Once the answer is read, a resume leaves the terminal as it is.
        raise(SIGCONT)
        #expect(echoes())
    }
}
