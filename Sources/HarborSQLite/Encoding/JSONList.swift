import Harbor

/// The JSON array a multi-valued field's `f<m>_value` column holds, which the triggers of its
/// values table unpack with `json_each` into one indexed row per value.
enum JSONList {
    /// The values as a JSON array: strings keep their exact UTF-8 bytes (only `"`, `\` and control
    /// characters are escaped), so `json_each` gives back the same scalars.
    static func text(of values: [FieldValue]) -> String {
        var text = "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            switch value {
            case .null, .list: text += "null"
            case .bool(let flag): text += flag ? "true" : "false"
            case .int(let number): text += String(number)
            case .double(let number): text += number.isFinite ? number.description : "null"
            case .string(let string): appendString(string, to: &text)
            }
        }
        return text + "]"
    }

    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
