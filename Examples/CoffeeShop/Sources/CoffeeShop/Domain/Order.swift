public import Foundation
public import Harbor

/// A customer's order at the counter: the aggregate the coffee shop keeps, with its rules.
///
/// The rules live here, not in the use cases or the store: an order changes only while it is
/// open; an item is a line, and adding one already there raises its quantity; removing an item
/// the order lacks is an error that names what it has; only an order with items is served; an
/// order still open at its ``cancelsAt`` is cancelled then (``expire(at:)``).
public struct Order: Aggregate, Equatable {
    public static let collection = "orders"
    /// `placedAt` orders the list; `status` filters it.
    public static let indexes: [IndexedField<Order>] = [
        .field("placedAt", \.placedAt), .field("status", \.status),
    ]

    /// The most of one item one line may hold.
    public static let quantityLimit = 20

    /// The order's identifier: eight lowercase hexadecimal digits, unique across backends.
    public let id: String
    /// Whom it is for.
    public let customer: String
    /// When it was taken.
    public let placedAt: Date
    /// What it holds, in the order the items were first added.
    public private(set) var items: [OrderItem]
    /// Open, served or cancelled.
    public private(set) var status: OrderStatus
    /// While the order is open, when it is cancelled if it is still open then (nil: it stays open
    /// until it is served or cancelled). Nil once it is served or cancelled by hand; the time it
    /// was due once it was cancelled for being left open (``wasLeftOpen``).
    public private(set) var cancelsAt: Date?

    /// Takes a new, open order.
    /// - Parameter cancelsAt: when it is cancelled if it is still open then; nil for never.
    /// - Throws: ``OrderError/emptyCustomer`` when `customer` is blank.
    public init(id: String, customer: String, placedAt: Date, cancelsAt: Date? = nil) throws {
        let customer = customer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !customer.isEmpty else { throw OrderError.emptyCustomer }
        self.id = id
        self.customer = customer
        self.placedAt = placedAt
        self.items = []
        self.status = .open
        self.cancelsAt = cancelsAt
    }

    /// Whether the order waits for its ``cancelsAt``: open, with a time to be cancelled.
    public var waitsToExpire: Bool { status == .open && cancelsAt != nil }

    /// Whether it was cancelled because it was left open past its ``cancelsAt``.
    public var wasLeftOpen: Bool { status == .cancelled && cancelsAt != nil }

    /// Adds `quantity` of `name`: a new line, or more on the line of that name (ignoring case).
    /// - Throws: the refusal of an order that is not open, ``OrderError/emptyItemName``,
    ///   ``OrderError/badQuantity(_:limit:)`` or ``OrderError/tooMany(item:limit:)``.
    public mutating func add(_ name: String, quantity: Int = 1) throws {
        try requireOpen()
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw OrderError.emptyItemName }
        guard (1...Self.quantityLimit).contains(quantity) else {
            throw OrderError.badQuantity(quantity, limit: Self.quantityLimit)
        }
        if let index = items.firstIndex(where: { $0.key == OrderItem.key(trimmed) }) {
            guard items[index].quantity + quantity <= Self.quantityLimit else {
                throw OrderError.tooMany(item: items[index].name, limit: Self.quantityLimit)
            }
            items[index].quantity += quantity
        } else {
            items.append(OrderItem(name: trimmed, quantity: quantity))
        }
    }

    /// Removes the line of `name` (ignoring case), whatever its quantity.
    /// - Throws: the refusal of an order that is not open, or ``OrderError/itemNotInOrder(id:item:items:)``
    ///   naming the items the order has.
    public mutating func remove(_ name: String) throws {
        try requireOpen()
        guard let index = items.firstIndex(where: { $0.key == OrderItem.key(name) }) else {
            throw OrderError.itemNotInOrder(
                id: id, item: name.trimmingCharacters(in: .whitespacesAndNewlines), items: items.map(\.name))
        }
        items.remove(at: index)
    }

    /// Cancels the order; it keeps its items for the record.
    /// - Throws: ``OrderError/cancelled(id:)`` when it is cancelled already,
    ///   ``OrderError/served(id:)`` when it was served.
    public mutating func cancel() throws {
        try requireOpen()
        status = .cancelled
        cancelsAt = nil
    }

    /// Serves the order: it is done, and nothing more may change.
    /// - Throws: ``OrderError/nothingToServe(id:)`` when it has no items, or the refusal of an
    ///   order that is not open.
    public mutating func serve() throws {
        try requireOpen()
        guard !items.isEmpty else { throw OrderError.nothingToServe(id: id) }
        status = .served
        cancelsAt = nil
    }

    /// Sets when the open order is cancelled if it is still open then; nil for never.
    /// - Throws: the refusal of an order that is not open.
    public mutating func cancel(ifOpenAt date: Date?) throws {
        try requireOpen()
        cancelsAt = date
    }

    /// Cancels the order if it is still open and its ``cancelsAt`` has come by `now`; it keeps
    /// `cancelsAt`, so ``wasLeftOpen`` tells why. Anything else (served, cancelled, no time, not
    /// yet) is left as it is.
    /// - Returns: whether it cancelled the order.
    public mutating func expire(at now: Date) -> Bool {
        guard status == .open, let cancelsAt, cancelsAt <= now else { return false }
        status = .cancelled
        return true
    }

    /// An identifier as typed at the counter, as stored: trimmed and lowercased.
    public static func id(typed text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The longest identifier an order may have.
    public static let identifierLimit = 64

    /// Whether `id` may name an order: 1 to ``identifierLimit`` lowercase ASCII letters, digits,
    /// `-` or `_` (what `id(typed:)` leaves of an identifier typed at the counter, and a safe file
    /// name and key in every store).
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= identifierLimit
            && id.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    private func requireOpen() throws {
        switch status {
        case .open: return
        case .served: throw OrderError.served(id: id)
        case .cancelled:
            if let cancelsAt { throw OrderError.leftOpen(id: id, cancelledAt: cancelsAt) }
            throw OrderError.cancelled(id: id)
        }
    }
}
