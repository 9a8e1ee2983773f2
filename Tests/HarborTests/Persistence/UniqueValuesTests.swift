import Foundation
import Harbor
import HarborTesting
import Testing

/// A product whose batch references are unique across products: the allocation service's rule
/// that two products never share a batch.
private struct BatchedProduct: Aggregate, Equatable {
    static let collection = "unique-values-products"
    static let indexes: [IndexedField<BatchedProduct>] = [.values("batch", \.batchReferences, unique: true)]
    let id: String
    var batchReferences: [String]
}

@Suite("Repository: unique multi-valued indexes")
struct UniqueValuesTests {
    let persistence = Persistence.inMemory()

    fileprivate func add(_ product: BatchedProduct) async throws {
        try await persistence.perform { unitOfWork in try unitOfWork.repository(BatchedProduct.self).add(product) }
    }

    @Test("two products may not share a batch reference; the error names it; one may repeat its own")
    func uniqueBatchReferences() async throws {
        #expect(BatchedProduct.schema.uniqueFields == ["batch"])
        #expect(BatchedProduct.schema.multiValuedFields == ["batch"])
        try await add(BatchedProduct(id: "lamp", batchReferences: ["b1", "b2", "b2"]))
        let error = await #expect(throws: StoreError.self) {
            try await add(BatchedProduct(id: "chair", batchReferences: ["b3", "b2"]))
        }
        #expect(error == .duplicateValue(collection: BatchedProduct.collection, field: "batch", value: .string("b2")))
        #expect(try await persistence.repository(BatchedProduct.self).find("chair") == nil)
        try await add(BatchedProduct(id: "chair", batchReferences: ["b3"]))
        let holders = try await persistence.repository(BatchedProduct.self).query(
            Query<BatchedProduct>().where(\.batchReferences, contains: "b3"))
        #expect(holders.map(\.id) == ["chair"])
    }
}
