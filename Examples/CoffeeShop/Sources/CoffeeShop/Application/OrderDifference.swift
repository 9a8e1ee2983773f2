/// The view model of one order a conflict holds two versions of: the online one and the one
/// changed offline here, and what differs between them, as `coffeeshop status` shows them
/// before someone chooses a side.
public struct OrderDifference: Sendable, Equatable {
    /// The order's identifier.
    public let id: String
    /// The order online, or nil when it is absent (deleted) there.
    public let online: OrderSummary?
    /// The order as changed offline here, or nil when it was deleted here.
    public let offline: OrderSummary?
    /// What differs, one phrase each: "status: cancelled online, open offline",
    /// "cake: none online, 1 offline".
    public let changes: [String]

    /// Compares the two versions of order `id`.
    public init(id: String, online: Order?, offline: Order?) {
        self.id = id
        self.online = online.map(OrderSummary.init)
        self.offline = offline.map(OrderSummary.init)
        self.changes = Self.changes(online: online, offline: offline)
    }

    /// The lines `status` prints under the conflict, indented:
    /// ```
    ///   online:  3f2a9c1e  open       Ada: 1 × latte, 1 × scone
    ///   offline: 3f2a9c1e  open       Ada: 1 × latte, 1 × cake
    ///   differs: scone: 1 online, none offline; cake: none online, 1 offline
    /// ```
    public var lines: [String] {
        [
            "  online:  " + (online?.line ?? "\(id)  (deleted online)"),
            "  offline: " + (offline?.line ?? "\(id)  (deleted offline)"),
            "  differs: " + (changes.isEmpty ? "nothing but the versions" : changes.joined(separator: "; ")),
        ]
    }

    private static func changes(online: Order?, offline: Order?) -> [String] {
        guard let online, let offline else {
            switch (online, offline) {
            case (nil, nil): return []
            case (nil, _): return ["deleted online, kept offline"]
            default: return ["kept online, deleted offline"]
            }
        }
        var changes: [String] = []
        if online.customer != offline.customer {
            changes.append("customer: \(online.customer) online, \(offline.customer) offline")
        }
        if online.status != offline.status {
            changes.append("status: \(online.status.rawValue) online, \(offline.status.rawValue) offline")
        }
        // Lines compare as the order does (ignoring case), in the order they first appear online, then offline.
        let onlineItems = Dictionary(online.items.map { ($0.key, $0) }) { first, _ in first }
        let offlineItems = Dictionary(offline.items.map { ($0.key, $0) }) { first, _ in first }
        var seen: Set<String> = []
        for item in online.items + offline.items where seen.insert(item.key).inserted {
            let there = onlineItems[item.key]?.quantity
            let here = offlineItems[item.key]?.quantity
            guard there != here else { continue }
            changes.append(
                "\(item.name): \(there.map(String.init) ?? "none") online, \(here.map(String.init) ?? "none") offline")
        }
        return changes
    }
}
