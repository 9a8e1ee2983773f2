import Glibc

/// A system call that failed while a test prepared its files.
struct POSIXFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Fails with the call's name and errno unless `result` is 0.
func check(_ result: Int32, _ call: String) throws {
    guard result == 0 else { throw POSIXFailure(call: call, code: errno) }
}
