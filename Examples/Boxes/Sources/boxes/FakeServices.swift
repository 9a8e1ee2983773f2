import Boxes
import Harbor
import HarborTesting
import Synchronization

/// The fake composition: in memory, numbered identifiers, an optional delay on every store call.
struct FakeServices: ServiceBuilder {
    let delay: Duration

    func build() async throws -> BoxesServices {
        let counter = Atomic<Int>(0)
        return BoxesServices(
            persistence: Persistence(store: FakeStore(wrapping: InMemoryStore(), delay: delay)),
            provisioning: BoxProvisioning { "fake-\(counter.add(1, ordering: .relaxed).newValue)" },
            storeDescription: "memory, fake environment")
    }
}
