import CheckoutCore
import CheckoutEngine
import Testing
@testable import CheckoutApp

/// F1 lists exactly the screen's keys and the global ones, once each; the footer keeps Esc and the
/// key for the focused thing at 50 columns, and what it leaves out is in F1.
@MainActor @Suite struct HelpAndFooterTests {
    /// Every screen and focus a person meets outside the Nol flows, by name.
    func states() -> [(String, AppModel)] {
        var states: [(String, AppModel)] = [("home", Fixtures.model(.home))]
        var model = Fixtures.model(.home)
        _ = model.press(.enter)
        states += Fixtures.coBadgedCardInEveryFocus(model, paid: Fixtures.payment(status: .declined), result: "declined result")
        var settings = Fixtures.model(.settings)
        _ = settings.press(.right)
        _ = settings.press(.right)
        for _ in 0..<6 {
            states.append(("settings on \((settings.top as! SettingsScreen).current)", settings))
            _ = settings.press(.down)
        }
        return states
    }

    func help(_ model: AppModel) -> HelpScreen {
        var model = model
        _ = model.press(.function(1))
        return model.top as! HelpScreen
    }

    @Test func helpListsEachKeyOnceAndEveryLineOnce() {
        for (name, model) in states() {
            let hints = help(model).hints
            #expect(Set(hints.map(\.help)).count == hints.count, "\(name): a line said twice: \(hints.map(\.help))")
            #expect(Set(hints.map(\.keys)).count == hints.count, "\(name): a key line twice: \(hints.map(\.keys))")
            for hint in hints {
                let keys = hint.keys.split(separator: "/")
                #expect(Set(keys).count == keys.count, "\(name): \(hint.keys) names a key twice")
            }
        }
    }

    @Test func editingKeysOnlyWhereTextIsEdited() {
        for (name, model) in states() {
            let screen = help(model)
            let text = help(model).lines(context: model.context).map { "\($0.keys) \($0.help)" }.joined(separator: "\n")
            let edits = name.hasPrefix("card form") || name.hasPrefix("settings")
            #expect(screen.editingKeys == edits, "\(name)")
            #expect(text.contains("ctrl+u") == edits, "\(name)")
            #expect(text.contains("ctrl+w/alt+backspace") == edits, "\(name)")
        }
    }

    @Test func settingsHelpSaysWhatSpaceAndAltArrowsDo() {
        let settings = states().first { $0.0.hasPrefix("settings") }!.1
        let lines = help(settings).hints
        #expect(lines.contains(KeyHint(keys: "space", help: "a network: accept it or not")))
        #expect(lines.contains(KeyHint(keys: "alt+↑/←", help: "a network: move it up the order")))
        #expect(lines.contains(KeyHint(keys: "alt+↓/→", help: "a network: move it down the order")))
        #expect(lines.contains(KeyHint(keys: "+", help: "latency, debounce: 50 ms more")))
        #expect(lines.contains(KeyHint(keys: "↓/tab", help: "next row")))
        #expect(lines.contains(KeyHint(keys: "esc", help: "quit")))
        #expect(!lines.contains { $0.keys == "↑↓" }, "a footer's pair label is not a help line")
    }

    @Test func theHelpOfTheHomeMenuHasNoEditingOrCardKeys() {
        let lines = help(Fixtures.model(.home)).lines(context: Fixtures.model(.home).context)
        #expect(lines.map(\.keys) == ["", "↑/←", "↓/→/tab", "enter", "q/esc", "F1/?", "F2/alt+e", "ctrl+c", "", "click", "wheel"])
    }

    @Test func theHelpScrollsWhenItDoesNotFit() {
        var model = Fixtures.model()
        model.resize(width: 50, height: 17)
        _ = model.press(.function(1))
        var screen = model.render().text
        #expect(screen.contains("↓ more"))
        #expect(!screen.contains("put back what was erased last"))
        for _ in 0..<100 { _ = model.press(.down) }
        screen = model.render().text
        #expect(screen.contains("wheel"))
        #expect(!screen.contains("↓ more"))
        // Scrolling stops at the end: one ↑ moves the list at once.
        _ = model.press(.up)
        #expect(model.render().text != screen)
        // A long explanation wraps under itself rather than being cut.
        #expect(!screen.contains("…"))
    }

    @Test func at50ColumnsTheFooterKeepsEscAndTheFocusedKeyAndF1ListsTheRest() {
        for (name, model) in states() {
            let footer = model.render(width: 50, height: 17).lines.last ?? ""
            let screen = model.top!
            let all = model.hints(at: model.stack.count - 1).filter(\.showsInFooter)
            #expect(footer.contains("esc "), "\(name): \(footer)")
            #expect(Fixtures.endsWithGlobalKeys(footer), "\(name): \(footer)")
            #expect(!footer.contains("…"), "\(name): \(footer)")
            for hint in all where hint.rank == .focused {
                #expect(footer.contains("\(hint.keys) \(hint.help)"), "\(name): \(hint.keys) \(hint.help) missing from \(footer)")
            }
            // What the footer leaves out, the help lists, key by key.
            let helpKeys = Set(help(model).hints.flatMap { $0.keys.split(separator: "/").map(String.init) })
            for hint in all where !footer.contains("\(hint.keys) \(hint.help)") {
                for key in screen.keyMap(for: hint) {
                    #expect(helpKeys.contains(key), "\(name): \(key) of \"\(hint.keys) \(hint.help)\" is in neither")
                }
            }
        }
    }

    @Test func withoutAFocusedKeyEnterIsKeptBesideEsc() {
        var canvas = Canvas(width: 60, height: 1)
        let hints = [KeyHint(keys: "↑↓", help: "choose card"), KeyHint(keys: "F5", help: "new code", key: .function(5)),
                     KeyHint(keys: "enter", help: "tap card", key: .enter), KeyHint(keys: "esc", help: "back to Phone", key: .escape)]
        AppModel.renderFooter(hints, global: Fixtures.model().globalHints, into: &canvas, row: 0, glyphs: .unicode)
        #expect(canvas.lines[0].hasPrefix(" enter tap card · esc back to Phone "))
        #expect(!canvas.lines[0].contains("F5") && !canvas.lines[0].contains("choose"))
    }

    /// The footer is drawn once for its hints, width and direction and stamped at each frame: the
    /// stamped row is the row drawn in place, cell for cell and target for target, both ways, and
    /// a second frame (from the kept row) is the first.
    @Test(arguments: [Language.Direction.leftToRight, .rightToLeft])
    func aStampedFooterIsTheFooterDrawnInPlace(_ direction: Language.Direction) {
        let hints = [KeyHint(keys: "tab", help: "next", key: .tab), KeyHint(keys: "enter", help: "pay", key: .enter, rank: .focused),
                     KeyHint(keys: "esc", help: "quit", key: .escape)]
        let global = Fixtures.model().globalHints
        func canvas() -> Canvas {
            var canvas = Canvas(width: 80, height: 3)
            canvas.direction = direction
            canvas.addTarget(Rect(top: 1, left: 3, width: 4, height: 1), "body")
            return canvas
        }
        var drawn = canvas()
        AppModel.drawFooter(hints, global: global, into: &drawn, row: 2, glyphs: .unicode)
        for _ in 0..<2 {
            var stamped = canvas()
            AppModel.renderFooter(hints, global: global, into: &stamped, row: 2, glyphs: .unicode)
            #expect(stamped == drawn)
            #expect(stamped.lines == drawn.lines)
            #expect(stamped.targets.map(\.rect) == drawn.targets.map(\.rect))
            #expect(stamped.targets.map { AnyHashable($0.id) } == drawn.targets.map { AnyHashable($0.id) })
            for column in 0..<80 { #expect(stamped.style(row: 2, column: column) == drawn.style(row: 2, column: column)) }
        }
        #expect(drawn.targets.count > 2, "the footer's hints can be clicked")
    }

    @Test func badgesThatDoNotFitAreCountedNotCut() {
        var model = Fixtures.model()
        model.type("40000025")
        let items = [Fixtures.network(.visa), Fixtures.network(.cartesBancaires), Fixtures.network(.mastercard)]
        let metadata = CardNumberEntryMetadata(source: .remote, detectedCardNetworks: CardNetworksMetadata(items: items, preferred: items[0]),
                                               selectableCardNetworks: nil)
        _ = model.receive(.didReceiveMetadata(metadata, CardNumberEntryState(cardNumber: "40000025")))
        let narrow = model.render(width: 60, height: 20).text
        #expect(narrow.contains(" Visa   Cartes Bancaires  +1"))
        #expect(!narrow.contains("…"))
        let wide = model.render(width: 160, height: 48).text
        #expect(wide.contains(" Visa   Cartes Bancaires   Mastercard"))
        #expect(!wide.contains("+1"))
    }
}

extension Screen {
    /// The names of the keys a footer hint stands for, as the help names them.
    func keyMap(for hint: KeyHint) -> [String] {
        if hint.keys == "esc" { return ["esc"] }
        let binding = keyMap(context: ScreenContext(catalogue: Fixtures.catalogue, settings: Fixtures.settings)).bindings
            .first { $0.keyLabel == hint.keys && $0.help == hint.help }
        return binding?.keys.map(\.hintName) ?? []
    }
}
