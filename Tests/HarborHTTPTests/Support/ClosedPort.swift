import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP port bound by this process but never listened on: connecting to it is refused,
/// and while it is held no other server can take it.
struct ClosedPort {
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
        guard bound == 0 else {
            close(descriptor)
            throw Failed(call: "bind")
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            close(descriptor)
            throw Failed(call: "getsockname")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    /// Frees the port.
    func release() {
        close(descriptor)
    }
}
