import Foundation
import Harbor

/// Adds a batch of stock, creating the product the first time its SKU is seen.
struct AddBatch: UseCase {
    let reference: String
    let sku: String
    let quantity: Int
    var eta: Date? = nil

    func execute(in context: RunContext<AllocationServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let products = unitOfWork.repository(Product.self)
            var product = try await products.find(sku) ?? Product(sku: sku)
            product.add(Batch(reference: reference, sku: sku, quantity: quantity, eta: eta))
            try products.save(product)
        }
    }
}
