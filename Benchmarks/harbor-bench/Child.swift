import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a child process to the end, timing it and keeping its standard output.
///
/// Started with `posix_spawn` and reaped with `waitpid`, as a shell does: Foundation's `Process`
/// adds milliseconds of its own around a child (it lists the parent's open files to close them,
/// and learns of the exit through a signal source and its run loop), which would be counted as
/// the child's time — a third of an 60 ms `wordcounter update`.
enum Child {
    struct Outcome {
        let seconds: Double
        let output: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome
    {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(output[1])
        guard spawned == 0 else {
            close(output[0])
            throw Failure(description: "\(executable): \(String(cString: strerror(spawned)))")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let (seconds, attoseconds) = (clock.now - start).components
        // WIFEXITED and WEXITSTATUS, which Swift does not import: exited when the low 7 bits are 0.
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        guard exitCode == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(exitCode)")
        }
        return Outcome(
            seconds: Double(seconds) + Double(attoseconds) / 1e18,
            output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }
}
