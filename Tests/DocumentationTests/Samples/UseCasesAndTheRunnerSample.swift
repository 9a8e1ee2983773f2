import Harbor
import HarborTesting
import Synchronization
import Testing

/// The samples of the UseCasesAndTheRunner article of Harbor's catalog, on the overview's to-dos.
@Suite("Harbor catalog: use cases and the runner")
struct UseCasesAndTheRunnerSample {
    struct ImportTodos: UseCase {
        let titles: [String]

        var lane: Lane { .concurrent("imports", limit: 2) }

        func execute(in context: RunContext<TodoServices>) async throws {
            for (index, title) in titles.enumerated() {
                try context.checkCancellation()  // stop here, between two to-dos, when cancelled
                try await context.run(AddTodo(id: "imported-\(index)", title: title))
                context.reportProgress(completed: index + 1, total: titles.count, message: title)
            }
        }
    }

    let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore())))
    let titles = ["Write the guide", "Fix the roof"]

    @Test("an import reports its progress and runs a nested use case per to-do")
    func progress() async throws {
        let run = await RecordedRun.of(ImportTodos(titles: titles), on: app)
        #expect(throws: Never.self) { try run.value }
        #expect(run.progress.map(\.completed) == [1, 2])
        #expect(try await app.run(OpenTodos()) == ["Fix the roof", "Write the guide"])
    }

    @Test("a cancelled import ends in CancellationError")
    func cancellation() async throws {
        let handle = app.submit(ImportTodos(titles: titles))  // takes its place in line now
        handle.cancel()  // leaves the line, or stops at its next check
        let result = await handle.result  // .failure(CancellationError())
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("an observer sees every run's progress")
    func observation() async throws {
        let seen = Mutex<[String]>([])
        let subscription = app.observe { event in
            if case .progress(let info, let progress) = event {
                print("\(info.useCaseName): \(progress.completed) of \(progress.total ?? 0)")
            }
        }
        let recording = app.observe { event in
            if case .progress(_, let progress) = event { seen.withLock { $0.append(progress.message ?? "") } }
        }
        try await app.run(ImportTodos(titles: titles))
        subscription.cancel()
        recording.cancel()
        #expect(seen.withLock { $0 } == titles)
    }
}
