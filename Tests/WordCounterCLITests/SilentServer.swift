import Glibc

/// A TCP listener on loopback that takes connections and never answers: a database server that
/// hangs, so that a command waits on it for as long as a test wants.
final class SilentServer {
    /// The port it listens on.
    let port: UInt16
    private let socket: Int32
    private var accepted: [Int32] = []

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw Failure(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 8) == 0 else {
            close(socket)
            throw Failure(call: "bind or listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else {
            close(socket)
            throw Failure(call: "getsockname")
        }
        self.socket = socket
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        for connection in accepted { close(connection) }
        close(socket)
    }

    /// Takes a waiting connection, if one came, and holds it open without a word; answers whether
    /// one did (the listener does not block).
    func acceptOne() -> Bool {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return false }
        accepted.append(connection)
        return true
    }

    struct Failure: Error, CustomStringConvertible {
        let call: String
        var description: String { "\(call): \(String(cString: strerror(errno)))" }
    }
}
