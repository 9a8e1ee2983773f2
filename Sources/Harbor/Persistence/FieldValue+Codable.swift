/// One JSON form of a field value, on the wire and in files: `null`, or an object with one member
/// naming its kind — `{"bool": true}`, `{"int": 3}`, `{"double": 2.5}`, `{"string": "a"}`,
/// `{"list": [...]}` — so that an integer and a double stay apart and strings keep their exact
/// Unicode scalars.
///
/// Decoding also reads the form Swift synthesised before Harbor 1.0 (`{"int": {"_0": 3}}`,
/// `{"null": {}}`), which JSON-files stores of format 1 and old journals hold.
extension FieldValue: Codable {
    private enum Kind: String, CodingKey {
        case null, bool, int, double, string, list
    }

    /// The key of the synthesised form's one associated value.
    private enum Synthesised: String, CodingKey {
        case value = "_0"
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .null
            return
        }
        let container = try decoder.container(keyedBy: Kind.self)
        guard let kind = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a field value is null or has exactly one of bool, int, double, string, list"))
        }
        if kind == .null {
            self = .null
        } else if let synthesised = try? container.nestedContainer(keyedBy: Synthesised.self, forKey: kind) {
            self = try Self.decode(kind, from: synthesised, forKey: .value)
        } else {
            self = try Self.decode(kind, from: container, forKey: kind)
        }
    }

    private static func decode<Key: CodingKey>(
        _ kind: Kind, from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> FieldValue {
        switch kind {
        case .null: .null
        case .bool: .bool(try container.decode(Bool.self, forKey: key))
        case .int: .int(try container.decode(Int64.self, forKey: key))
        case .double: .double(try container.decode(Double.self, forKey: key))
        case .string: .string(try container.decode(String.self, forKey: key))
        case .list: .list(try container.decode([FieldValue].self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .null = self {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .null: break
        case .bool(let flag): try container.encode(flag, forKey: .bool)
        case .int(let number): try container.encode(number, forKey: .int)
        case .double(let number): try container.encode(number, forKey: .double)
        case .string(let text): try container.encode(text, forKey: .string)
        case .list(let values): try container.encode(values, forKey: .list)
        }
    }
}
