import Harbor
import Testing

/// The sample of `WakeSignal`'s doc comment.
@Suite("Sample: WakeSignal")
struct WakeSignalSample {
    @Test("a signal starts the worker's next pass long before its timeout")
    func sample() async throws {
        let (passes, pass) = AsyncStream<Int>.makeStream()
        let counter = PassCounter()
        @Sendable func drain() async { pass.yield(await counter.next()) }

        let signal = WakeSignal()
        let worker = Task {
            while !Task.isCancelled {
                await drain()
                await signal.wait(timeout: .seconds(3600))  // or until signal() is called
            }
        }
        signal.signal()  // new work: the worker starts its next pass at once
        var seen = passes.makeAsyncIterator()
        #expect(await seen.next() == 1)
        #expect(await seen.next() == 2)  // an hour early: the signal, kept until the wait, woke it
        worker.cancel()
        signal.signal()
        await worker.value
    }

    actor PassCounter {
        private var count = 0

        func next() -> Int {
            count += 1
            return count
        }
    }
}
