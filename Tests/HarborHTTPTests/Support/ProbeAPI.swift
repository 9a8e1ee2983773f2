import Foundation
import HarborHTTP

/// The DTOs and endpoints the tests call, on ``ProbeServer`` and the raw servers.
struct ItemObject: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let done: Bool
}

struct NewItemObject: Codable, Sendable, Equatable {
    let title: String
}

/// What the echo route saw: the query string and the headers it was sent.
struct EchoObject: Codable, Sendable, Equatable {
    let query: String
    let authorization: String?
    let traceHeaders: [String]
}

enum ProbeAPI {
    static let items = Endpoint<NoContent, [ItemObject]>(.get, "/items")
    static let item = Endpoint<NoContent, ItemObject>(.get, "/items/{id}")
    static let create = Endpoint<NewItemObject, ItemObject>(.post, "/items")
    static let html = Endpoint<NoContent, [ItemObject]>(.get, "/html")
    static let truncated = Endpoint<NoContent, ItemObject>(.get, "/truncated")
    static let wrongShape = Endpoint<NoContent, [ItemObject]>(.get, "/wrong-shape")
    static let hugeError = Endpoint<NoContent, ItemObject>(.get, "/huge-error")
    static let busy = Endpoint<NoContent, ItemObject>(.get, "/busy/{key}")
    static let busyPost = Endpoint<NewItemObject, ItemObject>(.post, "/busy/{key}")
    static let rateLimited = Endpoint<NoContent, ItemObject>(.get, "/rate-limited")
    static let echo = Endpoint<NoContent, EchoObject>(.get, "/echo")
    static let slow = Endpoint<NoContent, ItemObject>(.get, "/slow")
    static let slowPost = Endpoint<NewItemObject, ItemObject>(.post, "/slow")
}
