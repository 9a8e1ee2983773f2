import Boxes
import Foundation
import Harbor
import HarborSQLite
import Testing

/// The built `boxes` executable run as several processes at once on one SQLite file.
@Suite("boxes across processes", .serialized, .timeLimit(.minutes(2)))
struct BoxesProcessTests {
    /// One run of `boxes`, started at once and awaited.
    struct Run: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The executable beside the test bundle, which `swift build` builds with every other product.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("boxes").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("boxes")
    }

    /// Starts every command of `commands` before waiting for any, and returns their runs in order.
    static func runTogether(_ commands: [[String]], store path: String) async throws -> [Run] {
        var started: [(Process, Pipe, Pipe, AsyncStream<Void>)] = []
        for arguments in commands {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments + ["--store", "sqlite:\(path)"]
            var environment = ProcessInfo.processInfo.environment
            environment["BOXES_ENV"] = "production"
            process.environment = environment
            let (output, errors) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = errors
            let (exited, exit) = AsyncStream<Void>.makeStream()
            process.terminationHandler = { _ in exit.finish() }
            try process.run()
            started.append((process, output, errors, exited))
        }
        var runs: [Run] = []
        for (process, output, errors, exited) in started {
            // The outputs are a few lines, far below a pipe's buffer, so reading after the exit is safe.
            for await _ in exited {}
            let text = { (pipe: Pipe) in
                String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            }
            runs.append(Run(status: process.terminationStatus, output: text(output), errors: text(errors)))
        }
        return runs
    }

    static func temporaryStore() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("boxes.sqlite").path
    }

    @Test("list on a mistyped location says there is no store there and creates none")
    func listCreatesNothing() async throws {
        let path = try Self.temporaryStore() + "-mistyped"
        let runs = try await Self.runTogether([["list"]], store: path)
        #expect(runs.first?.status == 1)
        #expect(runs.first?.errors.contains("there is no database here") == true, "\(runs)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("six add-box of one title started together leave one box; the others say it exists already")
    func uniqueTitles() async throws {
        let path = try Self.temporaryStore()
        let runs = try await Self.runTogether(Array(repeating: ["add-box", "Dup9"], count: 6), store: path)
        let succeeded = runs.filter { $0.status == 0 }
        #expect(succeeded.count == 1, "\(runs.map(\.errors))")
        for run in runs where run.status != 0 {
            #expect(run.errors.contains("a box called \"Dup9\" exists already"), "\(run.errors)")
            #expect(!run.errors.contains("conflict") && !run.errors.contains("changed since"), "\(run.errors)")
        }
        let list = try await Self.runTogether([["list"]], store: path)
        #expect(list[0].output.split(separator: "\n").filter { $0 == "Dup9" }.count == 1, "\(list[0].output)")
    }

    @Test("twelve add-item started together on a box holding 95 items leave 100; the rest say it is full")
    func itemLimit() async throws {
        let path = try Self.temporaryStore()
        let persistence = Persistence(store: try SQLiteStore(path: path))
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Box.self).add(Box(id: "b", title: "Books", position: 1))
            for number in 1...95 {
                try unitOfWork.repository(Item.self).add(
                    Item(id: "i\(number)", boxID: "b", title: "Item \(number)", position: number))
            }
        }
        let commands = (1...12).map { ["add-item", "--box", "Books", "New \($0)"] }
        let runs = try await Self.runTogether(commands, store: path)
        #expect(runs.filter { $0.status == 0 }.count == 5, "\(runs.map(\.errors))")
        for run in runs where run.status != 0 {
            #expect(run.errors.contains("already holds 100 items"), "\(run.errors)")
        }
        let items = try await persistence.repository(Item.self).query(Query<Item>().where(\.boxID, equals: "b"))
        #expect(items.count == 100)
        #expect(Set(items.map(\.position)).count == 100, "positions are distinct")
    }
}
