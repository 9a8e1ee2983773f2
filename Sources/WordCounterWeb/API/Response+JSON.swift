import Foundation
import Hummingbird

extension Response {
    /// A JSON answer: keys sorted, slashes unescaped (paths stay readable), UTF-8.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(bytes: try JSONEncoder.api.encode(value), status: status)
    }

    /// A JSON answer whose body is already encoded.
    static func json(bytes: some Collection<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        json(buffer: ByteBuffer(bytes: bytes), status: status)
    }

    /// A JSON answer whose body is already in a buffer; no copy.
    static func json(buffer: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes),
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: buffer))
    }
}

extension JSONEncoder {
    /// The encoder of every API answer: every date and time in ISO 8601 (`2026-11-28T02:14:27Z`),
    /// never Foundation's default of seconds since 2001.
    static var api: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
