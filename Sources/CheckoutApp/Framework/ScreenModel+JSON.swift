import CheckoutCore

/// The screen model as one JSON object, and the inputs a script hands the app as JSON lines: the
/// wire form of `checkout drive` (PRODUCT.md, "`checkout drive`"), kept beside the model so that
/// a test reads the same object a script does.
extension ScreenModel {
    /// The model as a JSON value: `screen`, `title`, `focus`, `fields` (`id`, `label`, `value`,
    /// `error`, `notes`), `choices`, `tables`, `actions`, `narration`, `status`, and `result` on
    /// the result screen. A secret field's value is what the screen shows for it: one bullet per
    /// character, never its text.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        var members: [(String, JSONValue)] = [
            ("screen", .string(screen)), ("title", .string(title)), ("focus", text(focus)),
            ("fields", .array(fields.map { field in
                .object([("id", .string(field.id)), ("label", .string(field.label)), ("value", .string(field.value)),
                         ("error", text(field.error)), ("notes", .array(field.notes.map(JSONValue.string)))])
            })),
            ("choices", .array(choices.map { choice in
                .object([("id", .string(choice.id)), ("label", .string(choice.label)),
                         ("options", .array(choice.options.map { option in
                             .object([("id", .string(option.id)), ("label", .string(option.label)), ("surcharge", text(option.surcharge))])
                         })),
                         ("marked", number(choice.marked)), ("preferred", number(choice.preferred))])
            })),
            ("actions", .array(actions.map { .object([("keys", .string($0.keys)), ("label", .string($0.label))]) })),
        ]
        if !tables.isEmpty {
            members.append(("tables", .array(tables.map { table in
                .object([("id", .string(table.id)), ("columns", .array(table.columns.map(JSONValue.string))),
                         ("rows", .array(table.rows.map { .array($0.map(JSONValue.string)) })),
                         ("marked", number(table.marked)), ("filter", text(table.filter)), ("position", text(table.position))])
            })))
        }
        members.append(("narration", .array(narration.map { .string($0.text) })))
        members.append(("status", text(status)))
        if let result {
            members.append(("result", .object([
                ("status", .string(result.status)), ("network", text(result.network)), ("chosenBy", text(result.chosenBy)),
                ("last4", text(result.last4)), ("amount", number(result.amount)), ("surcharge", number(result.surcharge)),
                ("total", number(result.total)), ("currency", text(result.currency)), ("paymentId", text(result.paymentId)),
                ("reason", text(result.reason)),
            ])))
        }
        return .object(members)
    }

    /// ``json`` as one line of text, without its newline.
    public var jsonLine: String { json.serialized() }
}

/// One line of a script that drives the app (`checkout drive`): text typed, a key pressed, text
/// pasted, a wait until nothing is left to do, or the terminal's size.
public enum ScriptedInput: Sendable, Equatable {
    case type(String)
    case press(Key)
    case paste(String)
    case waitIdle
    case size(width: Int, height: Int)

    /// The keys a script names, as PRODUCT.md lists them.
    public static let keys: [(name: String, key: Key)] = [
        ("tab", .tab), ("backtab", .backTab), ("enter", .enter), ("esc", .escape), ("up", .up), ("down", .down),
        ("left", .left), ("right", .right), ("space", .space), ("backspace", .backspace), ("f1", .function(1)),
    ]

    /// Why a line is not one of the inputs.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The one JSON object said for a line that is not an input: `{"error":"…","line":3}`.
    public static func errorLine(_ message: String, line: Int) -> String {
        JSONValue.object([("error", .string(message)), ("line", .number(Double(line)))]).serialized()
    }

    /// The input a line holds: one object with one of `type`, `press`, `paste`, `wait`, `size`.
    public static func parse(_ line: String) throws(Problem) -> ScriptedInput {
        let value: JSONValue
        do { value = try JSONValue(parsing: line) } catch { throw Problem("not JSON: \(error)") }
        guard let members = value.objectValue, members.count == 1, let (name, argument) = members.first else {
            throw Problem("expected one object with one of \"type\", \"press\", \"paste\", \"wait\", \"size\"")
        }
        switch name {
        case "type", "paste":
            guard let text = argument.stringValue else { throw Problem("\"\(name)\" takes a string") }
            return name == "type" ? .type(text) : .paste(text)
        case "press":
            guard let word = argument.stringValue, let key = keys.first(where: { $0.name == word })?.key else {
                throw Problem("\"press\" takes one of " + keys.map { "\"\($0.name)\"" }.joined(with: ", "))
            }
            return .press(key)
        case "wait":
            guard argument.stringValue == "idle" else { throw Problem("\"wait\" takes \"idle\"") }
            return .waitIdle
        case "size":
            guard let pair = argument.arrayValue, pair.count == 2, let width = pair[0].intValue, let height = pair[1].intValue,
                  (1...10_000).contains(width), (1...10_000).contains(height) else {
                throw Problem("\"size\" takes [columns, rows], each 1 to 10000")
            }
            return .size(width: width, height: height)
        default:
            throw Problem("unknown input \"\(name)\": expected \"type\", \"press\", \"paste\", \"wait\" or \"size\"")
        }
    }
}
