/// How a plain-mode flow ended.
enum FlowEnd: Equatable {
    /// The person backed out of the flow: to the home menu, or out of the program when the flow
    /// was opened from the command line (as Esc pops the full-screen UI's only screen).
    case leave
    /// The person asked for the home menu.
    case home
    /// Input ended (Ctrl-D): the program leaves.
    case end
}
