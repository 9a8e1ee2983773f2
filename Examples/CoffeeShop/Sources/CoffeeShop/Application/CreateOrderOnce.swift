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
/// After 24 hours the answer is forgotten, and the same request takes a new order.
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

    /// Takes the order, as ``CreateOrder`` does, and returns what the request took.
    /// - Throws: ``OrderError/badRequestID(_:)``, or ``CreateOrder``'s refusals; nothing is kept then.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> Receipt {
        guard Self.isValidRequestID(requestID) else { throw OrderError.badRequestID(requestID) }
        return Receipt(orderID: try await order.execute(in: context), order: order)
    }
}
