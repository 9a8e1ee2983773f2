/// A setting's value that cannot be used; the message says which values can.
public enum InvalidSetting: Error, Equatable, CustomStringConvertible {
    /// An hour outside 0–23.
    case dayStartHour(Int)
    /// A reading speed that is not a positive number of words per minute.
    case readingSpeed(Int)
    /// A name no setting has.
    case unknown(String)
    /// A value that does not parse for the setting.
    case value(setting: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .dayStartHour(let hour): "the day's start hour must be from 0 to 23, not \(hour)"
        case .readingSpeed(let speed): "the reading speed must be a positive number of words per minute, not \(speed)"
        case .unknown(let name):
            "there is no setting '\(name)'; the settings are: day-start, reading-speed, new-files, "
                + "exclude-comments, exclude-deletions, exclude-footnotes, exclude-quotes"
        case .value(let setting, let value, let expected): "'\(value)' is not a value for \(setting): \(expected)"
        }
    }
}
