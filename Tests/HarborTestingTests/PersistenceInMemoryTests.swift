import Foundation
import Harbor
import HarborTesting
import Testing

struct Parcel: Aggregate, Equatable {
    static let collection = "parcels"
    let id: String
    var weight: Int
}

struct ParcelSent: DomainEvent, Equatable {
    let id: String
}

@Suite("Persistence.inMemory")
struct PersistenceInMemoryTests {
    @Test("commits to a fresh in-memory store and publishes with the injected time")
    func commitsAndPublishes() async throws {
        let persistence = Persistence.inMemory(now: { Date(timeIntervalSince1970: 99) })
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Parcel.self).add(Parcel(id: "p1", weight: 3))
            try unitOfWork.record(ParcelSent(id: "p1"))
        }
        #expect(try await persistence.repository(Parcel.self).find("p1") == Parcel(id: "p1", weight: 3))
        #expect(recorder.events(of: ParcelSent.self) == [ParcelSent(id: "p1")])
        let stored = try await persistence.store.events(after: 0, limit: 10)
        #expect(stored.map(\.event.occurredAt) == [Date(timeIntervalSince1970: 99)])
        #expect(try await Persistence.inMemory().repository(Parcel.self).all().isEmpty)
    }
}
