import Harbor

/// An order line lost its allocation (its batch shrank) and needs allocating again.
struct Deallocated: DomainEvent, Equatable {
    static let eventName = "allocation.deallocated"
    let orderID: String
    let sku: String
    let quantity: Int
}
