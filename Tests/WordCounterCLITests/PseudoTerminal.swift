import Foundation
import Glibc

/// A pseudo-terminal pair: a child process writes to `follower`, which `isatty` calls a
/// terminal, and the test reads what it wrote from the leader side.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The leader's descriptor, read without blocking.
    let leader: Int32
    /// The follower's descriptor, handed to the child.
    let follower: Int32

    init() throws {
        // `openpty` is in glibc's libc since 2.34, but its header is not part of the Glibc module:
        // look it up by name.
        typealias OpenPTY =
            @convention(c) (
                UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?,
                UnsafeRawPointer?, UnsafeRawPointer?
            ) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "openpty") else {
            throw Failure(description: "openpty is not available")
        }
        let openpty = unsafeBitCast(symbol, to: OpenPTY.self)
        var leader: Int32 = -1
        var follower: Int32 = -1
        guard openpty(&leader, &follower, nil, nil, nil) == 0 else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.leader = leader
        self.follower = follower
        _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
    }

    /// Everything written to the terminal so far.
    func drain() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    deinit {
        close(follower)
        close(leader)
    }
}
