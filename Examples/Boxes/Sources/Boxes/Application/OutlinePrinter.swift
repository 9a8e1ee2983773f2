public import Harbor

/// The event handler that prints what was provisioned, as it happens: the output port of the commands.
public struct OutlinePrinter: Sendable {
    private let write: @Sendable (String) -> Void

    /// Creates a printer that writes each line with `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Subscribes to the provisioning events on `bus`; keep the subscriptions to keep printing.
    public func subscribe(to bus: EventBus) -> [Subscription] {
        [
            bus.subscribe(to: BoxProvisioned.self) { event in write("+ box \"\(event.title)\"") },
            bus.subscribe(to: ItemProvisioned.self) { event in
                write("+ item \"\(event.title)\" in box \"\(event.boxTitle)\"")
            },
        ]
    }
}
