/// Stops the run with `message` when `condition` is false; unlike `precondition` it keeps its
/// message in an optimised build, so libFuzzer's crash report says which property broke.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
