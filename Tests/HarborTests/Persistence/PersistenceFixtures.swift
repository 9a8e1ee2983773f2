import Foundation
import Harbor

/// Types the persistence tests share, namespaced so they cannot clash with other tests' fixtures.
enum PersistenceFixture {
    /// An aggregate with a string, an integer and a boolean index.
    struct Account: Aggregate, Equatable {
        static let collection = "accounts"
        static let indexes: [IndexedField<Account>] = [
            .field("owner", \.owner), .field("balance", \.balance), .field("closed", \.closed),
        ]
        let id: String
        var owner: String
        var balance: Int
        var closed = false
    }

    struct AccountOpened: DomainEvent, Equatable {
        static let eventName = "tests.account-opened"
        let id: String
    }

    struct Deposited: DomainEvent, Equatable {
        static let eventName = "tests.deposited"
        let id: String
        let amount: Int
    }

    struct WorkFailed: Error, Equatable {}

    /// An aggregate that raises its own events: opened, then one per deposit.
    struct Wallet: Aggregate, Equatable {
        static let collection = "wallets"
        let id: String
        var balance: Int
        var events = RaisedEvents()

        /// A new, empty wallet that raised `AccountOpened`.
        static func open(_ id: String) -> Wallet {
            var wallet = Wallet(id: id, balance: 0)
            wallet.events.raise(AccountOpened(id: id))
            return wallet
        }

        mutating func deposit(_ amount: Int) {
            balance += amount
            events.raise(Deposited(id: id, amount: amount))
        }
    }
}
