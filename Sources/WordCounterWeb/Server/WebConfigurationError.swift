/// A configuration `wordcounter serve` refuses to start with.
public enum WebConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The server would listen beyond loopback without a token.
    case tokenRequired(host: String)
    /// The port is not in 0...65535.
    case invalidPort(Int)

    public var description: String {
        switch self {
        case .tokenRequired(let host):
            "listening on \(host) lets other machines connect: give --token TOKEN (or let serve generate one)"
        case .invalidPort(let port):
            "port \(port) is not between 0 and 65535 (0 picks a free one)"
        }
    }
}
