import Harbor

/// A ``FieldValue`` on the wire: `null`, or an object with one member naming its kind —
/// `{"bool": true}`, `{"int": 3}`, `{"double": 2.5}`, `{"string": "a"}`, `{"list": [...]}` — so
/// that an integer and a double stay apart and strings keep their exact Unicode scalars.
struct FieldValueObject: Codable, Sendable {
    var value: FieldValue

    init(_ value: FieldValue) {
        self.value = value
    }

    private enum Kind: String, CodingKey {
        case bool, int, double, string, list
    }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            value = .null
            return
        }
        let container = try decoder.container(keyedBy: Kind.self)
        guard let kind = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a field value is null or has exactly one of bool, int, double, string, list"))
        }
        switch kind {
        case .bool: value = .bool(try container.decode(Bool.self, forKey: kind))
        case .int: value = .int(try container.decode(Int64.self, forKey: kind))
        case .double: value = .double(try container.decode(Double.self, forKey: kind))
        case .string: value = .string(try container.decode(String.self, forKey: kind))
        case .list: value = .list(try container.decode([FieldValueObject].self, forKey: kind).map(\.value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        if case .null = value {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: Kind.self)
        switch value {
        case .null: break
        case .bool(let flag): try container.encode(flag, forKey: .bool)
        case .int(let number): try container.encode(number, forKey: .int)
        case .double(let number): try container.encode(number, forKey: .double)
        case .string(let text): try container.encode(text, forKey: .string)
        case .list(let values): try container.encode(values.map(FieldValueObject.init), forKey: .list)
        }
    }
}

extension FieldValueObject {
    /// Indexed fields on the wire.
    static func fields(_ fields: [String: FieldValue]) -> [String: FieldValueObject] {
        fields.mapValues(FieldValueObject.init)
    }

    /// Indexed fields from the wire.
    static func values(_ fields: [String: FieldValueObject]) -> [String: FieldValue] {
        fields.mapValues(\.value)
    }
}
