// Placeholder until its issue lands.
enum PaymentsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandleOutput.error("checkout: this command is not built yet")
        return 2
    }
}
