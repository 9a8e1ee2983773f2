import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

extension HTTPServiceClient {
    /// The kind of failure an async-http-client or NIO error stands for.
    ///
    /// A reason is a short phrase a sentence can carry ("connection refused"): the system's
    /// words for an `errno`, never NIO's own description of it, which adds the system call, the
    /// number and (in some versions) an unbalanced parenthesis. Every client's message is built
    /// from this one place.
    static func classify(_ error: any Error) -> HTTPServiceError.Kind {
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .connectTimeout: return .connectionFailed(reason: "connecting timed out")
            case .remoteConnectionClosed:
                return .transport(reason: "the server closed the connection before the response was complete")
            case .readTimeout, .writeTimeout: return .transport(reason: "the connection stalled (\(error))")
            case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                return .invalidRequest(reason: "\(error)")
            default: return .transport(reason: "\(error)")
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL:
                return .connectionFailed(reason: systemPhrase(error.errnoCode))
            default: return .transport(reason: systemPhrase(error.errnoCode))
            }
        }
        if case ChannelError.connectTimeout = error {
            return .connectionFailed(reason: "connecting timed out")
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first {
                switch classify(first.error) {
                case .connectionFailed(let reason), .transport(let reason): return .connectionFailed(reason: reason)
                default: return .connectionFailed(reason: "\(first.error)")
                }
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return .connectionFailed(reason: "the host name \(error.host) did not resolve")
            }
            return .connectionFailed(reason: "no address of \(error.host) answered")
        }
        let text = String(describing: error)
        if text.lowercased().contains("connection refused") {
            return .connectionFailed(reason: "connection refused")
        }
        return .transport(reason: text)
    }

    /// The system's words for `code`, starting lower-case: "connection refused".
    static func systemPhrase(_ code: CInt) -> String {
        guard let words = strerror(code).map({ String(cString: $0) }), let first = words.first else {
            return "system error \(code)"
        }
        return first.lowercased() + words.dropFirst()
    }
}
