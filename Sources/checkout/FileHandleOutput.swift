import Foundation

/// Unbuffered writes to standard output and standard error (Glibc's `stdout` is not usable from Swift 6).
enum FileHandleOutput {
    static func line(_ text: String) {
        write(fd: 1, text + "\n")
    }
    static func error(_ text: String) {
        write(fd: 2, text + "\n")
    }
    static func write(fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
