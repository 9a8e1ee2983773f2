import Harbor

/// An error on the wire: `{"error": "stale", "message": "…", …}` with the members its kind needs.
///
/// Every ``StoreError`` travels with all its values, so ``HTTPStore`` throws the very case the
/// server's store threw; the server's own refusals (`unauthorized`, `badRequest`, `notFound`,
/// `tooLarge`, `documentNotFound`) carry only a message.
struct StoreErrorObject: Codable, Sendable, Error {
    var error: String
    var message: String
    var key: DocumentKey?
    var collection: String?
    var field: String?
    var value: FieldValue?
    var expected: Int64?
    var actual: Int64?
    var query: QueryObject?
    var location: String?
    var reason: String?
    var operation: String?

    init(error: String, message: String) {
        self.error = error
        self.message = message
    }

    init(_ storeError: StoreError) {
        self.init(error: "", message: storeError.description)
        switch storeError {
        case .duplicate(let key):
            error = "duplicate"
            self.key = key
        case .duplicateValue(let collection, let field, let value):
            error = "duplicateValue"
            (self.collection, self.field, self.value) = (collection, field, value)
        case .changedSinceRead(let key, let readVersion, let currentVersion):
            error = "changedSinceRead"
            (self.key, expected, actual) = (key, readVersion, currentVersion)
        case .queryResultChanged(let query):
            error = "queryResultChanged"
            self.query = QueryObject(query)
        case .stale(let key, let expected, let actual):
            error = "stale"
            (self.key, self.expected, self.actual) = (key, expected, actual)
        case .notInUnitOfWork(let key, let reason):
            error = "notInUnitOfWork"
            (self.key, self.reason) = (key, reason)
        case .unknownField(let collection, let field):
            error = "unknownField"
            (self.collection, self.field) = (collection, field)
        case .invalidData(let key, let reason):
            error = "invalidData"
            (self.key, self.reason) = (key, reason)
        case .backend(let location, let reason):
            error = "backend"
            (self.location, self.reason) = (location, reason)
        case .injectedFailure(let operation):
            error = "injectedFailure"
            self.operation = operation
        case .unsortableField(let collection, let field):
            error = "unsortableField"
            (self.collection, self.field) = (collection, field)
        case .unavailable(let location, let reason):
            error = "unavailable"
            (self.location, self.reason) = (location, reason)
        case .invalidInput(let field, let reason):
            error = "invalidInput"
            (self.field, self.reason) = (field, reason)
        case .outcomeUnknown(let location, let reason):
            error = "outcomeUnknown"
            (self.location, self.reason) = (location, reason)
        case .unauthorized(let location, let reason):
            error = "storeUnauthorized"
            (self.location, self.reason) = (location, reason)
        }
    }

    /// The store error this object stands for, or nil for the server's own refusals and for an
    /// object that lacks a member its kind needs.
    var storeError: StoreError? {
        switch error {
        case "duplicate": return key.map { .duplicate($0) }
        case "duplicateValue":
            guard let collection, let field, let value else { return nil }
            return .duplicateValue(collection: collection, field: field, value: value)
        case "changedSinceRead": return key.map { .changedSinceRead($0, readVersion: expected, currentVersion: actual) }
        case "queryResultChanged":
            guard let query = try? query?.query() else { return nil }
            return .queryResultChanged(query)
        case "stale":
            guard let key, let expected else { return nil }
            return .stale(key, expected: expected, actual: actual)
        case "notInUnitOfWork":
            guard let key, let reason else { return nil }
            return .notInUnitOfWork(key, reason: reason)
        case "unknownField":
            guard let collection, let field else { return nil }
            return .unknownField(collection: collection, field: field)
        case "invalidData": return reason.map { .invalidData(key, reason: $0) }
        case "backend":
            guard let location, let reason else { return nil }
            return .backend(location: location, reason: reason)
        case "injectedFailure": return operation.map { .injectedFailure(operation: $0) }
        case "unsortableField":
            guard let collection, let field else { return nil }
            return .unsortableField(collection: collection, field: field)
        case "unavailable":
            guard let location, let reason else { return nil }
            return .unavailable(location: location, reason: reason)
        case "invalidInput":
            guard let field, let reason else { return nil }
            return .invalidInput(field: field, reason: reason)
        case "outcomeUnknown":
            guard let location, let reason else { return nil }
            return .outcomeUnknown(location: location, reason: reason)
        case "storeUnauthorized":
            guard let location, let reason else { return nil }
            return .unauthorized(location: location, reason: reason)
        default: return nil
        }
    }

    /// The status the server answers a store error with: 409 for conflicts, 422 for requests the
    /// store refuses (an unknown field, input out of ``StoreLimits``), 503 when its backend is
    /// unreachable, 504 when the served store lost a commit's answer, 500 otherwise.
    static func status(of storeError: StoreError) -> Int {
        if storeError.isConflict { return 409 }
        switch storeError {
        case .unknownField, .unsortableField, .notInUnitOfWork, .invalidInput: return 422
        case .unavailable: return 503
        case .outcomeUnknown: return 504
        case .unauthorized: return 502
        default: return 500
        }
    }
}
