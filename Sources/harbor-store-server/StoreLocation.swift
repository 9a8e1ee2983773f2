import ArgumentParser
import Foundation
import Harbor
import HarborSQLite

/// Which store the server serves: `sqlite:PATH`, `json:FOLDER` or `memory`.
enum StoreLocation: ExpressibleByArgument, CustomStringConvertible {
    case sqlite(path: String)
    case json(folder: String)
    case memory

    init?(argument: String) {
        if argument == "memory" {
            self = .memory
        } else if argument.hasPrefix("sqlite:"), argument.count > "sqlite:".count {
            self = .sqlite(path: String(argument.dropFirst("sqlite:".count)))
        } else if argument.hasPrefix("json:"), argument.count > "json:".count {
            self = .json(folder: String(argument.dropFirst("json:".count)))
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .json(let folder): "json:\(folder)"
        case .memory: "memory"
        }
    }

    /// Opens the store, creating the file or folder when it is missing.
    func open() throws -> any Store {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path)
        case .json(let folder): try JSONFileStore(folder: URL(fileURLWithPath: folder))
        case .memory: InMemoryStore()
        }
    }
}
