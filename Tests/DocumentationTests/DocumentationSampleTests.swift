import Foundation
import Testing

/// Every ```swift sample in the README, `docs/`, the DocC catalogs and the doc comments must be
/// compiled code: its lines (trimmed, blank lines aside) appear in this order, together, in a
/// Swift file of the package that is not a doc comment — an example, a test, a source file, or
/// a file under `Tests/DocumentationTests/Samples` written for it. A sample that drifts from the
/// API no longer matches, and this test names it.
@Suite("Documentation samples")
struct DocumentationSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("finds the samples of a doc comment and of a page")
    func extraction() {
        // Built from pieces, so these lines are not doc comments of this file themselves.
        let slashes = "///"
        let comment = [
            "\(slashes) Text.", slashes, "\(slashes) ```swift", "\(slashes) let a = 1", "\(slashes)     print(a)",
            "\(slashes) ```", "struct A {}",
        ].joined(separator: "\n")
        let samples = DocumentationSample.samples(in: comment, file: "A.swift", docComments: true)
        #expect(samples.map(\.lines) == [["let a = 1", "    print(a)"]])
        #expect(samples.first?.line == 3)
        let page = "# Title\n\n```swift\nlet b = 2\n```\n\n```sh\nls\n```\n"
        #expect(DocumentationSample.samples(in: page, file: "p.md", docComments: false).map(\.lines) == [["let b = 2"]])
    }

    @Test("every sample is compiled code")
    func samplesCompile() throws {
        let sources = try Self.files(under: ["Sources", "Examples", "Tests", "Benchmarks"], extension: "swift")
        var samples: [DocumentationSample] = []
        var code: [[String]] = []
        for file in sources {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            samples += DocumentationSample.samples(in: text, file: file, docComments: true)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
            code.append(DocumentationSample.normalize(lines))
        }
        let pages = try Self.files(under: ["docs", "Sources", "Examples"], extension: "md") + ["README.md"]
        for page in pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            samples += DocumentationSample.samples(in: text, file: page, docComments: false)
        }
        #expect(samples.count > 20, "the scan found too few samples: is the repository layout as expected?")
        let missing = samples.filter { sample in
            let wanted = sample.normalized
            return !wanted.isEmpty && !code.contains { Self.contains($0, wanted) }
        }
        #expect(
            missing.isEmpty,
            """
            these samples are not compiled anywhere; put them (or the code they quote) in \
            Tests/DocumentationTests/Samples: \(missing.map(\.description).joined(separator: ", "))
            """)
    }

    /// Whether `lines` holds `wanted` as a contiguous run.
    static func contains(_ lines: [String], _ wanted: [String]) -> Bool {
        guard wanted.count <= lines.count, let first = wanted.first else { return wanted.isEmpty }
        for start in lines.indices where lines[start] == first && start + wanted.count <= lines.count {
            if Array(lines[start..<(start + wanted.count)]) == wanted { return true }
        }
        return false
    }

    /// The files under `folders` ending in `.extension`, relative to the root, sorted.
    static func files(under folders: [String], extension ext: String) throws -> [String] {
        var found: [String] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where file.pathExtension == ext {
                found.append(String(file.path.dropFirst(root.path.count + 1)))
            }
        }
        return found.sorted()
    }
}
