import Foundation
import Harbor
import HarborStores
import Testing

/// Repositories and units of work on JSON files, read back by another store instance.
@Suite("JSONFileStore repositories")
struct JSONFileStoreRepositoryTests {
    /// An aggregate with a string and an integer index.
    struct Account: Aggregate, Equatable {
        static let collection = "accounts"
        static let indexes: [IndexedField<Account>] = [.field("owner", \.owner), .field("balance", \.balance)]
        let id: String
        var owner: String
        var balance: Int
    }

    @Test("units of work on a JSONFileStore commit to files another store instance reads")
    func onJSONFiles() async throws {
        let scratch = try ScratchFolder()
        let persistence = Persistence(store: try JSONFileStore(folder: scratch.appending("store")))
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: "a/1", owner: "ann", balance: 7))
        }
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            var account = try #require(try await accounts.find("a/1"))
            account.balance += 1
            try accounts.update(account)
        }
        let reopened = Persistence(store: try JSONFileStore(folder: scratch.appending("store")))
        let accounts = reopened.repository(Account.self)
        #expect(try await accounts.find("a/1") == Account(id: "a/1", owner: "ann", balance: 8))
        #expect(try await accounts.query(Query<Account>().where(\.owner, equals: "ann")).count == 1)
    }
}
