import Boxes
import Harbor
import HarborTesting
import Testing

/// The samples of docs/guide.md's "Where a unit of work's consistency ends" and of the UnitsOfWork
/// article: what the store checks at commit (what a unit of work wrote, and what it read when it
/// asks for checked reads).
@Suite("Sample: where a unit of work's consistency ends")
struct ConsistencyBoundarySample {
    @Test("on the serial lane the second Books is refused: it reads the first one's commit")
    func serial() async throws {
        let app = SampleBoxes.app()
        try await app.run(ProvisionBox(title: "Books"))
        await #expect(throws: BoxesError.duplicateBox("Books")) { try await app.run(ProvisionBox(title: "Books")) }
    }

    @Test("two provisionings that overlap: checked reads refuse the second Books, a rule across aggregates")
    func concurrent() async throws {
        let clock = TestClock()
        let store = FakeStore(wrapping: InMemoryStore(), delay: .zero, clock: clock)
        let app = UseCaseRunner(services: SampleBoxes.services(store: store))

        // Each run reads every box, finds no "Books", and waits at its commit until both are there.
        store.setDelay(.seconds(1), for: .commit)
        let lane = Lane.concurrent("provisioning", limit: 2)
        let runs = (1...2).map { _ in Task { try await app.run(ProvisionBox(title: "Books"), on: lane) } }
        try await clock.waitForSleepers(2)
        clock.advance(by: .seconds(1))
        let outcomes = [await runs[0].result, await runs[1].result]
        #expect(outcomes.count { (try? $0.get()) != nil } == 1)  // the other lost the race: a conflict
        #expect(try await app.run(ShowOutline()).lines == ["Books"])
    }

    @Test("a rule inside one aggregate holds: the stale update is refused and writes nothing")
    func oneAggregate() async throws {
        let persistence = Persistence(store: InMemoryStore())
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: "1", title: "Write the guide"))
        }

        await #expect(throws: StoreError.self) {
            try await persistence.perform { unitOfWork in
                let todos = unitOfWork.repository(Todo.self)
                guard var todo = try await todos.find("1") else { return }
                // Meanwhile another unit of work changes the same to-do and commits first.
                try await persistence.perform { other in
                    let theirs = other.repository(Todo.self)
                    guard var same = try await theirs.find("1") else { return }
                    same.title = "Write the whole guide"
                    try theirs.update(same)
                }
                todo.complete()
                try todos.update(todo)  // stale at commit: StoreError.stale
            }
        }
        #expect(try await persistence.repository(Todo.self).find("1")?.done == false)
    }

    @Test("a rule across aggregates does not: what a unit of work only read is not checked")
    func severalAggregates() async throws {
        let persistence = Persistence(store: InMemoryStore())
        // The rule: at most one open to-do.
        try await persistence.perform { unitOfWork in
            let todos = unitOfWork.repository(Todo.self)
            let open = try await todos.query(Query<Todo>().where(\.done, equals: false))
            // Meanwhile another unit of work, checking the same rule, adds one and commits first.
            try await persistence.perform { other in
                try other.repository(Todo.self).add(Todo(id: "2", title: "Fix the roof"))
            }
            if open.isEmpty { try todos.add(Todo(id: "1", title: "Write the guide")) }
        }
        // Both committed: two open to-dos.
        #expect(try await persistence.repository(Todo.self).all().count == 2)
    }
}
