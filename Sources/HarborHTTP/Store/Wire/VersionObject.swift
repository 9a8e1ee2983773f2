import Harbor

/// A document's key and version on the wire.
struct VersionObject: Codable, Sendable {
    var key: DocumentKey
    var version: Int64

    /// The pairs as a dictionary; a key listed twice keeps its last version.
    static func dictionary(_ pairs: [VersionObject]) -> [DocumentKey: Int64] {
        Dictionary(pairs.map { ($0.key, $0.version) }, uniquingKeysWith: { _, last in last })
    }
}
