import Foundation
import Harbor
import HarborStores
import Testing

@Suite("JSONFileStore files and errors")
struct JSONFileStoreTests {
    let scratch: ScratchFolder
    let store: JSONFileStore

    init() throws {
        scratch = try ScratchFolder()
        store = try JSONFileStore(folder: scratch.appending("store"))
    }

    func key(_ id: String, in collection: String = "items") -> DocumentKey {
        DocumentKey(collection: collection, id: id)
    }

    func insert(_ id: String, in collection: String = "items", fields: [String: FieldValue] = [:]) -> DocumentChange {
        .insert(key(id, in: collection), body: Data(#"{"id":"\#(id)"}"#.utf8), fields: fields)
    }

    func event(_ name: String) -> EncodedEvent {
        EncodedEvent(name: name, payload: Data("{}".utf8), occurredAt: Date(timeIntervalSince1970: 0))
    }

    @Test("each document is one JSON file; a finished commit leaves no journal or temporary file")
    func layout() async throws {
        _ = try await store.commit(ChangeSet(changes: [insert("a")], events: [event("one"), event("two")]))
        #expect(
            scratch.names(in: "store") == [
                "collections", "last-event-position", "outbox", "schemas", "store.lock", "subscribers", "tmp",
            ])
        #expect(scratch.names(in: "store/collections/items") == ["a.json"])
        #expect(scratch.names(in: "store/outbox") == ["00000000000000000001.json", "00000000000000000002.json"])
        #expect(scratch.names(in: "store/tmp").isEmpty)
        let file = try Data(contentsOf: scratch.appending("store/collections/items/a.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let position = try String(contentsOf: scratch.appending("store/last-event-position"), encoding: .utf8)
        #expect(position == "2")
    }

    @Test("identifiers with slashes, dots, spaces, capitals and Unicode round-trip as distinct, safe file names")
    func escapedIdentifiers() async throws {
        let ids = ["a/b", "../escape", "with space", "Ünïcödé 🚢", "%41", "A", "a", ".", "..", "", "x.json", "日本"]
        _ = try await store.commit(ChangeSet(changes: ids.map { insert($0) }))
        for id in ids {
            let document = try #require(try await store.document(at: key(id)), "\(id)")
            #expect(document.key == key(id))
            #expect(document.body == Data(#"{"id":"\#(id)"}"#.utf8))
        }
        let listed = try await store.documents(matching: DocumentQuery(collection: "items")).map(\.key.id)
        #expect(listed == ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let names = scratch.names(in: "store/collections/items")
        #expect(names.count == ids.count)
        #expect(names.allSatisfy { !$0.contains("/") && $0.hasSuffix(".json") })
        #expect(names.filter { $0.hasPrefix(".") } == [".json"], "only the empty identifier starts with a dot")
        #expect(scratch.names(in: "store/collections") == ["items"])
    }

    @Test("canonically equivalent identifiers name two documents in two files, as on a Linux file system")
    func unicodeNormalization() async throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        _ = try await store.commit(ChangeSet(changes: [insert(composed)]))
        #expect(try await store.document(at: key(decomposed)) == nil)
        _ = try await store.commit(ChangeSet(changes: [insert(decomposed)]))
        #expect(try await store.document(at: key(decomposed))?.key.id.unicodeScalars.count == 5)
        #expect(scratch.names(in: "store/collections/items").count == 2)
        await #expect(throws: StoreError.duplicate(key(decomposed))) {
            try await store.commit(ChangeSet(changes: [insert(decomposed)]))
        }
    }

    @Test("an identifier too long for a file name is refused with invalidInput naming it")
    func longIdentifier() async throws {
        let id = String(repeating: "é", count: 60)
        let error = await #expect(throws: StoreError.self) {
            try await store.commit(ChangeSet(changes: [insert(id)]))
        }
        guard case .invalidInput(let field, let reason) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(field == "key.id")
        #expect(reason.contains("too long") && reason.contains(id))
        #expect(scratch.names(in: "store/collections/items").isEmpty)
    }

    @Test("collection names that are not plain folder names are refused and create nothing")
    func invalidCollections() async throws {
        for name in ["", "../outside", "a/b", ".hidden", "with space", "ü"] {
            await #expect(throws: StoreError.self, "\(name)") {
                try await store.commit(ChangeSet(changes: [insert("x", in: name)]))
            }
            await #expect(throws: StoreError.self, "\(name)") {
                try await store.prepare(CollectionSchema(name: name, indexedFields: []))
            }
        }
        #expect(scratch.names(in: "store/collections").isEmpty)
        #expect(scratch.names(in: "store").contains("outside") == false)
        #expect(scratch.names(in: "").count == 1)
    }

    @Test("a corrupt document file gives invalidData naming its key and file")
    func corruptDocument() async throws {
        _ = try await store.commit(ChangeSet(changes: [insert("a"), insert("b")]))
        let path = scratch.appending("store/collections/items/b.json")
        try Data("{ not json".utf8).write(to: path)
        func expectInvalid(_ body: () async throws -> Void) async {
            do {
                try await body()
                Issue.record("expected invalidData")
            } catch StoreError.invalidData(let key, let reason) {
                #expect(key == self.key("b"))
                #expect(reason.contains("items/b.json"))
            } catch {
                Issue.record("expected invalidData, got \(error)")
            }
        }
        await expectInvalid { _ = try await store.document(at: key("b")) }
        await expectInvalid { _ = try await store.documents(matching: DocumentQuery(collection: "items")) }
        await expectInvalid {
            _ = try await store.commit(
                ChangeSet(changes: [.update(key("b"), expectedVersion: 1, body: Data(), fields: [:])]))
        }
        #expect(try await store.document(at: key("a"))?.version == 1)
    }

    @Test("a document file copied under another name is invalid for that name")
    func misplacedDocument() async throws {
        _ = try await store.commit(ChangeSet(changes: [insert("a")]))
        try FileManager.default.copyItem(
            at: scratch.appending("store/collections/items/a.json"),
            to: scratch.appending("store/collections/items/b.json"))
        await #expect(throws: StoreError.self) { try await store.document(at: key("b")) }
    }

    @Test("a folder that cannot be created gives a backend error naming it")
    func uncreatableFolder() throws {
        let file = scratch.appending("plain-file")
        try Data().write(to: file)
        do {
            _ = try JSONFileStore(folder: file.appending(path: "store"))
            Issue.record("opening a store inside a file succeeded")
        } catch StoreError.backend(let location, let reason) {
            #expect(location.hasSuffix("plain-file/store") || location.hasSuffix("plain-file"))
            #expect(reason.contains("Not a directory") || reason.contains("File exists"))
        }
    }

    @Test("an unwritable temporary folder gives a backend error naming it and writes nothing")
    func unwritableFolder() async throws {
        _ = try await store.commit(ChangeSet(changes: [insert("a")]))
        let temporary = scratch.appending("store/tmp")
        try FileManager.default.removeItem(at: temporary)
        try Data().write(to: temporary)  // a file where the folder should be: fails even for root
        do {
            _ = try await store.commit(ChangeSet(changes: [insert("b")], events: [event("lost")]))
            Issue.record("a commit without a temporary folder succeeded")
        } catch StoreError.backend(let location, _) {
            #expect(location.contains("/store/tmp/"))
        }
        try FileManager.default.removeItem(at: temporary)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        #expect(try await store.document(at: key("b")) == nil)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
    }

    @Test(
        "a read-only folder gives a backend error naming the file",
        .enabled(if: geteuid() != 0, "permissions do not apply to root"))
    func readOnlyFolder() async throws {
        let collection = scratch.appending("store/collections/items")
        try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: collection.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: collection.path) }
        let error = await #expect(throws: StoreError.self) { try await store.commit(ChangeSet(changes: [insert("a")])) }
        guard case .backend(let location, _) = error else {
            Issue.record("expected a backend error, got \(String(describing: error))")
            return
        }
        #expect(location.contains("collections/items"))
    }

    @Test("the schema is kept in the folder: queries work after reopening without prepare")
    func schemaSurvivesReopening() async throws {
        try await store.prepare(CollectionSchema(name: "items", indexedFields: ["color"]))
        _ = try await store.commit(ChangeSet(changes: [insert("a", fields: ["color": .string("red")])]))
        let reopened = try JSONFileStore(folder: scratch.appending("store"))
        let query = DocumentQuery(collection: "items", filters: [.init(field: "color", value: .string("red"))])
        #expect(try await reopened.documents(matching: query).map(\.key.id) == ["a"])
        let unknown = DocumentQuery(collection: "items", filters: [.init(field: "size", value: .int(1))])
        await #expect(throws: StoreError.unknownField(collection: "items", field: "size")) {
            try await reopened.documents(matching: unknown)
        }
    }

    @Test("subscriber names are escaped and their positions survive reopening")
    func subscriberNames() async throws {
        try await store.setPosition(12, ofSubscriber: "web/dashboard ü")
        try await store.setPosition(3, ofSubscriber: "Web")
        let reopened = try JSONFileStore(folder: scratch.appending("store"))
        #expect(try await reopened.position(ofSubscriber: "web/dashboard ü") == 12)
        #expect(try await reopened.position(ofSubscriber: "Web") == 3)
        #expect(try await reopened.position(ofSubscriber: "web") == 0)
        #expect(scratch.names(in: "store/subscribers").count == 2)
    }

    @Test("two stores on one folder, as two processes, see each other's commits and lose no update")
    func twoInstances() async throws {
        let other = try JSONFileStore(folder: scratch.appending("store"))
        _ = try await store.commit(ChangeSet(changes: [insert("a")]))
        #expect(try await other.document(at: key("a"))?.version == 1)
        let stores = [store, other]
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let change = DocumentChange.update(
                        key("a"), expectedVersion: 1, body: Data("\(index)".utf8), fields: [:])
                    return (try? await stores[index % 2].commit(ChangeSet(changes: [change]))) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try await store.document(at: key("a"))?.version == 2)
        _ = try await other.commit(ChangeSet(events: [event("x")]))
        let receipt = try await store.commit(ChangeSet(events: [event("y")]))
        #expect(receipt.lastEventPosition == 2)
    }
}
