import Harbor

/// How an error reads for a writer: what happened and what to do, never a store's internal key.
///
/// A storage conflict that survived every retry (other processes kept changing the same files at
/// the same moment) says so and asks for another run; a backend failure keeps its location and
/// reason (`/path/db.sqlite: the disk is full: …`); other errors keep their own description.
public enum UserFacingError {
    /// The description of `error` to show a person.
    public static func describe(_ error: any Error) -> String {
        if let interrupted = error as? UpdateInterrupted { return interrupted.description }
        guard let store = error as? StoreError else { return "\(error)" }
        switch store {
        case .duplicate, .duplicateValue, .stale, .changedSinceRead, .queryResultChanged:
            return "other Word Counter processes kept changing the same files at the same moment, "
                + "even after several tries; what was saved before is kept: run it again"
        case .backend(let location, let reason):
            return "\(location): \(reason)"
        case .unavailable(let location, let reason):
            return "\(location) cannot be reached (\(reason)): try again when it is back"
        case .invalidData(_, let reason):
            return "the database holds a record this version cannot read (\(reason)): "
                + "check that every program using it is the same version"
        case .outcomeUnknown(let location, _):
            return "\(location) stopped answering while saving: the last change may or may not be saved; "
                + "run `wordcounter update` again to count what is on disk"
        case .unauthorized(let location, let reason):
            return "\(location) refused the credentials: \(reason)"
        case .notInUnitOfWork, .unknownField, .unsortableField, .injectedFailure, .invalidInput:
            return "internal error (please report it): \(store)"
        }
    }
}
