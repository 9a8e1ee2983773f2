/// What can go wrong in a store, closed so callers can handle each case.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// An insert found a document with the same key; nothing was written.
    case duplicate(DocumentKey)
    /// A commit would give a unique field a non-null value another document of the collection
    /// already holds; nothing was written.
    case duplicateValue(collection: String, field: String, value: FieldValue)
    /// A unit of work that checks its reads read a document at `readVersion` (nil: it was absent)
    /// that is now at `currentVersion` (nil: gone); nothing was written.
    case changedSinceRead(DocumentKey, readVersion: Int64?, currentVersion: Int64?)
    /// A unit of work that checks its reads ran a query that would now select other documents or
    /// other versions (another unit of work added, changed or removed one); nothing was written.
    case queryResultChanged(DocumentQuery)
    /// An update or delete expected another version (`actual` is nil when the document is gone);
    /// nothing was written.
    case stale(DocumentKey, expected: Int64, actual: Int64?)
    /// A write outside a unit of work, or an update of a document the unit of work never read.
    case notInUnitOfWork(DocumentKey, reason: String)
    /// A query named a field the collection does not index.
    case unknownField(collection: String, field: String)
    /// Stored data could not be decoded or encoded.
    case invalidData(DocumentKey?, reason: String)
    /// The backend failed; `location` names the file, folder or server.
    case backend(location: String, reason: String)
    /// A fault injected by a fake store.
    case injectedFailure(operation: String)
    /// A query sorted by a multi-valued field, which has no single value to sort by.
    case unsortableField(collection: String, field: String)
    /// The backend could not be reached or the connection to it was lost (a server restarting, a
    /// network outage); `location` names the server. The operation may or may not have been applied
    /// if it was a commit in flight; a retry reconnects.
    case unavailable(location: String, reason: String)
    /// A request the store refuses as it stands: `field` names the member out of bounds (a version
    /// outside ``StoreLimits``, a collection name that is not one, a negative limit); nothing was
    /// read or written. Sending it again fails again.
    case invalidInput(field: String, reason: String)
    /// A commit was sent but its answer was lost (the connection broke after the request left, or
    /// no answer came in time): it may or may not have been applied. Read the documents again
    /// before deciding to do the work again; a retry with the same idempotency key is safe.
    case outcomeUnknown(location: String, reason: String)
    /// The backend refused the credentials it was given (a wrong or missing token, a password it
    /// does not take); `location` names it. Nothing was done, and nothing will be until the
    /// credentials are fixed, so it is never retried or queued.
    case unauthorized(location: String, reason: String)

    /// True for the optimistic-concurrency outcomes that a retry of the whole unit of work can resolve.
    public var isConflict: Bool {
        switch self {
        case .duplicate, .duplicateValue, .stale, .changedSinceRead, .queryResultChanged: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .duplicate(let key):
            "\(key) already exists: another unit of work inserted it first"
        case .duplicateValue(let collection, let field, let value):
            "\(collection): another document already has \(field) \(value.quoted), and \(field) is unique"
        case .changedSinceRead(let key, let read?, let current?):
            "\(key) changed since this unit of work read it (read version \(read), now \(current)): run it again"
        case .changedSinceRead(let key, let read?, nil):
            "\(key) was deleted since this unit of work read it at version \(read): run it again"
        case .changedSinceRead(let key, nil, _):
            "\(key) was created since this unit of work found it absent: run it again"
        case .queryResultChanged(let query):
            "what a query of \(query.collection) selected changed since this unit of work read it "
                + "(a document was added, changed or removed): run it again"
        case .stale(let key, let expected, let actual?):
            "\(key) changed since it was read (read version \(expected), now \(actual)): read it again and retry"
        case .stale(let key, let expected, nil):
            "\(key) was deleted since it was read at version \(expected)"
        case .notInUnitOfWork(let key, let reason):
            key.collection.isEmpty && key.id.isEmpty ? reason : "\(key): \(reason)"
        case .unknownField(let collection, let field):
            "collection '\(collection)' does not index field '\(field)': declare it in the aggregate's indexes"
        case .invalidData(let key?, let reason):
            "\(key) holds invalid data: \(reason)"
        case .invalidData(nil, let reason):
            "invalid data: \(reason)"
        case .backend(let location, let reason):
            "\(location): \(reason)"
        case .injectedFailure(let operation):
            "injected failure in \(operation)"
        case .unsortableField(let collection, let field):
            "collection '\(collection)' cannot sort by '\(field)': it is multi-valued; sort by a single-valued field"
        case .unavailable(let location, let reason):
            "\(location) is unavailable: \(reason); try again when it is back"
        case .invalidInput(let field, let reason):
            "invalid \(field): \(reason)"
        case .outcomeUnknown(let location, let reason):
            "the commit to \(location) may or may not have been applied (\(reason)); "
                + "look at what it changed before doing the work again"
        case .unauthorized(let location, let reason):
            "\(location) refused the credentials: \(reason)"
        }
    }
}

// MARK: - RetryableError

extension StoreError: RetryableError {
    /// Conflicts, an unavailable backend and injected faults may succeed on a second try; the rest will not.
    public var isRetryable: Bool {
        switch self {
        case .duplicate, .duplicateValue, .stale, .changedSinceRead, .queryResultChanged, .injectedFailure,
            .unavailable:
            true
        default: false
        }
    }
}

extension FieldValue {
    /// The value as a message shows it: strings in quotes, numbers and flags as written.
    var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .int(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .list(let values): "[" + values.map(\.quoted).joined(separator: ", ") + "]"
        }
    }
}
