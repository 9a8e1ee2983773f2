import Testing
import WordCounter

@testable import WordCounterAdapters

@Suite("Pairing inotify moves")
struct MovePairingTests {
    @Test("halves of a move arriving in different reads are paired by cookie, in the kernel's order")
    func pairing() {
        let start = ContinuousClock.now
        var pairing = MovePairing<ContinuousClock.Instant>(timeout: .milliseconds(50))
        pairing.movedFrom("/n/a.md", cookie: 1, at: start)
        pairing.movedFrom("/n/b.md", cookie: 2, at: start)
        pairing.append(.modified("/n/d.md"))
        #expect(pairing.take(at: start + .milliseconds(10)).isEmpty)
        pairing.movedTo("/n/b2.md", cookie: 2)
        pairing.movedTo("/n/c.md", cookie: 3)
        // Still behind a.md's first half: nothing after it is told before it.
        #expect(pairing.take(at: start + .milliseconds(10)).isEmpty)
        #expect(pairing.nextDeadline == start + .milliseconds(50))
        #expect(
            pairing.take(at: start + .milliseconds(50)) == [
                .removed("/n/a.md"), .moved(from: "/n/b.md", to: "/n/b2.md"), .modified("/n/d.md"), .created("/n/c.md"),
            ])
        #expect(pairing.nextDeadline == nil)
        pairing.movedTo("/n/a2.md", cookie: 1)  // too late: a creation
        #expect(pairing.take(at: start + .milliseconds(60)) == [.created("/n/a2.md")])
    }
}
