/// A piece of HTML whose interpolated text is escaped unless it is HTML itself.
///
/// Every view of the dashboard is built from it, so text that comes from the user's files (a
/// path, a project's name, a reason) cannot become markup by forgetting to escape it: a `String`
/// or `Substring` interpolated into an `HTML` literal is escaped (`& < > " '`), a number is
/// written as it is, and another `HTML` goes in unchanged. Markup that is not a literal comes
/// only from ``init(trusted:)``, for the program's own stylesheet and script.
///
/// ```swift
/// let name = "<script>alert(1)</script>.md"
/// let cell: HTML = "<td class=\"name\">\(name)</td>"
/// // <td class="name">&lt;script&gt;alert(1)&lt;/script&gt;.md</td>
/// ```
struct HTML: ExpressibleByStringInterpolation, Sendable, Equatable, CustomStringConvertible {
    /// The markup, escaped where it had to be.
    private(set) var markup: String

    /// Nothing.
    static let empty: HTML = ""

    /// Markup the program wrote itself (a literal).
    init(stringLiteral literal: String) {
        markup = literal
    }

    /// A literal with its interpolations escaped or inserted.
    init(stringInterpolation interpolation: StringInterpolation) {
        markup = interpolation.markup
    }

    /// Markup from the program's own resources (its stylesheet, its script), inserted unescaped:
    /// never text from a request or a file being counted.
    init(trusted markup: String) {
        self.markup = markup
    }

    var description: String { markup }

    /// Whether there is no markup at all.
    var isEmpty: Bool { markup.isEmpty }

    /// Both pieces, one after the other.
    static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(trusted: lhs.markup + rhs.markup)
    }

    /// Appends `other`.
    static func += (lhs: inout HTML, rhs: HTML) {
        lhs.markup += rhs.markup
    }

    /// How an `HTML` literal takes its interpolations.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: String) {
            markup += text.htmlEscaped
        }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: Substring) {
            markup += String(text).htmlEscaped
        }

        /// A number, as digits.
        mutating func appendInterpolation(_ number: Int) {
            markup += String(number)
        }

        /// Markup, unchanged.
        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Markup, unchanged; nothing for nil.
        mutating func appendInterpolation(_ html: HTML?) {
            if let html { markup += html.markup }
        }

        /// Pieces of markup, with `separator` between them.
        mutating func appendInterpolation(_ pieces: [HTML], separator: HTML = .empty) {
            markup += pieces.joined(separator: separator).markup
        }
    }
}

extension Array where Element == HTML {
    /// The pieces one after the other, `separator` between them.
    func joined(separator: HTML = .empty) -> HTML {
        HTML(trusted: map(\.markup).joined(separator: separator.markup))
    }
}
