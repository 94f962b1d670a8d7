/// The app kept in memory at a fixed size, drawn by nobody: the headless demo looks at the model
/// itself (its checks render the frame they look at).
@MainActor
public final class CanvasDisplay: AppDisplay {
    public let size: TerminalSize

    public init(size: TerminalSize) {
        self.size = size
    }

    public func show(_ model: AppModel) {}
}
