public import Foundation

/// Why an order could not be taken or changed, in words the person at the counter can act on.
public enum OrderError: Error, Equatable, CustomStringConvertible {
    /// No order has this identifier.
    case notFound(id: String)
    /// The order was cancelled; it can be read but not changed.
    case cancelled(id: String)
    /// The order was cancelled because it was left open past `cancelledAt`; it can be read but not changed.
    case leftOpen(id: String, cancelledAt: Date)
    /// The order was served; it can be read but not changed.
    case served(id: String)
    /// An order with no items cannot be served.
    case nothingToServe(id: String)
    /// The request identifier took another order already (`requestID` was used for other contents).
    case requestReused(requestID: String, orderID: String)
    /// A request identifier that is not 1 to 128 visible ASCII characters.
    case badRequestID(String)
    /// The order has no line with this name; `items` are the names it has.
    case itemNotInOrder(id: String, item: String, items: [String])
    /// An item name that is empty once spaces are trimmed.
    case emptyItemName
    /// An order needs the customer's name.
    case emptyCustomer
    /// A quantity outside 1 ... `limit`.
    case badQuantity(Int, limit: Int)
    /// One line may hold at most `limit` of an item.
    case tooMany(item: String, limit: Int)
    /// An order with this identifier is kept already, and the write was not to replace it.
    case alreadyExists(id: String)
    /// An identifier that is not 1 to 64 lowercase letters, digits, `-` or `_`.
    case badIdentifier(String)
    /// A status that is not one of ``OrderStatus``'s.
    case badStatus(String)

    public var description: String {
        switch self {
        case .notFound(let id):
            "there is no order \(id); `coffeeshop list` shows the orders and their identifiers"
        case .cancelled(let id):
            "order \(id) was cancelled and cannot change; take a new one with `coffeeshop create`"
        case .leftOpen(let id, let cancelledAt):
            "order \(id) was cancelled because it was left open until \(cancelledAt.formatted(.iso8601)) "
                + "and cannot change; take a new one with `coffeeshop create`"
        case .served(let id):
            "order \(id) was served and cannot change; take a new one with `coffeeshop create`"
        case .nothingToServe(let id):
            "order \(id) has no items to serve: add one with `coffeeshop add \(id) ITEM`, or cancel it"
        case .requestReused(let requestID, let orderID):
            "request \(requestID) took order \(orderID) already, for another customer or other items; "
                + "a new order needs a new request identifier (`coffeeshop list` shows \(orderID))"
        case .badRequestID(let requestID):
            "a request identifier is 1 to 128 visible ASCII characters without spaces, such as a UUID; "
                + "not \"\(requestID)\""
        case .itemNotInOrder(let id, let item, let items) where items.isEmpty:
            "order \(id) has no \"\(item)\": it has no items yet"
        case .itemNotInOrder(let id, let item, let items):
            "order \(id) has no \"\(item)\"; it has "
                + items.map { "\"\($0)\"" }.joined(separator: ", ")
        case .emptyItemName:
            "an item needs a name, such as latte"
        case .emptyCustomer:
            "an order needs the customer's name, such as --customer Ada"
        case .badQuantity(let quantity, let limit):
            "a quantity must be 1 to \(limit), not \(quantity)"
        case .tooMany(let item, let limit):
            "one order holds at most \(limit) × \(item); take a second order for more"
        case .alreadyExists(let id):
            "there is an order \(id) already"
        case .badIdentifier(let id):
            "an order's identifier is 1 to \(Order.identifierLimit) lowercase letters, digits, '-' or '_', "
                + "not \"\(id)\""
        case .badStatus(let status):
            "an order's status is "
                + OrderStatus.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or "
                + (OrderStatus.allCases.last?.rawValue ?? "") + ", not \"\(status)\""
        }
    }
}
