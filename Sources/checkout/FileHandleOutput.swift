import CheckoutCore
import Foundation

/// Unbuffered writes to standard output and standard error (Glibc's `stdout` is not usable from Swift 6).
///
/// When the reader of standard output has gone (`checkout detect - < numbers | head -1`), the
/// process ends quietly as if by SIGPIPE, even when its parent started it with SIGPIPE ignored:
/// there is nobody left to write for, and going on would read the rest of the input for nothing.
enum FileHandleOutput {
    static func line(_ text: String) {
        write(fd: 1, text + "\n")
    }

    /// Writes one diagnostic line, sanitised (``DiagnosticText``): whatever it quotes, it stays one
    /// line and cannot drive the terminal of whoever reads it.
    static func error(_ text: String) {
        write(fd: 2, DiagnosticText.sanitized(text) + "\n")
    }

    static func write(fd: Int32, _ text: String) {
        Array(text.utf8).withUnsafeBytes { write(fd: fd, bytes: $0) }
    }

    /// Writes all of `bytes`, however many `write` calls it takes.
    static func write(fd: Int32, bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EPIPE { endBecauseTheReaderHasGone() }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Ends the process with the status a shell reports for SIGPIPE (141), printing nothing.
    private static func endBecauseTheReaderHasGone() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
