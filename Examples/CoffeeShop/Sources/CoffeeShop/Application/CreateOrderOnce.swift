import Foundation
public import Harbor

/// Takes the order ``order`` describes once per request identifier: the same request sent again
/// (a retry after an answer that was lost, a double tap), by this process or another, returns the
/// order the first one took and takes no other.
///
/// Harbor's `IdempotencyMiddleware`, in the runner's middleware, keeps the promise: it runs this
/// use case in one unit of work that the order, its expiry and the request's ``Receipt`` are
/// committed in together, and answers a repeated request with the receipt kept (for 24 hours). Of
/// two runs racing with one identifier, one commits; the other writes nothing and returns the
/// first one's receipt.
///
/// ```swift
/// let request = CreateOrderOnce(requestID: requestID, order: order)
/// print(try await app.run(request).orderID(for: request))
/// ```
///
/// ``Receipt/orderID(for:)`` refuses a request identifier used for another customer or other items.
///
/// The order's identifier comes from the request's (``orderID(forRequest:)``), it is not a random
/// one: two runs of one request can only take one order, even when the second finds no kept
/// answer — because it expired, or because the middleware looked for it a moment before the first
/// run committed (Harbor's `IdempotencyMiddleware` then replaces the first answer with its own and
/// commits its changes too: a known issue, which this identifier makes harmless here).
public struct CreateOrderOnce: IdempotentUseCase, Codable {
    /// What a request took: the order's identifier and the request it was taken for.
    public struct Receipt: Codable, Sendable, Equatable {
        /// The order taken.
        public let orderID: String
        /// The order as the first request described it.
        public let order: CreateOrder

        /// The order taken for `request`.
        /// - Throws: ``OrderError/requestReused(requestID:orderID:)`` when the identifier took an
        ///   order for another customer or other items: a mistake the client must hear of, not an
        ///   order to answer with.
        public func orderID(for request: CreateOrderOnce) throws -> String {
            guard order == request.order else {
                throw OrderError.requestReused(requestID: request.requestID, orderID: orderID)
            }
            return orderID
        }
    }

    /// The longest request identifier.
    public static let requestIDLimit = 128

    /// The client's identifier of this request, the same on every retry: a UUID, say.
    public let requestID: String
    /// The order to take.
    public let order: CreateOrder

    /// Creates the command.
    public init(requestID: String, order: CreateOrder) {
        self.requestID = requestID
        self.order = order
    }

    public var idempotencyKey: String { requestID }

    /// Whether `requestID` may name a request: 1 to ``requestIDLimit`` visible ASCII characters.
    public static func isValidRequestID(_ requestID: String) -> Bool {
        !requestID.isEmpty && requestID.utf8.count <= requestIDLimit
            && requestID.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// The identifier of the order a request takes: sixteen hexadecimal digits of a hash of the
    /// request identifier (FNV-1a, 64 bits), so that two requests never meet by chance.
    public static func orderID(forRequest requestID: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in requestID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Takes the order, as ``CreateOrder`` does, under ``orderID(forRequest:)``, and returns what the
    /// request took. An order of that identifier taken already is this request's (a run that
    /// committed a moment ago, or one whose answer expired): it is the answer.
    /// - Throws: ``OrderError/badRequestID(_:)``, ``OrderError/requestReused(requestID:orderID:)``
    ///   when that order is another customer's, or ``CreateOrder``'s refusals; nothing is kept then.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> Receipt {
        guard Self.isValidRequestID(requestID) else { throw OrderError.badRequestID(requestID) }
        let id = Self.orderID(forRequest: requestID)
        if let taken = try await context.orders.order(id) {
            let customer = order.customer.trimmingCharacters(in: .whitespacesAndNewlines)
            guard taken.customer == customer else { throw OrderError.requestReused(requestID: requestID, orderID: id) }
            return Receipt(orderID: id, order: order)
        }
        return Receipt(orderID: try await order.take(id: id, in: context), order: order)
    }
}
