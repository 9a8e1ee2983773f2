import Harbor

/// The aggregate: one product (by SKU) and its batches. Allocation decisions are made here,
/// so two allocations of one product conflict in the store instead of over-allocating; the
/// store keeps its version.
struct Product: Aggregate, Equatable {
    static let collection = "products"

    let sku: String
    private(set) var batches: [Batch] = []
    var events = RaisedEvents()

    var id: String { sku }

    init(sku: String) {
        self.sku = sku
    }

    func batch(_ reference: String) -> Batch? {
        batches.first { $0.reference == reference }
    }

    mutating func add(_ batch: Batch) {
        batches.append(batch)
    }

    /// Allocates `line` to the preferred batch that can take it and raises ``Allocated``; raises
    /// ``OutOfStock`` and returns nil when none can.
    /// - Returns: the batch's reference.
    mutating func allocate(_ line: OrderLine) -> String? {
        let candidates = batches.indices.filter { batches[$0].canAllocate(line) }
        guard let index = candidates.min(by: { batches[$0].isPreferred(to: batches[$1]) }) else {
            events.raise(OutOfStock(sku: line.sku))
            return nil
        }
        batches[index].allocate(line)
        let reference = batches[index].reference
        events.raise(
            Allocated(orderID: line.orderID, sku: line.sku, quantity: line.quantity, batchReference: reference))
        return reference
    }

    /// Sets a batch's quantity; while it holds more than that, takes back its most recent line
    /// and raises ``Deallocated`` for it.
    mutating func changeBatchQuantity(reference: String, quantity: Int) throws {
        guard let index = batches.firstIndex(where: { $0.reference == reference }) else {
            throw AllocationError.unknownBatch(reference)
        }
        batches[index].purchasedQuantity = quantity
        while batches[index].availableQuantity < 0, let line = batches[index].deallocateOne() {
            events.raise(Deallocated(orderID: line.orderID, sku: line.sku, quantity: line.quantity))
        }
    }
}
