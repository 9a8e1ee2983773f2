import Foundation

/// The JSON conventions both ends of the store protocol share.
enum StoreWire {
    /// The header a commit's idempotency key travels in: the server answers a commit sent again
    /// with the same key with its first answer (see `CommitAnswers`).
    static let idempotencyKeyHeader = "Idempotency-Key"

    /// Non-finite doubles travel as the strings `"Infinity"`, `"-Infinity"` and `"NaN"`, which
    /// plain JSON numbers cannot express.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// Reads what ``makeEncoder()`` writes.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }
}
