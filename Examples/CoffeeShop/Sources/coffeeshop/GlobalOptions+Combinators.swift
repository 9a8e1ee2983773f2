import ArgumentParser
import CoffeeShop
import Harbor
import HarborStores

extension GlobalOptions {
    /// Opens the store, which must be a mirror, and runs `body` with it while the store runs.
    /// - Throws: `ValidationError` saying how to name a mirror when the store is not one.
    func withMirror<T: Sendable>(
        _ body: (MirroredStore, _ primary: StoreLocation, _ secondary: StoreLocation) async throws -> T
    ) async throws -> T {
        let location = try location()
        guard case .mirror(let primary, let secondary) = location else {
            throw ValidationError(
                "migrate works on a mirror, and the store is \(location): "
                    + "set --store mirror:OLD,NEW (or COFFEESHOP_STORE) to move the orders from OLD to NEW")
        }
        let opened = try opening(creatingStore: true).open(location)
        guard let mirror = opened.mirror else { throw ValidationError("\(location) did not open as a mirror") }
        return try await opened.whileRunning {
            // The backfill and the comparison cover the orders, their expiries and kept requests.
            try await StoredCollections.prepare(in: mirror)
            return try await body(mirror, primary, secondary)
        }
    }

    /// Opens the store, which must be a fallback, and runs `body` with it while the store runs.
    func withFallback<T: Sendable>(_ body: (FallbackStore) async throws -> T) async throws -> T {
        let location = try location()
        guard case .fallback = location else {
            throw ValidationError(
                "resolving conflicts needs a fallback, and the store is \(location): set --store fallback:ONLINE,LOCAL")
        }
        let opened = try opening(creatingStore: true).open(location)
        guard let fallback = opened.fallback else { throw ValidationError("\(location) did not open as a fallback") }
        return try await opened.whileRunning {
            try await StoredCollections.prepare(in: fallback)
            return try await body(fallback)
        }
    }
}
