import Harbor

/// No batch of a product could take an order line.
struct OutOfStock: DomainEvent, Equatable {
    static let eventName = "allocation.out-of-stock"
    let sku: String
}
