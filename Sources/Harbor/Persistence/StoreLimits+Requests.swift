import Foundation

extension StoreLimits {
    /// The earliest and latest moments an event may carry: years 1 to 9999, what every store's
    /// timestamps and ISO 8601 hold.
    static let eventTimes = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

    /// Checks everything a commit carries, before a store reads or writes anything.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming the first member out of bounds.
    public static func check(_ changeSet: ChangeSet) throws(StoreError) {
        for (index, change) in changeSet.changes.enumerated() {
            let field = "changes[\(index)]"
            try checkKey(change.key, field: field + ".key")
            switch change {
            case .insert(_, _, let fields):
                try checkFields(fields, field: field + ".fields")
            case .update(let key, let expected, _, let fields):
                try checkVersion(expected, field: field + ".expectedVersion")
                if expected == maximumVersion {
                    throw .invalidInput(
                        field: field + ".expectedVersion",
                        reason:
                            "\(key) is at version \(maximumVersion), the highest a store keeps; it cannot be updated")
                }
                try checkFields(fields, field: field + ".fields")
            case .delete(_, let expected):
                try checkVersion(expected, field: field + ".expectedVersion")
            }
        }
        for (index, event) in changeSet.events.enumerated() {
            try checkName(event.name, field: "events[\(index)].name")
            guard eventTimes.contains(event.occurredAt) else {
                throw .invalidInput(
                    field: "events[\(index)].occurredAt", reason: "the time is outside the years 1 to 9999")
            }
        }
        for (index, read) in changeSet.expectedReads.enumerated() {
            let field = "expectedReads[\(index)]"
            switch read {
            case .document(let key, let version):
                try checkKey(key, field: field + ".key")
                if let version { try checkVersion(version, field: field + ".version") }
            case .query(let query, let results):
                try check(query, field: field + ".query")
                for (key, version) in results {
                    try checkKey(key, field: field + ".results")
                    try checkVersion(version, field: field + ".results[\(key)]")
                }
            }
        }
    }

    /// Checks the writes of a replication: keys, versions and fields.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming the first member out of bounds.
    public static func check(_ writes: [ReplicatedWrite]) throws(StoreError) {
        for (index, write) in writes.enumerated() {
            switch write {
            case .put(let document):
                let field = "writes[\(index)].document"
                try checkKey(document.key, field: field + ".key")
                try checkVersion(document.version, field: field + ".version")
                try checkFields(document.fields, field: field + ".fields")
            case .delete(let key):
                try checkKey(key, field: "writes[\(index)].key")
            }
        }
    }

    /// Checks a query's collection, field names, values and limit.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming the first member out of bounds.
    public static func check(_ query: DocumentQuery, field: String = "query") throws(StoreError) {
        try checkCollection(query.collection, field: field + ".collection")
        for (index, filter) in query.filters.enumerated() {
            let member = field + ".filters[\(index)]"
            try checkName(filter.field, field: member + ".field")
            switch filter.condition {
            case .equals(let value), .lessThan(let value), .lessThanOrEqual(let value), .greaterThan(let value),
                .greaterThanOrEqual(let value):
                try checkValue(value, field: member + ".value")
            case .between(let lower, _, let upper, _):
                try checkValue(lower, field: member + ".lower")
                try checkValue(upper, field: member + ".upper")
            case .isIn(let values):
                try checkValue(.list(values), field: member + ".values")
            case .hasPrefix(let prefix):
                try checkValue(.string(prefix), field: member + ".prefix")
            }
        }
        for (index, key) in query.order.enumerated() {
            try checkName(key.field, field: field + ".order[\(index)].field")
        }
        if let limit = query.limit, limit < 0 {
            throw .invalidInput(field: field + ".limit", reason: "limit \(limit) is negative")
        }
        if let after = query.after {
            try checkName(after.id, field: field + ".after.id", allowingEmpty: true)
            try checkValue(.list(after.values), field: field + ".after.values")
        }
    }

    /// Checks a dead letter: its subscriber's name, its event's name, its reason (no U+0000), its
    /// attempts (0 to 2³¹ − 1) and the times it carries.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming the first member out of bounds.
    public static func check(_ letter: DeadLetter) throws(StoreError) {
        try checkName(letter.subscriber, field: "subscriber")
        try checkName(letter.event.name, field: "event.name")
        try checkValue(.string(letter.reason), field: "reason")
        guard (0...Int(Int32.max)).contains(letter.attempts) else {
            throw .invalidInput(field: "attempts", reason: "\(letter.attempts) is outside 0…\(Int32.max)")
        }
        for (field, time) in [("event.occurredAt", letter.event.occurredAt), ("failedAt", letter.failedAt)]
        where !eventTimes.contains(time) {
            throw .invalidInput(field: field, reason: "the time is outside the years 1 to 9999")
        }
    }

    /// Checks a schema's collection name and field names.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming the first member out of bounds.
    public static func check(_ schema: CollectionSchema) throws(StoreError) {
        try checkCollection(schema.name, field: "schema.name")
        for name in schema.indexedFields + schema.uniqueFields + schema.multiValuedFields + schema.fieldsWithoutLookup {
            try checkName(name, field: "schema.fields")
        }
    }
}
