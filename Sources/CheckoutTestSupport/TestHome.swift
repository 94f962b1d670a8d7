import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The home directory every program a test starts gets, so that no test can write under the
/// real `$HOME` or `$XDG_DATA_HOME`.
///
/// ``ChildProcess`` (and through it ``TmuxSession`` and ``PipeSession``) gives each child
/// `HOME` and `XDG_DATA_HOME` inside one directory of this test process, unless the test sets them
/// itself. Where `checkout` would put its default data directory there stands a plain file, so a
/// command run without `--data-dir` that opens its database fails loudly ("… is a file, not a
/// directory") instead of quietly leaving a ledger somewhere: the test that forgot `--data-dir`
/// fails, not the user's data.
///
/// ``changesUnderRealHome()`` lists what this test process (or anything it started outside the
/// harness) wrote under the real directories since it began, for the check that asserts there is
/// nothing.
public enum TestHome {
    /// The directory children get as `HOME`; `XDG_DATA_HOME` is its `xdg` folder.
    public static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-test-home-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        for dataHome in [path + "/.local/share", path + "/xdg"] {
            try? FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
            try? Data(blockerText.utf8).write(to: URL(fileURLWithPath: dataHome + "/checkout"))
        }
        atexit { try? FileManager.default.removeItem(atPath: TestHome.directory) }
        return path
    }()

    /// What the file standing in for a default data directory says, to whoever finds it.
    static let blockerText = "A test ran checkout without --data-dir: every test passes one (see TestHome.swift).\n"

    /// `environment` (this process's when `nil`) with `HOME` and `XDG_DATA_HOME` in ``directory``,
    /// except where `environment` sets them to something of its own (a test about the default
    /// directory); a test that sets only `HOME` gets no `XDG_DATA_HOME`, so its `HOME` is the one used.
    public static func sandboxed(_ environment: [String: String]?) -> [String: String] {
        let real = ProcessInfo.processInfo.environment
        var result = environment ?? real
        let ownHome = environment != nil && result["HOME"] != real["HOME"]
        let ownDataHome = environment != nil && result["XDG_DATA_HOME"] != real["XDG_DATA_HOME"]
        if !ownHome { result["HOME"] = directory }
        if !ownDataHome { result["XDG_DATA_HOME"] = ownHome ? nil : directory + "/xdg" }
        return result
    }

    /// The default data directories of the real environment: `$XDG_DATA_HOME/checkout` and
    /// `$HOME/.local/share/checkout`.
    public static var realDataDirectories: [String] {
        let environment = ProcessInfo.processInfo.environment
        var paths: [String] = []
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { paths.append(xdg + "/checkout") }
        if let home = environment["HOME"], !home.isEmpty { paths.append(home + "/.local/share/checkout") }
        return paths
    }

    /// Files and directories under the real default data directories changed since this test
    /// process started (a directory made, a file written, a database opened for writing).
    public static func changesUnderRealHome() -> [String] {
        guard let started = processStart else { return [] }
        var changed: [String] = []
        for root in realDataDirectories {
            var paths = [root]
            if let enumerator = FileManager.default.enumerator(atPath: root) {
                paths += enumerator.compactMap { ($0 as? String).map { root + "/" + $0 } }
            }
            for path in paths {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
                let created = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
                if max(modified, created) >= started { changed.append(path) }
            }
        }
        return changed
    }

    /// When this process started, in seconds since 1970: its start in clock ticks after boot
    /// (`/proc/self/stat`, field 22) plus the boot time (`/proc/stat`, `btime`).
    static let processStart: Double? = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name, which may hold spaces, start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let boot = Double(line.dropFirst(6)) else { return nil }
        // A second's slack: boot time is whole seconds.
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK))) - 1
    }()
}
