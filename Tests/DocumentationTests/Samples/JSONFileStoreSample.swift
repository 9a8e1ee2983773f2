import Foundation
import Harbor
import HarborStores

/// The sample of `JSONFileStore`'s doc comment, compiled (it names a system folder).
enum JSONFileStoreSample {
    static func open() throws -> Persistence {
        let store = try JSONFileStore(folder: URL(filePath: "/var/lib/boxes"))
        let persistence = Persistence(store: store)
        return persistence
    }
}
