import Dispatch
import Foundation

/// Turns the first Ctrl-C (SIGINT) into a call of an action instead of the end of the process,
/// while it is installed; a second Ctrl-C ends the process as usual.
struct Interruption: ~Copyable {
    private let source: any DispatchSourceSignal

    /// Installs the handler: `action` runs on the first SIGINT.
    init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            signal(SIGINT, SIG_DFL)
            action()
        }
        source.resume()
        self.source = source
    }

    /// Removes the handler: SIGINT ends the process again.
    consuming func remove() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
