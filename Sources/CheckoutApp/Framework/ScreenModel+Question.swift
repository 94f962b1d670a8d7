import CheckoutCore

/// A screen model asked one question at a time, the way huh's accessible mode asks a form: written
/// once per kind of thing shown, not once per screen.
///
/// - a focused text field is a line for it (a secret one typed unseen and echoed as bullets);
/// - a table whose rows can be chosen (Payments) is a numbered choice: its rows, then the screen's
///   other keys (the next filter, the next page, save the receipt…), the tables that go with the
///   row chosen (its receipt) read aloud before, and the status line (how a save went) said first;
/// - anything else is said (its title, its tables, its status) and left, as Esc leaves it.
///
/// Every answer goes back as the terminal's keys (↑ ↓ to a row, the action's own key), so the
/// screen's rules are its own.
extension ScreenModel {
    public func question(context: ScreenContext) -> ScreenQuestion? {
        if let field = fields.first(where: \.focused) {
            var answer = ScreenQuestion.TextAnswer(current: field.secret || field.value.isEmpty ? nil : field.value,
                                                   hidden: field.secret, echo: field.secret ? .secret : .asTyped) { typed in
                AnswerStep.replacing(with: typed) + [.check, .goOn]
            }
            if field.secret { answer.shownCurrent = field.value.isEmpty ? nil : field.value }
            return ScreenQuestion(step: "\(screen).\(field.id)", prompt: field.label, help: field.hint.map { [$0] } ?? [],
                                  kind: .text(answer), error: [field.error, status].compactMap { $0 })
        }
        let said = tables.filter { $0.marked == nil && !$0.rows.isEmpty }.flatMap(Self.readAloud)
        if let table = tables.first(where: { $0.marked != nil && !$0.rows.isEmpty }), let marked = table.marked {
            var options = table.rows.enumerated().map { index, row in
                ScreenQuestion.Option(row.filter { !$0.isEmpty }.joined(separator: ", "), steps: AnswerStep.moving(from: marked, to: index))
            }
            // The screen's own keys but the rows' (↑ ↓), Esc (`back` says it) and the global ones.
            let moving: Set<Key> = [.up, .down, .escape, .function(1), .function(2), .tab, .backTab, .enter]
            for action in actions {
                guard let key = action.key, !moving.contains(key) else { continue }
                options.append(.init(action.label.prefix(1).uppercased() + action.label.dropFirst() + " (\(action.keys))", steps: [.key(key)]))
            }
            let heading = [table.filter, table.position].compactMap { $0 }.joined(separator: context.glyphs.separator)
            return ScreenQuestion(step: "\(screen).\(table.id).\(heading).\(marked)", lead: said, prompt: "",
                                  help: actions.filter { $0.key != nil }.map { "\($0.keys): \($0.label)" },
                                  kind: .choice(.init(heading: heading.isEmpty ? title : title + ": " + heading, options: options, defaultIndex: marked)),
                                  error: status.map { [$0] } ?? [])
        }
        return ScreenQuestion(step: screen, lead: [title + "."] + said + (status.map { [$0] } ?? []), prompt: "", kind: .notice([.key(.escape)]))
    }

    /// A table read aloud: a line a row, its cells apart; a row without a first cell goes on the last.
    static func readAloud(_ table: Table) -> [String] {
        table.rows.map { row in
            let cells = row.filter { !$0.isEmpty }
            return row.first?.isEmpty == true ? "  " + cells.joined(separator: ", ") : cells.joined(separator: ": ")
        }
    }
}
