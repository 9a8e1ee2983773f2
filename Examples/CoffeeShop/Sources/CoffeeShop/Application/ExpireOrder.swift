public import Harbor

/// Cancels an order left open: scheduled for the order's `cancelsAt` when it is taken, run by
/// Harbor's `Scheduler` when that time comes. An order served, cancelled or deleted meanwhile, or
/// given a later time, is left as it is: nothing to do is not an error, so a run that comes
/// twice (a process that died mid-run) or late changes nothing more.
///
/// It is kept as JSON in the store until it runs, under its type's name: renaming the type, or
/// its properties, orphans the runs already scheduled.
public struct ExpireOrder: UseCase, Codable, Equatable {
    /// The order.
    public let orderID: String

    /// Creates the command.
    public init(orderID: String) {
        self.orderID = orderID
    }

    /// Cancels the order if it is still open and its time has come.
    /// - Returns: the order as cancelled, or nil when there was nothing to do.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> Order? {
        let now = context.now()
        do {
            // Written only if nobody changed the order since it was read: one served meanwhile is
            // a retryable conflict, and the runner's retry finds it served.
            return try await context.orders.update(orderID) { order in
                guard order.expire(at: now) else { throw NothingToDo() }
            }
        } catch is NothingToDo {
            return nil
        } catch OrderError.notFound {
            return nil
        }
    }

    /// The order is not one to cancel (any more): served, cancelled, without a time, or not yet due.
    private struct NothingToDo: Error {}
}
