import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Headless Chromium driven through the DevTools protocol on a pipe (`--remote-debugging-pipe`):
/// the browser reads JSON commands, each ended by a NUL byte, on its file descriptor 3 and writes
/// answers and events on 4. Enough of the protocol to open a page at a given window size, wait
/// for its load event, run an expression in it and take a screenshot, with no WebSocket client.
///
/// Every wait is for the browser's own answer or event, bounded by ``timeout`` (a hung browser
/// fails the test instead of hanging it); nothing sleeps.
final class DevToolsBrowser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How long one answer or event may take.
    var timeout: Duration = .seconds(60)

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: URL
    private var received: [UInt8] = []
    private var pendingEvents: [[String: Any]] = []
    private var lastID = 0
    private var session: String?
    private var isRunning = true

    /// Starts the browser, headless, with a fresh profile.
    init() throws {
        guard let executable = Chromium.executable else { throw Failure(description: "no chromium on the PATH") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        // Close-on-exec, so that no other child of this test process inherits them; the dup2 below
        // gives the browser its own copies, at 3 and 4, without the flag.
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard Self.pipe(&toBrowser), Self.pipe(&fromBrowser) else {
            throw Failure(description: "pipe2 failed: \(errno)")
        }
        // Out of the way of 3 and 4, which the dup2 calls below write over.
        let browserReads = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10)
        let browserWrites = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        close(toBrowser[0])
        close(fromBrowser[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [
            executable.path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--no-first-run", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "about:blank",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable.path, &actions, nil, argv, environ)
        close(browserReads)
        close(browserWrites)
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw Failure(description: "could not start chromium: \(status)")
        }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
    }

    deinit {
        quit()
    }

    /// A pipe whose two ends are closed on exec, made in one step (`pipe2`, which glibc has but
    /// the Glibc module does not declare: it is looked up by name).
    private static func pipe(_ descriptors: inout [Int32]) -> Bool {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return false }
        let pipe2 = unsafeBitCast(symbol, to: Pipe2.self)
        return descriptors.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return pipe2(base, O_CLOEXEC) == 0
        }
    }

    /// Ends the browser and removes its profile.
    func quit() {
        guard isRunning else { return }
        isRunning = false
        if kill(pid, SIGTERM) == 0 {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(commands)
        close(answers)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens a new tab at `width` × `height` CSS pixels (`mobile`: as a phone, the page's
    /// viewport tag honoured), loads `url` in it and returns once its load event fired.
    func open(_ url: String, width: Int, height: Int, mobile: Bool) throws {
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target: \(target)") }
        let attached = try call(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        guard let sessionID = attached["sessionId"] as? String else {
            throw Failure(description: "not attached: \(attached)")
        }
        session = sessionID
        _ = try call("Page.enable")
        _ = try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
        pendingEvents.removeAll()
        _ = try call("Page.navigate", ["url": url])
        // The blank page's own load may be reported late: wait for the load of `url`.
        repeat {
            _ = try event("Page.loadEventFired")
        } while try evaluate("document.readyState === 'complete' ? location.href : ''") as? String != url
    }

    /// The value of the JavaScript `expression` in the open page (a string, number, or JSON value).
    /// With `awaitPromise`, the value the promise it gives resolves to.
    func evaluate(_ expression: String, awaitPromise: Bool = false) throws -> Any? {
        let answer = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitPromise])
        if let exception = answer["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the whole page, as tall as its content, written to `file`.
    func screenshot(to file: URL) throws {
        let size = try evaluate(
            "JSON.stringify([document.documentElement.scrollWidth, document.documentElement.scrollHeight])")
        guard let text = size as? String,
            let numbers = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Int],
            numbers.count == 2
        else { throw Failure(description: "no page size: \(String(describing: size))") }
        let answer = try call(
            "Page.captureScreenshot",
            [
                "format": "png", "captureBeyondViewport": true,
                "clip": ["x": 0, "y": 0, "width": numbers[0], "height": numbers[1], "scale": 1],
            ])
        guard let base64 = answer["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: file)
    }

    /// Sends `method` and returns its result once the browser answers it.
    private func call(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws
        -> [String: Any]
    {
        lastID += 1
        let id = lastID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "could not write to chromium: \(errno)") }
            written += count
        }
        while true {
            let message = try nextMessage()
            guard let answerID = message["id"] as? Int else {
                pendingEvents.append(message)
                continue
            }
            guard answerID == id else { continue }
            if let error = message["error"] { throw Failure(description: "\(method): \(error)") }
            return message["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the event `method` of the open page.
    private func event(_ method: String) throws -> [String: Any] {
        if let index = pendingEvents.firstIndex(where: { $0["method"] as? String == method }) {
            return pendingEvents.remove(at: index)
        }
        while true {
            let message = try nextMessage()
            if message["method"] as? String == method { return message }
        }
    }

    /// The next message from the browser, read up to its NUL byte.
    private func nextMessage() throws -> [String: Any] {
        while true {
            if let end = received.firstIndex(of: 0) {
                let data = Data(received[..<end])
                received.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure(description: "not a message: \(String(decoding: data, as: UTF8.self))")
                }
                return message
            }
            var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(timeout.components.seconds * 1000)
            guard poll(&descriptor, 1, milliseconds) == 1 else {
                throw Failure(description: "chromium did not answer within \(timeout)")
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "chromium closed its pipe") }
            received.append(contentsOf: chunk[..<count])
        }
    }
}
