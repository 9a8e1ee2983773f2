import Harbor
import HarborTestSupport

/// What the note use cases are given: persistence, whose bus carries the committed events to the
/// handlers a test registers.
struct NoteServices: Sendable {
    let persistence: Persistence

    /// A new application over an in-memory store; `errors` collects what the bus's error handler
    /// gets, as "event-name: error".
    static func application(errors: Collected<String> = Collected()) -> UseCaseRunner<NoteServices> {
        let bus = EventBus { error, event, _ in errors.append("\(type(of: event).eventName): \(error)") }
        return UseCaseRunner(services: NoteServices(persistence: Persistence(store: InMemoryStore(), events: bus)))
    }
}
