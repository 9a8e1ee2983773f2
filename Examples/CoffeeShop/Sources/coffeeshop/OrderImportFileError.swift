import CoffeeShop

/// Why `coffeeshop import` wrote nothing: the file cannot be read, is not a list of orders, or
/// an entry breaks a rule. Every message names the file, and the entry when it is one.
enum OrderImportFileError: Error, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(String, reason: String)
    /// The file is larger than an import reads.
    case tooLarge(String, bytes: Int)
    /// The file is not JSON, or not an array of orders.
    case notOrders(String, reason: String)
    /// Entry `number` (1 for the first) holds a value of the wrong kind, or lacks one.
    case entry(String, number: Int, problem: String)
    /// The orders were read, and the import refused them.
    case refused(String, OrderImportError)

    var description: String {
        let problem =
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .tooLarge(let path, let bytes):
                "\(path) has \(bytes) bytes; an import reads at most \(OrderImportFile.byteLimit): split it"
            case .notOrders(let path, let reason):
                "\(path) is not a list of orders (\(reason)); see `coffeeshop import --help` for the format"
            case .entry(let path, let number, let problem): "\(path), entry \(number): \(problem)"
            case .refused(let path, let error): "\(path), \(error)"
            }
        return problem + "; nothing was imported"
    }
}
