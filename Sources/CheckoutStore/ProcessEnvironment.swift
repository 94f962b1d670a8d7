import Glibc

/// Environment variables read one at a time with `getenv`: `ProcessInfo.processInfo.environment`
/// builds a dictionary of the whole environment on every use (about 0.3 ms the first time, before
/// the terminal UI's first frame). Kept here, with the module's other reads of the process's
/// surroundings (the data directory, `HOME`), since CheckoutCore reads nothing outside its arguments.
///
///     ProcessEnvironment.value("NO_COLOR")                     // nil when unset
///     ProcessEnvironment.values(["HOME", "XDG_DATA_HOME"])     // only those that are set
public enum ProcessEnvironment {
    /// The value of `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, for functions that take an environment dictionary.
    public static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let value = value(name) { values[name] = value } }
        return values
    }
}
