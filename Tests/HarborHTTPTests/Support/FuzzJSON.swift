import Foundation

/// A JSON text built on purpose, bad parts included: raw bytes that are not UTF-8, numbers past
/// what 64 bits hold, and anything else a fuzzer wants to put in a request.
indirect enum FuzzJSON: CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number written as given: `9223372036854775808`, `1e400`, `-0`.
    case number(String)
    /// A string of Unicode scalars, escaped as JSON requires.
    case string(String)
    /// A string whose content is these raw bytes, unescaped: invalid UTF-8 stays invalid.
    case rawString([UInt8])
    case array([FuzzJSON])
    case object([(String, FuzzJSON)])

    /// The JSON text's bytes.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let text): Self.writeString(text, to: &out)
        case .rawString(let bytes):
            out.append(UInt8(ascii: "\""))
            out += bytes
            out.append(UInt8(ascii: "\""))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (name, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(name, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The text, bad bytes shown as `\xFF`, cut at 300 characters: for a failure's message.
    var description: String {
        let text = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
