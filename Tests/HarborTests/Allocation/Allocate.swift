import Harbor

/// Allocates an order line to a batch of its product.
///
/// Returns the batch's reference, or nil when the product is out of stock (``OutOfStock``
/// tells); what was allocated is told by ``Allocated``.
struct Allocate: UseCase {
    let orderID: String
    let sku: String
    let quantity: Int

    func execute(in context: RunContext<AllocationServices>) async throws -> String? {
        try await context.persistence.perform { unitOfWork in
            let products = unitOfWork.repository(Product.self)
            guard var product = try await products.find(sku) else { throw AllocationError.invalidSKU(sku) }
            let reference = product.allocate(OrderLine(orderID: orderID, sku: sku, quantity: quantity))
            try products.update(product)
            return reference
        }
    }
}
