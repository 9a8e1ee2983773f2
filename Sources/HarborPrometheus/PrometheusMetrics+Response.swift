public import Hummingbird

extension PrometheusMetrics {
    /// The answer to `GET /metrics`: ``exposition()`` as `200` with ``contentType``.
    public func response() -> Response {
        Response(
            status: .ok, headers: [.contentType: Self.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: exposition())))
    }
}
