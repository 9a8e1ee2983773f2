import Synchronization

/// A handle on a subscription; cancelling it (or releasing it) stops delivery.
public final class Subscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// Creates a subscription that runs `onCancel` once, when cancelled or released.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops delivery; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
