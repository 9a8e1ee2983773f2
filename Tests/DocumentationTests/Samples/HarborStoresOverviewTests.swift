import Foundation
import Harbor
import HarborStores
import Testing

/// Runs the example that opens the HarborStores catalog in a new temporary folder.
@Suite("HarborStores catalog: overview")
struct HarborStoresOverviewTests {
    @Test("a kept recipe is committed to files that another store on the folder reads")
    func overview() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "harbor-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let soup = Recipe(id: "1", title: "Leek soup", course: "starter")

        #expect(try await keep(soup, in: folder).map(\.title) == ["Leek soup"])

        let reopened = Persistence(store: try JSONFileStore(folder: folder))
        #expect(try await reopened.repository(Recipe.self).find("1")?.title == "Leek soup")
    }
}
