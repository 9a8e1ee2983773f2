import Harbor

struct NoteAdded: DomainEvent, Equatable {
    static let eventName = "test.note-added"
    let text: String
}

struct NoteRemoved: DomainEvent, Equatable {
    let text: String
}

struct Note: Aggregate, Equatable {
    static let collection = "notes"
    static let indexes: [IndexedField<Note>] = [.field("text", \.text)]
    let id: String
    var text: String
}

struct HandlerFailure: Error, Equatable {}
