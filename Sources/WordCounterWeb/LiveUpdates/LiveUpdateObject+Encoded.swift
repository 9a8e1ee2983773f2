import Harbor
import WordCounter

extension LiveUpdateObject {
    /// The event types the dashboard shows, by the names they are stored under in the outbox.
    private static let decoders: [String: @Sendable (EncodedEvent) throws -> (any DomainEvent)?] = [
        WordCountChanged.eventName: { try $0.decode(as: WordCountChanged.self) },
        FileTracked.eventName: { try $0.decode(as: FileTracked.self) },
        FileUntracked.eventName: { try $0.decode(as: FileUntracked.self) },
        FileMoved.eventName: { try $0.decode(as: FileMoved.self) },
        FileWentMissing.eventName: { try $0.decode(as: FileWentMissing.self) },
        FileReappeared.eventName: { try $0.decode(as: FileReappeared.self) },
        FileBecameUnreadable.eventName: { try $0.decode(as: FileBecameUnreadable.self) },
        WordCountsUpdated.eventName: { try $0.decode(as: WordCountsUpdated.self) },
        DailyGoalSet.eventName: { try $0.decode(as: DailyGoalSet.self) },
    ]

    /// The message for an event read from the outbox, or nil for one the dashboard does not show
    /// or whose payload does not decode.
    init?(encoded: EncodedEvent) {
        guard let decode = Self.decoders[encoded.name], let event = try? decode(encoded) else { return nil }
        self.init(event)
    }
}
