public import Harbor

/// Word Counter as an application: its services and the runner of its use cases.
///
/// ```swift
/// let app = WordCounterApp(services: services)
/// try await app.run(TrackFiles(paths: ["/novel"]))
/// let rows = try await app.run(ShowStatus())
/// ```
public typealias WordCounterApp = UseCaseRunner<WordCounterServices>
