/// An indexed field's value as ``IndexEntry/withValues(of:_:)`` lends it: a string as its UTF-8
/// bytes where the entry keeps them, so that reading many entries builds no string.
///
/// A view is valid only inside the call that lends it, like the buffer of `withUnsafeBytes`.
package enum FieldView {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    /// The string's UTF-8 bytes.
    case string(UnsafeRawBufferPointer)
    /// A list, whose elements are not lent: read ``IndexEntry/subscript(field:)`` for them.
    case list

    /// The view of a value that is not a string or a list.
    package init(_ value: FieldValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string, .list: self = .null  // never given one: the callers lend these themselves
        }
    }
}
