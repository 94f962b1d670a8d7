import Foundation
import PackagePlugin

/// Compiles the shipped data files into the program at build time, so a binary carries them
/// wherever it goes and the files under `Resources/` stay the one place they are edited:
///
/// - on `CheckoutResources` (whose folder is `Resources/`), every regular file of `data` and `demo`
///   and their subfolders is an input of one command, which `ResourceEmbedder` turns into
///   `EmbeddedResources.swift`;
/// - on `CheckoutCore`, the English catalogue `Resources/data/strings/en.tsv` is the input of one
///   command that writes `TextKey.swift`: the key enum and its typed accessors (a sentence with two
///   arguments takes two), so a key added to the catalogue is a case at the next build. CheckoutCore
///   reads no file for it: the keys are code.
///
/// - on `CheckoutEngine`, the files the first frame needs (the catalogues, `networks.json`,
///   `session.json`, `locales.json`) are the inputs of one command that writes `ReadyData.swift`:
///   the catalogues as rows and the JSON files as `JSONValue` trees, read at build time, so a start
///   parses no text for them (the files stay the one source; `CHECKOUT_RESOURCES` still parses its own).
///
/// SwiftPM reruns a command when one of its inputs changes or is added.
@main
struct EmbedResources: BuildToolPlugin {
    static let folders = ["data", "demo"]
    static let englishCatalogue = "Resources/data/strings/en.tsv"
    /// The files `ReadyData` holds, under Resources/data (every catalogue in `strings/` besides).
    static let readyFiles = ["networks.json", "session.json", "locales.json"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let tool = try context.tool(named: "ResourceEmbedder").url
        // `Target.directoryURL` needs tools version 6.1; the package is 6.0, whose `Path.string` is deprecated.
        if target.name == "CheckoutCore" {
            let catalogue = context.package.directoryURL.appendingPathComponent(Self.englishCatalogue)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("TextKey.swift")
            return [.buildCommand(displayName: "Generating TextKey from \(Self.englishCatalogue)", executable: tool,
                                  arguments: ["--text-keys", output.path, catalogue.path], inputFiles: [catalogue], outputFiles: [output])]
        }
        if target.name == "CheckoutEngine" {
            let data = context.package.directoryURL.appendingPathComponent("Resources/data", isDirectory: true)
            let catalogues = ((try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("strings").path)) ?? [])
                .filter { $0.hasSuffix(".tsv") && !$0.hasPrefix(".") }.sorted().map { "strings/" + $0 }
            let inputs = (catalogues + Self.readyFiles).map { (name: $0, url: data.appendingPathComponent($0)) }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("ReadyData.swift")
            return [.buildCommand(displayName: "Reading \(inputs.count) files of Resources/data into ReadyData", executable: tool,
                                  arguments: ["--ready-data", output.path] + inputs.flatMap { [$0.name, $0.url.path] },
                                  inputFiles: inputs.map(\.url), outputFiles: [output])]
        }
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
            executable: tool,
            arguments: [output.path] + inputs.flatMap { [$0.name, $0.url.path] },
            inputFiles: inputs.map(\.url),
            outputFiles: [output])]
    }
}
