/// An error a use case or handler ends with on purpose, as part of the domain's rules (an
/// unknown SKU, an order that cannot be allocated): logged by Harbor at `notice`, not `error`,
/// since nothing is broken and nobody needs to be woken.
///
/// `CancellationError` is treated as expected too (logged at `debug`).
///
/// ```swift
/// struct InvalidSKU: ExpectedError {
///     let sku: String
/// }
/// ```
public protocol ExpectedError: Error {
    /// True when the error is part of normal operation; true by default.
    var isExpected: Bool { get }
}

extension ExpectedError {
    /// Expected, unless the conforming type says otherwise case by case.
    public var isExpected: Bool { true }
}
