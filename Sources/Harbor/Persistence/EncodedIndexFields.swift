/// Indexed fields kept in a store's own encoding, as it read them, decoded only when asked for:
/// what lets an ``IndexEntry`` hold a store's bytes without the core knowing their layout.
///
/// A store's reading thread then only copies bytes, and the values are built on the caller's
/// thread, for the fields it asks for (the SQLite store's field blob is one).
package protocol EncodedIndexFields: Sendable {
    /// Every field.
    var fields: [String: FieldValue] { get }

    /// The value of the field `name`; nil when there is none. Only that value is built.
    func value(named name: String) -> FieldValue?

    /// The values of the fields `names` (at most 64) in one pass, in their order; `null` for a
    /// name there is no field of.
    func values(named names: [String]) -> [FieldValue]

    /// Fills `views` (one per name, at most 64) with views of the fields `names`, then calls
    /// `body`: a string's view is its bytes in place, valid only inside `body`.
    func withViews<Result>(
        named names: [String], into views: UnsafeMutableBufferPointer<FieldView>, _ body: () throws -> Result
    ) rethrows -> Result
}
