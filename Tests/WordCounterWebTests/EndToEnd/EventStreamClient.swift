import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client for `GET /api/events` on a loopback port: it reads the server-sent
/// events as they arrive, which URLSession on Linux cannot do.
final class EventStreamClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    /// Everything read so far.
    private(set) var received = ""

    /// Connects to `127.0.0.1:port` and sends the request.
    init(port: Int, path: String = "/api/events") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
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
            close(descriptor)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
        // Reads wake up every 200 ms so that a deadline is honoured without a message.
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        let sent = request.utf8CString.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count - 1, 0) }
        guard sent == request.utf8.count else {
            close(descriptor)
            throw Failure(description: "sending the request failed")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Reads until what was received contains `text`; throws if the server closes first or
    /// `deadline` passes (a generous bound, not a synchronisation).
    func read(until text: String, deadline: ContinuousClock.Instant) throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "no '\(text)' before the deadline; received: \(received)")
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += String(decoding: buffer[..<count], as: UTF8.self)
            } else if count == 0 {
                throw Failure(description: "the server closed the stream; received: \(received)")
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
