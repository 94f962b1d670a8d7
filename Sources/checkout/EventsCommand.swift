// Placeholder until its issue lands.
enum EventsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandleOutput.error("checkout: this command is not built yet")
        return 2
    }
}
