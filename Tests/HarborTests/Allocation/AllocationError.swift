/// Why an allocation command was refused.
enum AllocationError: Error, Equatable {
    /// No product has this SKU: add a batch of it first.
    case invalidSKU(String)
    /// The product has no batch with this reference.
    case unknownBatch(String)
}
