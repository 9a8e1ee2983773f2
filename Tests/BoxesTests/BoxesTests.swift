import Boxes
import Harbor
import Synchronization
import Testing

/// Numbered identifiers, so outlines are predictable.
func numberedIDs() -> @Sendable () -> String {
    let counter = Atomic<Int>(0)
    return { "id-\(counter.add(1, ordering: .relaxed).newValue)" }
}

final class Lines: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var values: [String] { storage.withLock { $0 } }
}

@Suite("Box provisioning (domain service)")
struct BoxProvisioningTests {
    let provisioning = BoxProvisioning(maximumItems: 2, makeID: numberedIDs())

    @Test("titles are trimmed, an empty title is New Box, positions follow the existing boxes")
    func boxes() throws {
        let (first, event) = try provisioning.provisionBox(titled: "  Books ", after: [])
        #expect(first.title == "Books")
        #expect(first.position == 1)
        #expect(event == BoxProvisioned(boxID: first.id, title: "Books"))
        let (second, _) = try provisioning.provisionBox(titled: "", after: [first])
        #expect(second.title == "New Box")
        #expect(second.position == 2)
    }

    @Test("box titles are unique ignoring case")
    func duplicates() throws {
        let (books, _) = try provisioning.provisionBox(titled: "Books", after: [])
        #expect(throws: BoxesError.duplicateBox("BOOKS")) {
            try provisioning.provisionBox(titled: "BOOKS", after: [books])
        }
    }

    @Test("items need a title and a box holds at most its maximum")
    func items() throws {
        let (box, _) = try provisioning.provisionBox(titled: "Books", after: [])
        #expect(throws: BoxesError.emptyItemTitle) { try provisioning.provisionItem(titled: " ", in: box, holding: []) }
        let (dune, event) = try provisioning.provisionItem(titled: "Dune", in: box, holding: [])
        #expect(event.boxTitle == "Books")
        let (emma, _) = try provisioning.provisionItem(titled: "Emma", in: box, holding: [dune])
        #expect(emma.position == 2)
        #expect(throws: BoxesError.boxFull("Books", limit: 2)) {
            try provisioning.provisionItem(titled: "Ulysses", in: box, holding: [dune, emma])
        }
    }
}

@Suite("Boxes use cases (fake environment)")
struct BoxesUseCaseTests {
    let app = UseCaseRunner(
        services: BoxesServices(
            persistence: Persistence(store: InMemoryStore()), provisioning: BoxProvisioning(makeID: numberedIDs()),
            storeDescription: "memory"))

    @Test("commands print through events; the query shows the outline in order")
    func provisionAndList() async throws {
        let lines = Lines()
        let printing = OutlinePrinter { lines.append($0) }.subscribe(to: app.services.persistence.events)
        try await app.run(ProvisionBox(title: "Books"))
        try await app.run(ProvisionBox(title: "Tools"))
        for title in ["Dune", "Emma"] {
            try await app.run(ProvisionItem(boxTitle: "books", title: title))
        }
        #expect(
            lines.values == [
                "+ box \"Books\"", "+ box \"Tools\"", "+ item \"Dune\" in box \"Books\"",
                "+ item \"Emma\" in box \"Books\"",
            ])
        let outline = try await app.run(ShowOutline())
        #expect(outline.lines == ["Books", "  - Dune", "  - Emma", "Tools"])
        withExtendedLifetime(printing) {}
    }

    @Test("a refused command writes nothing and publishes nothing")
    func refused() async throws {
        let lines = Lines()
        let printing = OutlinePrinter { lines.append($0) }.subscribe(to: app.services.persistence.events)
        try await app.run(ProvisionBox(title: "Books"))
        await #expect(throws: BoxesError.duplicateBox("Books")) {
            try await app.run(ProvisionBox(title: "Books"))
        }
        await #expect(throws: BoxesError.unknownBox("Garage")) {
            try await app.run(ProvisionItem(boxTitle: "Garage", title: "Saw"))
        }
        #expect(lines.values == ["+ box \"Books\""])
        #expect(try await app.services.persistence.repository(Box.self).all().count == 1)
        #expect(try await app.services.persistence.repository(Item.self).all().isEmpty)
        withExtendedLifetime(printing) {}
    }

    @Test("an empty outline tells how to start")
    func emptyOutline() async throws {
        let outline = try await app.run(ShowOutline())
        #expect(outline.entries.isEmpty)
        #expect(outline.lines.first?.contains("boxes add-box") == true)
    }

    @Test("use cases are their input: equal inputs are equal runs")
    func useCasesAreValues() {
        #expect(ProvisionItem(boxTitle: "Books", title: "Dune") == ProvisionItem(boxTitle: "Books", title: "Dune"))
        #expect(ProvisionBox(title: "Books") != ProvisionBox(title: "Tools"))
        #expect(Set([ShowOutline(), ShowOutline()]).count == 1)
    }
}
