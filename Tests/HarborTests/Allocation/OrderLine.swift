/// One line of a customer's order: so many units of one product.
struct OrderLine: Codable, Hashable, Sendable {
    let orderID: String
    let sku: String
    let quantity: Int
}
