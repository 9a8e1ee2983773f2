/// Why an allocation command was refused.
enum AllocationError: Error, Equatable, CustomStringConvertible {
    /// No product has this SKU.
    case invalidSKU(String)
    /// The product has no batch with this reference.
    case unknownBatch(String)

    var description: String {
        switch self {
        case .invalidSKU(let sku): "no product has SKU \(sku); add a batch of it first"
        case .unknownBatch(let reference): "no batch \(reference) of this product; check the reference"
        }
    }
}
