import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a loopback port that sends exactly the bytes it is given: for requests
/// that a well-behaved client would never send (half a header, nothing at all).
///
/// Its blocking reads run on a thread of their own, never on the concurrency pool the server in
/// the same process needs.
final class RawConnection: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private let state = Mutex((received: "", closed: false))

    /// Everything read so far.
    var received: String { state.withLock { $0.received } }

    /// Connects to `127.0.0.1:port`; with `receiveBuffer`, the kernel holds at most about that
    /// many bytes the connection did not read (a client that reads nothing fills it at once).
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
        // Reads wake up every 200 ms so that a deadline is honoured when nothing arrives.
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
    }

    /// Says that nothing more will be sent (a FIN, as a browser closing an `EventSource` sends).
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes the connection.
    func close() {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { Glibc.close(descriptor) }
    }

    /// Reads until `text` arrived `times` times; throws if the server closes first or `deadline`
    /// passes (a generous bound, not a synchronisation).
    func read(until text: String, times: Int = 1, deadline: ContinuousClock.Instant) async throws {
        try await onThread {
            while self.received.components(separatedBy: text).count - 1 < times {
                guard try self.readSome(deadline: deadline) else {
                    throw Failure(description: "the server closed before '\(text)'; received: \(self.received)")
                }
            }
        }
    }

    /// Reads until the server closes the connection; throws if `deadline` passes first (a
    /// generous bound: the test fails, it never waits for it to pass).
    func readUntilClosed(deadline: ContinuousClock.Instant) async throws {
        try await onThread {
            while try self.readSome(deadline: deadline) {}
        }
    }

    /// Runs blocking `work` on a new thread.
    private func onThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Reads what is there; false once the server closed the connection.
    private func readSome(deadline: ContinuousClock.Instant) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the server kept the connection open; received: \(received)")
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                let text = String(decoding: buffer[..<count], as: UTF8.self)
                state.withLock { $0.received += text }
                return true
            }
            if count == 0 || errno == ECONNRESET { return false }
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
