import Foundation

// ResourceEmbedder OUTPUT NAME PATH [NAME PATH]...
// ResourceEmbedder --text-keys OUTPUT CATALOGUE   (see TextKeys.swift)
// ResourceEmbedder --ready-data OUTPUT NAME PATH [NAME PATH]...   (see ReadyData.swift)
//
// Writes OUTPUT, a Swift file that gives `ResourceFiles` the bytes of each PATH under its NAME
// (`data/networks.json`) as a string literal: one static string per file, in the binary's
// read-only data, so reading one costs no allocation and no file system access. The files are
// UTF-8 text; anything else stops the build with the file's name, rather than changing its bytes.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--text-keys" {
    guard arguments.count == 3, let data = FileManager.default.contents(atPath: arguments[2]), let tsv = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("usage: ResourceEmbedder --text-keys OUTPUT CATALOGUE (a readable UTF-8 file)\n".utf8))
        exit(2)
    }
    let (keys, problem) = textKeys(tsv)
    if let problem {
        FileHandle.standardError.write(Data("ResourceEmbedder: \(arguments[2]): \(problem)\n".utf8))
        exit(1)
    }
    writeIfChanged(textKeySource(keys), to: arguments[1])
    exit(0)
}
if arguments.first == "--ready-data" {
    guard arguments.count % 2 == 0 else {
        FileHandle.standardError.write(Data("usage: ResourceEmbedder --ready-data OUTPUT NAME PATH [NAME PATH]...\n".utf8))
        exit(2)
    }
    var files: [(name: String, text: String)] = []
    for index in stride(from: 2, to: arguments.count, by: 2) {
        guard let data = FileManager.default.contents(atPath: arguments[index + 1]), let text = String(data: data, encoding: .utf8) else {
            FileHandle.standardError.write(Data("ResourceEmbedder: cannot read \(arguments[index + 1]) as UTF-8 text\n".utf8))
            exit(1)
        }
        files.append((arguments[index], text))
    }
    writeIfChanged(readyDataSource(files), to: arguments[1])
    exit(0)
}
guard let outputPath = arguments.first, arguments.count % 2 == 1 else {
    FileHandle.standardError.write(Data("usage: ResourceEmbedder OUTPUT NAME PATH [NAME PATH]...\n".utf8))
    exit(2)
}

/// `text` as the body of a Swift string literal whose value is exactly `text`.
func literal(_ text: String) -> String {
    var body = ""
    body.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": body += "\\\\"
        case "\"": body += "\\\""
        case "\n": body += "\\n"
        case "\r": body += "\\r"
        case "\t": body += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            body += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: body.unicodeScalars.append(scalar)
        }
    }
    return body
}

var cases = ""
var names: [String] = []
for index in stride(from: 1, to: arguments.count, by: 2) {
    let name = arguments[index]
    let path = arguments[index + 1]
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("ResourceEmbedder: cannot read \(path)\n".utf8))
        exit(1)
    }
    guard let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ResourceEmbedder: \(path) is not UTF-8 text\n".utf8))
        exit(1)
    }
    names.append(name)
    cases += "        case \"\(literal(name))\": \"\(literal(text))\"\n"
}

let source = """
// Generated at build time by the EmbedResources plugin from Resources/data and Resources/demo.
// Edit those files, not this one.

extension ResourceFiles {
    /// The names of the compiled-in files, `data/…` and `demo/…`.
    static let embeddedNames: [String] = [\(names.map { "\"\(literal($0))\"" }.joined(separator: ", "))]

    /// The text of a compiled-in file, nil for a name that is not one.
    static func embeddedText(_ name: String) -> StaticString? {
        switch name {
\(cases)        default: nil
        }
    }
}

"""
writeIfChanged(source, to: outputPath)

/// Writes `source` to `path` unless the file holds it already: unchanged output keeps its date, so
/// the module is not rebuilt for nothing.
func writeIfChanged(_ source: String, to path: String) {
    guard FileManager.default.contents(atPath: path) != Data(source.utf8) else { return }
    do { try Data(source.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
        FileHandle.standardError.write(Data("ResourceEmbedder: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
