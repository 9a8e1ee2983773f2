/// Why a ``PostgresStore`` could not be configured; once it runs, its failures are `StoreError`s.
public enum PostgresStoreError: Error, Equatable, CustomStringConvertible {
    /// The URL could not be read; it is quoted with its password replaced by `***`.
    case invalidURL(String, reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason): "\(url): \(reason)"
        }
    }
}
