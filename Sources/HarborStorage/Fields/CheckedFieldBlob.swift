package import Harbor

/// A field blob that ``FieldBlob/check(_:)`` accepted, kept undecoded in an `IndexEntry`: its
/// values are built when a caller asks for them, on the caller's thread.
package struct CheckedFieldBlob: EncodedIndexFields {
    private let bytes: [UInt8]

    /// The blob `bytes`, which ``FieldBlob/check(_:)`` must have accepted.
    package init(checked bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var fields: [String: FieldValue] { FieldBlob.fields(inChecked: bytes) }

    package func value(named name: String) -> FieldValue? {
        FieldBlob.value(named: name, inChecked: bytes)
    }

    package func values(named names: [String]) -> [FieldValue] {
        FieldBlob.values(named: names, inChecked: bytes)
    }

    package func withViews<Result>(
        named names: [String], into views: UnsafeMutableBufferPointer<FieldView>, _ body: () throws -> Result
    ) rethrows -> Result {
        try bytes.withUnsafeBytes { raw in
            FieldBlob.views(named: names, inChecked: raw, into: views)
            return try body()
        }
    }
}
