import Harbor

extension AllocationServices {
    /// The allocation application over these services, with the handler that allocates a
    /// deallocated line again: `Deallocated` → `Allocate`.
    func application(middleware: [any UseCaseMiddleware] = []) -> UseCaseRunner<AllocationServices> {
        let app = UseCaseRunner(services: self, middleware: middleware)
        app.on(Deallocated.self, from: persistence.events, name: "reallocate") { event, app in
            _ = try await app.run(Allocate(orderID: event.orderID, sku: event.sku, quantity: event.quantity))
        }
        return app
    }
}
