import Foundation
public import Harbor

extension HTTPStore {
    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await events(after: position, limit: limit, waitingUpTo: .zero)
    }

    /// Up to `limit` outbox events after `position`; when there are none yet, the server holds
    /// the request until one is committed or `wait` has passed (at most its configured maximum,
    /// 60 s by default), and then answers what there is — perhaps nothing.
    ///
    /// A remote durable subscriber loops on it to learn of each commit at once without polling.
    /// - Throws: `StoreError.unavailable(location:reason:)` when the server cannot be reached.
    public func events(after position: Int64, limit: Int, waitingUpTo wait: Duration) async throws -> [StoredEvent] {
        var endpoint = StoreAPI.events
        endpoint.timeout = longPollTimeout(wait)
        let query = [
            URLQueryItem(name: "after", value: "\(position)"), URLQueryItem(name: "limit", value: "\(limit)"),
            URLQueryItem(name: "wait", value: Self.seconds(wait)),
        ]
        return try await send(endpoint, EndpointCall(body: NoContent(), query: query)).map(\.stored)
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try await send(
            StoreAPI.position, EndpointCall(body: NoContent(), pathParameters: ["name": StoreAPI.segment(name)])
        ).value
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        let _: NoContent = try await send(
            StoreAPI.setPosition,
            EndpointCall(body: WireValue(position), pathParameters: ["name": StoreAPI.segment(name)]))
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        try await send(StoreAPI.prune, EndpointCall(body: WireValue(position))).value
    }

    public func subscriberPositions() async throws -> [String: Int64] {
        try await send(StoreAPI.subscribers, EndpointCall(body: NoContent()))
    }

    public func addDeadLetter(_ letter: DeadLetter) async throws {
        let _: NoContent = try await send(StoreAPI.addDeadLetter, EndpointCall(body: letter))
    }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await send(
            StoreAPI.deadLetters, EndpointCall(body: NoContent(), pathParameters: ["name": StoreAPI.segment(name)]))
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await send(
            StoreAPI.removeDeadLetter,
            EndpointCall(
                body: NoContent(), pathParameters: ["name": StoreAPI.segment(name), "position": "\(position)"])
        ).value
    }

    /// The request timeout of a long poll: its wait plus the configured timeout for the answer.
    func longPollTimeout(_ wait: Duration) -> Duration {
        service.configuration.timeout + max(.zero, wait)
    }

    /// `wait` in seconds as the server reads it, to the millisecond.
    static func seconds(_ wait: Duration) -> String {
        let milliseconds = max(0, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        return "\(milliseconds / 1000).\(String(format: "%03d", Int(milliseconds % 1000)))"
    }
}
