// The example that opens the HarborStores catalog (Sources/HarborStores/Documentation.docc),
// word for word; HarborStoresOverviewTests runs it.

import Foundation
import Harbor
import HarborStores

struct Recipe: Aggregate {
    static let collection = "recipes"
    static let indexes: [IndexedField<Recipe>] = [.field("course", \.course)]
    let id: String
    var title: String
    var course: String
}

func keep(_ recipe: Recipe, in folder: URL) async throws -> [Recipe] {
    let persistence = Persistence(store: try JSONFileStore(folder: folder))
    try await persistence.perform { unitOfWork in
        try unitOfWork.repository(Recipe.self).add(recipe)
    }
    return try await persistence.repository(Recipe.self).query(Query<Recipe>().where(\.course, equals: recipe.course))
}
