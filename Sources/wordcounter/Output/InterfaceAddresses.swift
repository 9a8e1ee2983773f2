#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses of this machine's network interfaces that are up: what another machine (or this
/// one) can connect to when `serve` listens on every interface (`0.0.0.0` or `::`).
enum InterfaceAddresses {
    /// Whether `host` means "every interface", an address nobody can open.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0"].contains(host)
    }

    /// The numeric addresses of the interfaces that are up, IPv4 first, loopback left out; IPv6
    /// ones only when `includingIPv6` (link-local IPv6 addresses, which need a zone, never).
    static func current(includingIPv6: Bool) -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var ipv4: [String] = []
        var ipv6: [String] = []
        var next = first
        while let interface = next {
            next = interface.pointee.ifa_next
            let flags = Int32(interface.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = interface.pointee.ifa_addr
            else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || (family == AF_INET6 && includingIPv6) else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if family == AF_INET {
                if !ipv4.contains(text) { ipv4.append(text) }
            } else if !text.lowercased().hasPrefix("fe80"), !text.contains("%"), !ipv6.contains(text) {
                ipv6.append(text)
            }
        }
        return ipv4 + ipv6
    }
}
