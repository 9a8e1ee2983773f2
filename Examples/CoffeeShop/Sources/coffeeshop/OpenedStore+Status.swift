import CoffeeShop
import Harbor

extension OpenedStore {
    /// What `status` prints beyond the orders: for a mirror, the copies that wait; for a
    /// fallback, whether the online store answers (sending what waited, and refreshing the local
    /// copy, when it does), what still waits, and the conflicts.
    func statusLines() async throws -> [String] {
        if let mirror {
            _ = try? await mirror.replayBacklog()
            let waiting = try await mirror.backlogCount()
            return [
                waiting == 0
                    ? "backlog: empty (the secondary has every write)"
                    : "backlog: \(waiting) write(s) wait for the secondary; they are copied when it answers"
            ]
        }
        guard let fallback else { return [] }
        var lines: [String] = []
        do {
            let report = try await fallback.synchronize()
            try await fallback.refreshLocalCopy(collections: [Order.collection])
            lines.append(
                "online: the online store answers" + (report.sent > 0 ? "; sent \(report.sent) waiting change(s)" : ""))
        } catch {
            lines.append("offline: the online store does not answer (\(error)); orders are kept locally")
        }
        let pending = try await fallback.pendingWrites()
        lines.append(
            pending.isEmpty
                ? "waiting: nothing"
                : "waiting: \(pending.count) change(s) to send: "
                    + pending.flatMap(\.keys).map(\.id).joined(separator: ", "))
        for conflict in try await fallback.conflicts() {
            lines.append(
                "conflict \(conflict.id): order(s) \(conflict.keys.map(\.id).joined(separator: ", ")) "
                    + "changed online and here; resolve with `coffeeshop resolve \(conflict.id) --keep local|online`")
        }
        return lines
    }
}
