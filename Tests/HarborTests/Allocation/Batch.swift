import Foundation

/// Stock of one product bought at once: in the warehouse (no `eta`) or on its way.
struct Batch: Codable, Hashable, Sendable {
    let reference: String
    let sku: String
    var purchasedQuantity: Int
    /// When a shipment arrives; nil for stock already in the warehouse.
    let eta: Date?
    /// The lines allocated to this batch, oldest first.
    private(set) var allocations: [OrderLine] = []

    init(reference: String, sku: String, quantity: Int, eta: Date? = nil) {
        self.reference = reference
        self.sku = sku
        self.purchasedQuantity = quantity
        self.eta = eta
    }

    var allocatedQuantity: Int { allocations.reduce(0) { $0 + $1.quantity } }

    var availableQuantity: Int { purchasedQuantity - allocatedQuantity }

    func canAllocate(_ line: OrderLine) -> Bool {
        line.sku == sku && line.quantity <= availableQuantity
    }

    /// Allocates `line`, once: allocating the same line again changes nothing.
    mutating func allocate(_ line: OrderLine) {
        if canAllocate(line) && !allocations.contains(line) { allocations.append(line) }
    }

    /// Takes back the most recent allocation.
    mutating func deallocateOne() -> OrderLine? {
        allocations.popLast()
    }

    /// Warehouse stock first, then shipments by arrival.
    func isPreferred(to other: Batch) -> Bool {
        switch (eta, other.eta) {
        case (nil, .some): true
        case (.some(let mine), .some(let theirs)): mine < theirs
        default: false
        }
    }
}
