import Foundation
import Harbor
import HarborTesting
import Testing

/// The sample of `RaisedEvents`'s doc comment, and what it promises.
@Suite("Sample: RaisedEvents")
struct RaisedEventsSample {
    struct AccountOverdrawn: DomainEvent, Equatable {
        let accountID: String
        let balance: Int
    }

    struct Account: Aggregate {
        static let collection = "accounts"
        let id: String
        var balance: Int
        var events = RaisedEvents()

        mutating func withdraw(_ amount: Int) {
            balance -= amount
            if balance < 0 { events.raise(AccountOverdrawn(accountID: id, balance: balance)) }
        }
    }

    @Test("saving the account records its event once, after the commit, and never in its document")
    func sample() async throws {
        let persistence = Persistence.inMemory()
        let recorder = EventRecorder(persistence.events)
        var account = Account(id: "a", balance: 10)
        account.withdraw(15)
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(account)
            try accounts.update(account)  // the same value again: its event is not recorded twice
        }
        #expect(recorder.events(of: AccountOverdrawn.self) == [AccountOverdrawn(accountID: "a", balance: -5)])
        let stored = try await persistence.store.document(at: DocumentKey(collection: "accounts", id: "a"))
        let body = try #require(stored.map { String(decoding: $0.body, as: UTF8.self) })
        #expect(!body.contains("events"))
        #expect(try await persistence.repository(Account.self).find("a")?.events.isEmpty == true)
    }
}
