import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that accepts connections (the kernel completes them) and never answers: a
/// server that hangs. It never calls `accept`, so a request sits unread until the client gives up.
struct SilentServer {
    struct Failed: Error, CustomStringConvertible {
        let call: String
        var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, listen(descriptor, 64) == 0 else {
            let failed = Failed(call: bound != 0 ? "bind" : named != 0 ? "getsockname" : "listen")
            close(descriptor)
            throw failed
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    /// The server's base URL.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops listening; the connections waiting in the backlog are reset.
    func stop() {
        close(descriptor)
    }
}
