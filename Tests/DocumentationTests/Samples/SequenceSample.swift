import Harbor
import HarborTesting
import Testing

/// The samples of `Persistence.nextValue(of:above:)`'s doc comment and of the article "Units of work".
@Suite("Sample: sequences")
struct SequenceSample {
    @Test("order numbers start at 1 and grow by one")
    func orderNumbers() async throws {
        let persistence = Persistence(store: InMemoryStore())
        let number = try await persistence.nextValue(of: "order-numbers")
        #expect(number == 1)
        #expect(try await persistence.nextValue(of: "order-numbers") == 2)
    }

    @Test("a unit of work numbers its to-do; a failed one skips its number and conflicts with nothing")
    func numberedTodo() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: store, errorHandler: { _ in })
        try await persistence.perform { unitOfWork in
            let number = try await unitOfWork.nextValue(of: "todo-numbers")
            try unitOfWork.repository(Todo.self).add(Todo(id: "todo-\(number)", title: "To-do number \(number)"))
        }
        store.failNextCommits(1)
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
            try await persistence.perform { unitOfWork in
                let number = try await unitOfWork.nextValue(of: "todo-numbers")
                try unitOfWork.repository(Todo.self).add(Todo(id: "todo-\(number)", title: "To-do number \(number)"))
            }
        }
        #expect(try await persistence.nextValue(of: "todo-numbers") == 3)
        #expect(try await persistence.repository(Todo.self).all().map(\.id) == ["todo-1"])
    }
}
