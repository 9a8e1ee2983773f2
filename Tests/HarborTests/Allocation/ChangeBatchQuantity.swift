import Harbor

/// Changes how many units a batch holds; lines it can no longer hold are deallocated
/// (``Deallocated``), and the application's handler allocates them again.
struct ChangeBatchQuantity: UseCase {
    let sku: String
    let reference: String
    let quantity: Int

    func execute(in context: RunContext<AllocationServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let products = unitOfWork.repository(Product.self)
            guard var product = try await products.find(sku) else { throw AllocationError.invalidSKU(sku) }
            try product.changeBatchQuantity(reference: reference, quantity: quantity)
            try products.update(product)
        }
    }
}
