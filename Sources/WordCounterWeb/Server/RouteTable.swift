import Hummingbird

/// The server's routes as paths and methods: what `405 Method Not Allowed` and `Allow` are made from.
///
/// A path segment starting with `:` matches any one segment. Every `GET` route allows `HEAD` too.
struct RouteTable: Sendable {
    private var routes: [(segments: [Substring], methods: [HTTPRequest.Method])]

    /// Creates the table from `(path, methods)` pairs, as given to the router.
    init(_ routes: [(String, [HTTPRequest.Method])]) {
        self.routes = routes.map { path, methods in
            (path.split(separator: "/"), methods.contains(.get) ? methods + [.head] : methods)
        }
    }

    /// This table with `route` added.
    func adding(_ route: (String, [HTTPRequest.Method])) -> RouteTable {
        var table = self
        table.routes += RouteTable([route]).routes
        return table
    }

    /// Every route as a path (`/api/files/:id`) and its methods, `HEAD` included with `GET`.
    var entries: [(path: String, methods: [HTTPRequest.Method])] {
        routes.map { ("/" + $0.segments.joined(separator: "/"), $0.methods) }
    }

    /// The methods `path` allows, in a fixed order (`GET, HEAD, POST, PUT, PATCH, DELETE`); empty
    /// when no route has that path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        var allowed: Set<String> = []
        for route in routes where Self.matches(route.segments, segments) {
            allowed.formUnion(route.methods.map(\.rawValue))
        }
        let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        return order.filter { allowed.contains($0.rawValue) }
    }

    private static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        guard pattern.count == segments.count else { return false }
        return zip(pattern, segments).allSatisfy { expected, given in expected.hasPrefix(":") || expected == given }
    }
}
