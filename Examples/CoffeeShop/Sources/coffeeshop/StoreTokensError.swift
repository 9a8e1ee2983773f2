/// Why the tokens file (`COFFEESHOP_TOKENS`) was refused; no message shows a token.
enum StoreTokensError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(String, reason: String)
    /// Users other than its owner may read it (or write it).
    case exposed(String, permissions: Int)
    /// A line that is not `BASE-URL TOKEN`.
    case badLine(String, number: Int, problem: String)
    /// Two lines for one server.
    case sameServer(String, url: String, lines: (Int, Int))

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

    var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "the tokens file \(path) (COFFEESHOP_TOKENS) cannot be read: \(reason)"
        case .exposed(let path, let permissions):
            "the tokens file \(path) (COFFEESHOP_TOKENS) may be read by other users (mode "
                + String(permissions & 0o777, radix: 8) + "): run `chmod 600 \(path)`"
        case .badLine(let path, let number, let problem):
            "line \(number) of the tokens file \(path) (COFFEESHOP_TOKENS): \(problem); "
                + "each line is a server's base URL and its token, such as `http://127.0.0.1:8095 TOKEN`"
        case .sameServer(let path, let url, let lines):
            "lines \(lines.0) and \(lines.1) of the tokens file \(path) are both for \(url): keep one"
        }
    }
}
