public import Foundation

/// A Swift type that an aggregate can index: it converts to a ``FieldValue``.
public protocol FieldValueConvertible: Sendable {
    /// The value as stored in an index.
    var fieldValue: FieldValue { get }
}

extension String: FieldValueConvertible {
    public var fieldValue: FieldValue { .string(self) }
}

extension Int: FieldValueConvertible {
    public var fieldValue: FieldValue { .int(Int64(self)) }
}

extension Int64: FieldValueConvertible {
    public var fieldValue: FieldValue { .int(self) }
}

extension Double: FieldValueConvertible {
    public var fieldValue: FieldValue { .double(self) }
}

extension Bool: FieldValueConvertible {
    public var fieldValue: FieldValue { .bool(self) }
}

extension UUID: FieldValueConvertible {
    public var fieldValue: FieldValue { .string(uuidString) }
}

extension Date: FieldValueConvertible {
    /// Seconds since 1970, so dates sort in time order in every store.
    public var fieldValue: FieldValue { .double(timeIntervalSince1970) }
}

extension Optional: FieldValueConvertible where Wrapped: FieldValueConvertible {
    public var fieldValue: FieldValue { self?.fieldValue ?? .null }
}

extension FieldValueConvertible where Self: RawRepresentable, RawValue: FieldValueConvertible {
    /// Enumerations with raw values index by their raw value.
    public var fieldValue: FieldValue { rawValue.fieldValue }
}
