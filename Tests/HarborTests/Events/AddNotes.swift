import Harbor

/// Adds one note per text in one unit of work, recording `NoteAdded` for each, in order.
struct AddNotes: UseCase {
    let texts: [String]

    func execute(in context: RunContext<NoteServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let notes = unitOfWork.repository(Note.self)
            for text in texts {
                try notes.add(Note(id: text, text: text))
                try unitOfWork.record(NoteAdded(text: text))
            }
        }
    }
}
