// Small stand-ins for the UIKit (and the Debug App helpers) that Primer's Debug App view
// controllers use, so their ports compile and run on Linux. Nothing is drawn: a view keeps what a
// controller, or a test acting as the person at the screen, reads back (text, titles, enabled state,
// subviews, identifiers, alerts). Written for this repository; `scripts/consumer-check.sh` copies
// this file with the ports into a package outside the repository.
//
// The names are UIKit's (UIViewController, UITextField, UIButton, UIStackView, UIImageView,
// UITableView, UIAlertController, UIAction) with only the members the ports call; gestures and
// target/action are closures the test calls (`tap()`), as a finger would. An image is
// PrimerHeadlessCompat's `PrimerImage` (a badge's text), which AssetsManager hands where the SDK hands a UIImage.

import FoundationEssentials
import PrimerHeadlessCompat

public typealias UIImage = PrimerImage

extension Error {
    /// Foundation's `localizedDescription`, which UIKit brings along: the error's own description.
    public var localizedDescription: String { (self as? any LocalizedError)?.errorDescription ?? "\(self)" }
}

@MainActor open class UIView {
    public var accessibilityIdentifier: String?
    public var isHidden = false
    public var isUserInteractionEnabled = false
    /// Stands for `layer.opacity`.
    public var alpha: Float = 1
    public var backgroundColor: UIColor?
    public private(set) var gestureRecognizers: [TapGestureRecognizer] = []
    public private(set) var subviews: [UIView] = []

    public init() {}

    public func addSubview(_ view: UIView) { subviews.append(view) }
    public func addGestureRecognizer(_ recognizer: TapGestureRecognizer) { gestureRecognizers.append(recognizer) }
    /// The person taps the view.
    public func tap() { gestureRecognizers.forEach { $0.handler() } }
}

/// A named colour; the ports only set and compare them.
public struct UIColor: Equatable, Sendable {
    public let name: String
    public static let black = UIColor(name: "black")
    public static let lightGray = UIColor(name: "lightGray")
    public static let white = UIColor(name: "white")
}

/// The Debug App's own closure-based recognizer (`TapGestureRecognizer { … }`).
@MainActor public final class TapGestureRecognizer {
    let handler: () -> Void
    public init(_ handler: @escaping () -> Void) { self.handler = handler }
}

@MainActor public final class UIImageView: UIView {
    public let image: UIImage?
    public init(image: UIImage?) { self.image = image }
}

@MainActor open class UIStackView: UIView {
    public private(set) var arrangedSubviews: [UIView] = []
    public override init() {}
    public init(arrangedSubviews: [UIView]) { self.arrangedSubviews = arrangedSubviews }
    public func addArrangedSubview(_ view: UIView) { arrangedSubviews.append(view) }
    /// The Debug App's helper of the same name.
    public func removeAllArrangedSubviews() { arrangedSubviews = [] }
}

public struct NSRange: Sendable {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }
}

extension Range where Bound == String.Index {
    /// The UTF-16 range of `string`, as Foundation converts an `NSRange`.
    public init?(_ range: NSRange, in string: String) {
        let utf16 = string.utf16
        guard range.location >= 0, range.length >= 0, range.location + range.length <= utf16.count else { return nil }
        let lower = utf16.index(utf16.startIndex, offsetBy: range.location)
        self = lower..<utf16.index(lower, offsetBy: range.length)
    }
}

extension String {
    public func replacingCharacters(in range: Range<String.Index>, with replacement: String) -> String {
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }

    public func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@MainActor public protocol UITextFieldDelegate: AnyObject {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
}

@MainActor public final class UITextField: UIView {
    public var text: String? = ""
    public var placeholder: String?
    public weak var delegate: (any UITextFieldDelegate)?

    /// The person types `string` at the end of the field: the delegate is asked, as UIKit asks it,
    /// and the text changes when it agrees.
    public func type(_ string: String) {
        let current = text ?? ""
        let range = NSRange(location: current.utf16.count, length: 0)
        if delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true {
            text = current + string
        }
    }

    /// `type` one character at a time.
    public func typeEachCharacter(of string: String) {
        for character in string { type(String(character)) }
    }
}

public struct UIAction {
    public let title: String
    let handler: @MainActor (UIAction) -> Void
    public init(title: String, handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

@MainActor public final class UIButton: UIView {
    public private(set) var title: String?
    public var isEnabled = true
    private var action: UIAction?

    public override init() {}
    public init(primaryAction: UIAction) {
        action = primaryAction
        title = primaryAction.title
    }

    public func setTitle(_ title: String?) { self.title = title }
    /// The button's primary action (target/action wiring is the port's `tap` closure).
    public var onTap: (() -> Void)?
    public override func tap() {
        guard isEnabled else { return }
        if let action { action.handler(action) }
        onTap?()
    }
}

/// What `present(_:)` shows: the alert's title and message.
public struct UIAlertController: Equatable, Sendable {
    public let title: String
    public let message: String
}

@MainActor open class UIViewController {
    public let view = UIView()
    public var title: String?
    /// The alerts presented, oldest first.
    public private(set) var presented: [UIAlertController] = []

    public init() {}

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}

    public func present(_ alert: UIAlertController) { presented.append(alert) }

    /// The Debug App's `showErrorMessage(_:)` helper: an alert titled "Error".
    public func showErrorMessage(_ message: String) { present(UIAlertController(title: "Error", message: message)) }
}

/// `DispatchQueue.main.async`, as the ports call it: the work runs on the main actor, after what is
/// running now.
public enum DispatchQueue {
    public static let main = MainQueue()

    public struct MainQueue: Sendable {
        public func async(execute work: @escaping @MainActor @Sendable () -> Void) {
            Task { @MainActor in work() }
        }
    }
}

extension Array {
    /// The Debug App's `[safe:]` subscript: nil out of bounds.
    public subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
