import Harbor
import PostgresNIO

extension PostgresStore {
    /// The `StoreError` for a failure of postgres-nio or of the server.
    ///
    /// The message is the server's own (`ERROR: …` with its detail), or what the connection met
    /// (refused, closed, timed out); never a PSQLError's description, which may quote the query and
    /// its values, and never the password. Connection failures, a server shutting down or not
    /// accepting connections yet are `StoreError.unavailable(location:reason:)`, which a
    /// caller may retry: the pool opens new connections for the next operation.
    func classify(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is LeaseTimeout {
            return .unavailable(
                location: location,
                reason: "no connection to the server within \(configuration.connectTimeout) "
                    + "(it is down, unreachable, or every connection of the pool is busy)")
        }
        if error is CancellationError { return .unavailable(location: location, reason: "the operation was cancelled") }
        guard let error = error as? PSQLError else {
            return .backend(
                location: location, reason: String(describing: type(of: error)) + ": " + redacted("\(error)"))
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            var message = error.serverInfo?[.message] ?? "the server failed"
            if let detail = error.serverInfo?[.detail] { message += " (\(detail))" }
            message = redacted(message)
            if state.hasPrefix("08") || state == "57P01" || state == "57P02" || state == "57P03" {
                return .unavailable(location: location, reason: message)
            }
            if state == "28P01" || state == "28000" {
                return .backend(
                    location: location,
                    reason: message + ": give the password in the URL, in PGPASSWORD or in ~/.pgpass")
            }
            return .backend(location: location, reason: "\(message) [SQLSTATE \(state)]")
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
            .queryCancelled:
            let underlying = error.underlying.map { ": " + redacted("\($0)") } ?? ""
            return .unavailable(
                location: location,
                reason: "the connection to the server was lost or refused (\(error.code))\(underlying)")
        case .authMechanismRequiresPassword:
            return .backend(
                location: location,
                reason:
                    "the server asks for a password and none was given: put it in the URL, in PGPASSWORD or in ~/.pgpass"
            )
        case .sslUnsupported:
            return .unavailable(
                location: location, reason: "the server does not offer TLS, which the configuration requires")
        default:
            let underlying = error.underlying.map { ": " + redacted("\($0)") } ?? ""
            return .backend(location: location, reason: "\(error.code)\(underlying)")
        }
    }

    /// `text` without the password, should a message ever quote it.
    func redacted(_ text: String) -> String {
        guard let password = configuration.password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }

    /// The server's SQLSTATE of `error`, if the server sent one.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// The constraint a server error names, if any.
    static func constraint(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.constraintName]
    }
}
