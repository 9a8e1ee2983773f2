import Foundation
import Harbor

// The JSON shapes of the store's files. They are part of the on-disk format: change them only
// in ways older files still decode.
extension JSONFileStore {
    /// One document file: its format, its key (to detect a file renamed by hand), version,
    /// fields and body.
    struct DocumentRecord: Codable {
        /// The format this version of Harbor writes; a file of a later format is refused, not misread.
        /// Format 2 writes field values in `FieldValue`'s one JSON form (`{"int": 3}`); format 1
        /// held Swift's synthesised form (`{"int": {"_0": 3}}`), which `FieldValue` still decodes.
        static let currentFormat = 2

        /// The file's format; nil in files written before formats were numbered, which are format 1.
        var format: Int?
        var key: DocumentKey
        var version: Int64
        var fields: [String: FieldValue]
        /// The aggregate's JSON, base64-encoded so that any bytes round-trip exactly.
        var body: Data

        init(_ document: StoredDocument) {
            format = Self.currentFormat
            key = document.key
            version = document.version
            fields = document.fields
            body = document.body
        }

        var document: StoredDocument { StoredDocument(key: key, version: version, body: body, fields: fields) }
    }

    /// One outbox file, and one event of a journal.
    struct EventRecord: Codable {
        var position: Int64
        var event: EncodedEvent
    }

    /// The indexed fields of one collection, as `prepare` recorded them.
    struct SchemaRecord: Codable {
        var collection: String
        var indexedFields: [String]
        /// The indexed fields whose values are unique; absent in files written before there were any.
        var uniqueFields: [String]?
        /// Absent in files written before multi-valued fields existed.
        var multiValuedFields: [String]?
    }

    /// What a committed change set still has to do to the files; replaying it is idempotent.
    struct JournalRecord: Codable {
        /// A temporary file (already durable) to rename over a document file.
        struct Move: Codable {
            var from: String
            var to: String
        }

        /// Renames to make, paths relative to the store's folder.
        var moves: [Move]
        /// Document files to remove, relative to the store's folder.
        var deletions: [String]
        /// Events to write to the outbox, with the positions they were given.
        var events: [EventRecord]
        /// The outbox position to record as the highest ever given, if the commit had events.
        var lastEventPosition: Int64?
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// `value` as JSON, or an `invalidData` error about `key`.
    static func encode<T: Encodable>(_ value: T, key: DocumentKey?) throws -> Data {
        do {
            return try makeEncoder().encode(value)
        } catch {
            throw StoreError.invalidData(key, reason: "cannot encode: \(error)")
        }
    }

    /// The file at `path` decoded as `T`, nil when there is no file, or an `invalidData` error
    /// about `key` that names the file.
    static func decodeFile<T: Decodable>(_ type: T.Type, at path: String, key: DocumentKey?) throws -> T? {
        guard let data = try readFile(path) else { return nil }
        do {
            return try makeDecoder().decode(T.self, from: data)
        } catch {
            throw StoreError.invalidData(key, reason: "\(path) is not a valid \(T.self) file: \(error)")
        }
    }

    /// The document stored at `path` for `key`, or nil.
    static func readDocument(at path: String, key: DocumentKey) throws -> StoredDocument? {
        guard let record = try decodeFile(DocumentRecord.self, at: path, key: key) else { return nil }
        if let format = record.format, format > DocumentRecord.currentFormat {
            throw StoreError.invalidData(
                key,
                reason: "\(path) is in format \(format), written by a newer Harbor; this one reads format "
                    + "\(DocumentRecord.currentFormat): upgrade the application before using this store")
        }
        guard record.key.collection == key.collection,
            escapedFileName(record.key.id) == escapedFileName(key.id)
        else {
            throw StoreError.invalidData(key, reason: "\(path) holds the document \(record.key) instead")
        }
        return record.document
    }
}
