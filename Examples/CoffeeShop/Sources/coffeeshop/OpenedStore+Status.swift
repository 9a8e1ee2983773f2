import CoffeeShop
import Foundation
import Harbor
import HarborStores

extension OpenedStore {
    /// Prints what `status` shows after the store's line, and only reads: it sends nothing that
    /// waits (`coffeeshop sync` does). For a plain store, its orders; for a mirror, the primary's
    /// orders, whether the secondary answers and what waits for it; for a fallback, whether the
    /// online store answers, the orders, what waits to be sent, and each conflict with both sides.
    /// With the orders, when the open ones are cancelled if they are left open (at `now`).
    /// - Throws: ``StoreCredentialsError`` after printing, when a side refuses the credentials.
    func printStatus(now: Date) async throws {
        if let mirror {
            try await printMirrorStatus(mirror, now: now)
        } else if let fallback {
            try await printFallbackStatus(fallback, now: now)
        } else {
            Self.printOrders(try await Self.orders(in: store), now: now)
        }
    }

    private func printMirrorStatus(_ mirror: MirroredStore, now: Date) async throws {
        Self.printOrders(try await Self.orders(in: mirror.primary), now: now)
        let waiting = try await mirror.backlogCount()
        print(
            waiting == 0
                ? "backlog: empty (the secondary has every write)"
                : "backlog: \(waiting) write(s) wait for the secondary; `coffeeshop sync` copies them "
                    + "(so does the next command that writes, once the secondary answers)")
        do {
            try await mirror.secondary.prepare(Order.schema)
            _ = try await mirror.secondary.count(matching: DocumentQuery(collection: Order.collection))
            print("secondary: answers")
        } catch let error as StoreError where Self.isRefusal(error) {
            throw StoreCredentialsError.explaining(error, sides: sides)
        } catch {
            print("secondary: does not answer (\(error)); what waits is copied when it is back")
        }
    }

    private func printFallbackStatus(_ fallback: FallbackStore, now: Date) async throws {
        // The two sides are read directly: reading through the fallback would send what waits first.
        var refusal: StoreError?
        do {
            let orders = try await Self.orders(in: fallback.online)
            print("online: the online store answers")
            Self.printOrders(orders, now: now)
        } catch let error as StoreError where Self.isRefusal(error) {
            refusal = error
            Self.printOrders(try await Self.orders(in: fallback.local), now: now, where: " in the local copy")
        } catch {
            print("offline: the online store does not answer (\(error)); orders are kept locally")
            Self.printOrders(try await Self.orders(in: fallback.local), now: now, where: " in the local copy")
        }
        let pending = try await fallback.pendingWrites()
        // The orders the changes touch, each once; an expiry or a kept request travels with its order.
        var seen: Set<String> = []
        let orderIDs = pending.flatMap(\.keys).filter { $0.collection == Order.collection }.map(\.id).filter {
            seen.insert($0).inserted
        }
        print(
            pending.isEmpty
                ? "waiting: nothing"
                : "waiting: \(pending.count) change(s) to send: "
                    + (orderIDs.isEmpty ? "expiries" : orderIDs.joined(separator: ", "))
                    + "; `coffeeshop sync` sends them (so does the next command, once the online store answers)")
        for conflict in try await fallback.conflicts() {
            print(
                "conflict \(conflict.id): order(s) \(conflict.keys.map(\.id).joined(separator: ", ")) "
                    + "changed online and here; resolve with `coffeeshop resolve \(conflict.id) --keep local|online`")
            for line in Self.differences(conflict).flatMap(\.lines) { print(line) }
        }
        if let refusal { throw StoreCredentialsError.explaining(refusal, sides: sides) }
    }

    /// Both sides of each order a conflict holds, as the order view shows them (a document that
    /// does not decode as an order, which only a foreign writer could leave, shows as absent).
    static func differences(_ conflict: FallbackConflict) -> [OrderDifference] {
        let online = Dictionary(conflict.online.map { ($0.key, $0) }) { first, _ in first }
        let offline = Dictionary(conflict.local.map { ($0.key, $0) }) { first, _ in first }
        return conflict.keys.filter { $0.collection == Order.collection }.map { key in
            OrderDifference(id: key.id, online: order(online[key]), offline: order(offline[key]))
        }
    }

    /// The order a stored document holds: its body is the order as `Repository` encodes it (JSON).
    private static func order(_ document: StoredDocument?) -> Order? {
        guard let document else { return nil }
        return try? JSONDecoder().decode(Order.self, from: document.body)
    }

    /// Every order of `store`, read through the repository the use cases use.
    private static func orders(in store: any Store) async throws -> [Order] {
        try await StoredOrderRepository(persistence: Persistence(store: store, errorHandler: { _ in }))
            .orders(status: nil)
    }

    /// The orders' line (`orders: 3 (2 open, 1 served)`), then when the open ones are cancelled
    /// if they are left open, and how many are past their time (the next command cancels them).
    private static func printOrders(_ orders: [Order], now: Date, where place: String = "") {
        let open = orders.filter { $0.status == .open }
        let served = orders.filter { $0.status == .served }.count
        print("orders: \(orders.count) (\(open.count) open\(served > 0 ? ", \(served) served" : ""))" + place)
        let waiting: [(order: Order, at: Date)] = open.compactMap { order in
            order.cancelsAt.map { (order, $0) }
        }.sorted { $0.at < $1.at }
        guard let next = waiting.first else { return }
        let late = waiting.filter { $0.at <= now }.count
        var line = "expiries: \(waiting.count) open order(s) are cancelled if left open; "
        line +=
            late > 0
            ? "\(late) past their time: the next command cancels them (or `coffeeshop expire`)"
            : "the next, \(next.order.id), at \(next.at.formatted(.iso8601))"
        print(line)
    }

    private static func isRefusal(_ error: StoreError) -> Bool {
        if case .unauthorized = error { return true }
        return false
    }
}
