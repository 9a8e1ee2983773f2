import Configuration
import HarborSettings
import WordCounterWeb

/// How `wordcounter serve` serves: each setting from its flag, else its environment variable, else
/// the configuration file, else its default. (The database, --env and --machine are every
/// command's, and keep their own flags and variables.)
struct ServeSettings {
    var host: String
    var port: Int
    /// The token given (not yet generated): none when neither a flag, a variable nor the file sets one.
    var token: String?
    var roots: [String]
    var watch: Bool
    var poll: Double?
    var sessionTarget: Int?
    var traceRequests: Bool

    /// Every setting, by its key in the file, its flag and its variable.
    static let names = [
        SettingName(key: "host", flag: "--host", variable: "WORDCOUNTER_SERVE_HOST"),
        SettingName(key: "port", flag: "--port", variable: "WORDCOUNTER_SERVE_PORT"),
        SettingName(key: "token", flag: "--token", variable: "WORDCOUNTER_TOKEN"),
        SettingName(key: "roots", flag: "--root", variable: "WORDCOUNTER_SERVE_ROOTS"),
        SettingName(key: "watch", flag: "--watch", variable: "WORDCOUNTER_SERVE_WATCH"),
        SettingName(key: "poll", flag: "--poll", variable: "WORDCOUNTER_SERVE_POLL"),
        SettingName(key: "sessionTarget", flag: "--session-target", variable: "WORDCOUNTER_SERVE_SESSION_TARGET"),
        SettingName(key: "traceRequests", flag: "--trace-requests", variable: "WORDCOUNTER_SERVE_TRACE_REQUESTS"),
    ]
    /// The variable that names the configuration file when `--config` does not.
    static let fileVariable = "WORDCOUNTER_SERVE_CONFIG"

    /// Reads the settings and checks them, naming where a bad one came from.
    init(from sources: SettingsSources) throws(SettingsError) {
        self = try sources.read { config throws(SettingsError) in
            ServeSettings(
                host: config.string(forKey: "host", default: "127.0.0.1"),
                port: config.int(forKey: "port", default: 8080),
                token: config.string(forKey: "token").flatMap { $0.isEmpty ? nil : $0 },
                roots: config.stringArray(forKey: "roots", default: []),
                watch: config.bool(forKey: "watch", default: true),
                poll: config.double(forKey: "poll"), sessionTarget: config.int(forKey: "sessionTarget"),
                traceRequests: config.bool(forKey: "traceRequests", default: false))
        }
        if let poll, !(poll.isFinite && poll >= 0.01 && poll <= 86_400) {
            throw sources.invalid("poll", "takes a number of seconds from 0.01 to 86400, such as 2 or 0.5.")
        }
        guard (0...65_535).contains(port) else { throw sources.invalid("port", "must be between 0 and 65535") }
        if let sessionTarget, sessionTarget <= 0 {
            throw sources.invalid("sessionTarget", "takes a number of words of at least 1, not \(sessionTarget)")
        }
        if let token, AccessToken(token) == nil {
            throw sources.invalid(
                "token", "must be at least 16 characters of letters, digits, - _ . or ~ (it travels in URLs)")
        }
    }

    private init(
        host: String, port: Int, token: String?, roots: [String], watch: Bool, poll: Double?, sessionTarget: Int?,
        traceRequests: Bool
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.roots = roots
        self.watch = watch
        self.poll = poll
        self.sessionTarget = sessionTarget
        self.traceRequests = traceRequests
    }
}
