/// Gets a copy of every byte the terminal adapter writes, as it is written: a recording is a tee
/// of the terminal's output, never a second rendering.
///
/// Called on the thread that writes (the main one), once per block ncurses flushes (a frame) and
/// once per mode switch the adapter writes itself.
public final class TerminalOutputSink: @unchecked Sendable {
    private let receive: (UnsafeRawBufferPointer) -> Void

    public init(_ receive: @escaping (UnsafeRawBufferPointer) -> Void) { self.receive = receive }

    func write(_ bytes: UnsafeRawBufferPointer) { receive(bytes) }
}
