import Foundation
import PackagePlugin

/// Compiles the shipped data files into the `CheckoutResources` module at build time, so a binary
/// carries them wherever it goes: no source tree, resource bundle or install step is needed, and
/// the files under `Resources/data` and `Resources/demo` stay the one place they are edited.
///
/// Every regular file of those two folders and their subfolders is an input of one command, which `ResourceEmbedder`
/// turns into `EmbeddedResources.swift`; SwiftPM reruns it when one of them changes or is added.
@main
struct EmbedResources: BuildToolPlugin {
    static let folders = ["data", "demo"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // `Target.directoryURL` needs tools version 6.1; the package is 6.0, whose `Path.string` is deprecated.
        let root = URL(fileURLWithPath: String(describing: target.directory), isDirectory: true)
        var inputs: [(name: String, url: URL)] = []
        for folder in Self.folders {
            let directory = root.appendingPathComponent(folder, isDirectory: true)
            // Subfolders too (`data/strings/fr.tsv`), named by their path under Resources/.
            let names = (FileManager.default.subpaths(atPath: directory.path) ?? []).sorted()
            for name in names where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let url = directory.appendingPathComponent(name)
                let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
                if isFile { inputs.append((folder + "/" + name, url)) }
            }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedResources.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) files of Resources/data and Resources/demo",
            executable: try context.tool(named: "ResourceEmbedder").url,
            arguments: [output.path] + inputs.flatMap { [$0.name, $0.url.path] },
            inputFiles: inputs.map(\.url),
            outputFiles: [output])]
    }
}
