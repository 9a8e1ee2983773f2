public import Foundation
import Synchronization

/// Reads a child process's pipe to its end in blocking reads on a thread of its own, handing each
/// chunk over as it arrives.
///
/// Tests read their children this way rather than with `FileHandle.readabilityHandler`: that
/// installs a dispatch read source, and on Linux dispatch read sources set up and torn down
/// concurrently corrupt libdispatch's epoll bookkeeping and crash the whole test process
/// (swift-corelibs-libdispatch issue 949). A blocking read registers nothing with libdispatch.
public final class PipeReader: Sendable {
    private struct State {
        var ended = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Starts reading `handle` (the read end of a pipe); `received` gets each chunk, in order, on
    /// the reading thread, and `ended` is called once every writer has closed the pipe.
    public init(
        _ handle: FileHandle, received: @escaping @Sendable (Data) -> Void, ended: @escaping @Sendable () -> Void = {}
    ) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                received(Data(buffer[..<count]))
            }
            ended()
            let waiting = state.withLock { state in
                state.ended = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    /// Starts reading `handle` into lines: `line` gets each whole line without its newline (and a
    /// last unterminated one at the end), then `ended` is called.
    public convenience init(
        lines handle: FileHandle, line: @escaping @Sendable (String) -> Void,
        ended: @escaping @Sendable () -> Void = {}
    ) {
        let pending = Mutex(Data())
        self.init(handle) { data in
            let complete: [String] = pending.withLock { pending in
                pending.append(data)
                var lines: [String] = []
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(..<pending.index(after: newline))
                }
                return lines
            }
            for text in complete { line(text) }
        } ended: {
            let rest = pending.withLock { $0 }
            if !rest.isEmpty { line(String(decoding: rest, as: UTF8.self)) }
            ended()
        }
    }

    /// Waits until the pipe has ended and every chunk was handed over.
    public func finished() async {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                if !state.ended { state.waiting.append(continuation) }
                return state.ended
            }
            if ended { continuation.resume() }
        }
    }
}
