import CoffeeShop
import Foundation

/// A JSON file of orders to import: an array of ``OrderObject``s (dates in ISO 8601).
///
/// ```json
/// [
///   {"id": "3f2a9c1e", "customer": "Ada", "placedAt": "2025-05-01T09:30:00Z",
///    "items": [{"name": "latte", "quantity": 2}, {"name": "cake"}]},
///   {"customer": "Grace", "status": "cancelled", "items": [{"name": "espresso"}]}
/// ]
/// ```
struct OrderImportFile {
    /// The largest file an import reads.
    static let byteLimit = 8 << 20

    /// The file's path, as given.
    let path: String

    /// The orders the file holds, in its order.
    /// - Throws: ``OrderImportFileError`` naming the file and, for a value of the wrong kind, the
    ///   entry and field.
    func orders() throws(OrderImportFileError) -> [OrderObject] {
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= Self.byteLimit else { throw OrderImportFileError.tooLarge(path, bytes: size) }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as OrderImportFileError {
            throw error
        } catch {
            throw .unreadable(path, reason: (error as NSError).localizedDescription)
        }
        do {
            return try JSONDecoder().decode([OrderObject].self, from: data)
        } catch let error as DecodingError {
            throw Self.explaining(error, path: path)
        } catch {
            throw .notOrders(path, reason: "\(error)")
        }
    }

    /// The file error a decoding error stands for: where it is (entry, item, field) and what was expected.
    private static func explaining(_ error: DecodingError, path: String) -> OrderImportFileError {
        let (context, problem): (DecodingError.Context, String)
        switch error {
        case .typeMismatch(let type, let found), .valueNotFound(let type, let found):
            (context, problem) = (found, "expected \(name(of: type))")
        case .keyNotFound(let key, let found):
            (context, problem) = (found, "\"\(key.stringValue)\" is missing")
        case .dataCorrupted(let found):
            let underlying = found.underlyingError.map { ": \(($0 as NSError).localizedDescription)" } ?? ""
            (context, problem) = (found, found.debugDescription + underlying)
        @unknown default:
            return .notOrders(path, reason: "\(error)")
        }
        guard let entry = context.codingPath.first?.intValue else {
            if context.codingPath.isEmpty, case .typeMismatch = error {
                return .notOrders(path, reason: "it must hold a JSON array of orders, [{…}, {…}]")
            }
            return .notOrders(path, reason: problem)
        }
        var place: [String] = []
        var previous: String?
        for key in context.codingPath.dropFirst() {
            if let index = key.intValue {
                place.append(previous == "items" ? "item \(index + 1)" : "[\(index + 1)]")
            } else {
                place.append(key.stringValue)
            }
            previous = key.stringValue
        }
        let field = place.filter { $0 != "items" }.joined(separator: ", ")
        return .entry(path, number: entry + 1, problem: (field.isEmpty ? "" : field + ": ") + problem)
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is [OrderObject].Type, is [OrderObject.Item].Type: "a list [ … ]"
        default: "an object { … }"
        }
    }
}
