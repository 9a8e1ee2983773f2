import Harbor

/// An order line was allocated to a batch.
struct Allocated: DomainEvent, Equatable {
    static let eventName = "allocation.allocated"
    let orderID: String
    let sku: String
    let quantity: Int
    let batchReference: String
}
