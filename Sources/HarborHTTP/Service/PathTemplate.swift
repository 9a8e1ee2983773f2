import Foundation

/// A path with named parameters in braces, `/users/{userID}/todos/{id}`, filled in per call.
///
/// Parameter values are percent-encoded as one path segment each, so a value can never add a
/// segment (`a/b` becomes `a%2Fb`) or a query.
public struct PathTemplate: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The template as written, `/todos/{id}`: what logs, metrics and spans name the endpoint by.
    public let template: String

    /// The names in braces, in order of appearance.
    public let parameterNames: [String]

    /// Creates a template; a missing leading `/` is added.
    public init(_ template: String) {
        self.template = template.hasPrefix("/") ? template : "/" + template
        var names: [String] = []
        var rest = Substring(self.template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        self.parameterNames = names
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { template }

    /// The path with every parameter replaced by its percent-encoded value.
    /// - Throws: ``PathTemplate/MissingParameter`` when a parameter has no value.
    public func filled(with values: [String: String]) throws(MissingParameter) -> String {
        var path = template
        for name in parameterNames {
            guard let value = values[name] else { throw MissingParameter(name: name, template: template) }
            let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value
            path = path.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return path
    }

    /// Unreserved characters and sub-delimiters allowed in a segment, without `/`, `?`, `#` and `%`.
    private static let segmentCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return allowed
    }()

    /// A call left a path parameter without a value.
    public struct MissingParameter: Error, Equatable, CustomStringConvertible {
        /// The parameter without a value.
        public let name: String
        /// The template that names it.
        public let template: String

        public var description: String {
            "the path \(template) needs a value for {\(name)}; pass it in the call's path parameters"
        }
    }
}
