import Foundation
import Harbor
import HarborTesting
import Testing

/// The test sample of the article "Idempotent and scheduled runs": one test clock drives what
/// is due.
@Suite("Harbor catalog: idempotent and scheduled runs")
struct IdempotentAndScheduledRunsSample {
    @Test("a run scheduled an hour ahead is due after an hour on the test clock, not before")
    func dueOnTheTestClock() async throws {
        let clock = TestClock(startDate: Date(timeIntervalSince1970: 1_790_000_000))
        let persistence = Persistence(store: InMemoryStore(), now: { clock.date })
        let app = UseCaseRunner(services: ShopServices(persistence: persistence), clock: clock)
        let scheduler = Scheduler(runner: app, persistence: persistence, clock: clock)
            .register(CancelUnpaidOrder.self)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Order.self).add(Order(id: "o1", buyerID: "b1"))
            try unitOfWork.schedule(CancelUnpaidOrder(orderID: "o1"), after: .seconds(3_600))
        }
        clock.advance(by: .seconds(3_599))
        #expect(await scheduler.runDue() == 0)
        clock.advance(by: .seconds(1))
        #expect(await scheduler.runDue() == 1)
        #expect(try await persistence.repository(Order.self).find("o1") == nil)
    }
}
