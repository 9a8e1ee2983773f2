/// A store broke the ``StoreContract``: which check, what was expected, and where it was checked.
public struct ContractViolation: Error, Sendable, CustomStringConvertible {
    /// The name of the check that failed.
    public var check: String
    /// What the store did instead of what the contract requires.
    public var message: String
    /// The source file of the failed expectation, as `#fileID`.
    public var fileID: String
    /// The line of the failed expectation.
    public var line: Int

    /// Creates a violation; the contract fills in ``check`` when a check runs.
    public init(check: String = "", message: String, fileID: String = #fileID, line: Int = #line) {
        self.check = check
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    public var description: String {
        "store contract violated: \(check): \(message) (\(fileID):\(line))"
    }
}
