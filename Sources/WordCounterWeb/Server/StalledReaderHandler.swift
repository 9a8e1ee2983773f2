import Logging
import NIOCore

/// Bounds what a client that stops reading costs: the server buffers at most
/// ``highWatermark`` bytes of its answers beyond what the kernel holds, and closes its
/// connection once nothing could be written to it for ``WebConfiguration/writeTimeout``.
///
/// How the bound comes about: above the high watermark the channel is not writable, and the
/// server's response writer waits (it does not buffer more) until the client reads enough to
/// bring it below the low watermark; meanwhile no further request of that connection is read
/// (the connection's inbound stream stops reading from the socket when a few requests wait,
/// pipelined ones included). So each stalled connection holds about one answer it was writing
/// and a few requests; the timer makes sure it does not hold them for ever.
final class StalledReaderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Above this many bytes waiting to be written, the connection stops taking more.
    static let highWatermark = 64 * 1024
    /// Below this many bytes waiting, it takes more again.
    static let lowWatermark = 16 * 1024

    private let timeout: TimeAmount
    private let logger: Logger
    private var closing: Scheduled<Void>?

    /// A handler that closes the connection after `timeout` without being writable.
    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let marks = ChannelOptions.Types.WriteBufferWaterMark(low: Self.lowWatermark, high: Self.highWatermark)
        context.channel.setOption(ChannelOptions.writeBufferWaterMark, value: marks).whenFailure { [logger] error in
            logger.debug("could not set the write buffer's watermarks: \(error)")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            cancel()
        } else if closing == nil {
            let timeout = timeout
            let logger = logger
            closing = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
                self?.closing = nil
                logger.notice(
                    "closing a connection that read none of its answers for \(timeout.nanoseconds / 1_000_000) ms",
                    metadata: ["remote": "\(context.channel.remoteAddress?.description ?? "?")"])
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    private func cancel() {
        closing?.cancel()
        closing = nil
    }
}
