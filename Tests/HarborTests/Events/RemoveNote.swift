import Harbor

/// Removes the note with a text, recording `NoteRemoved`; does nothing when there is none.
struct RemoveNote: UseCase {
    let text: String

    func execute(in context: RunContext<NoteServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let notes = unitOfWork.repository(Note.self)
            guard let note = try await notes.find(text) else { return }
            try notes.remove(note)
            try unitOfWork.record(NoteRemoved(text: text))
        }
    }
}
