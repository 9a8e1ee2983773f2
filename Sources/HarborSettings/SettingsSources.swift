public import Configuration
public import Foundation
import SystemPackage

/// Where a server's settings come from, in order of precedence: the flags given on its command
/// line, then its environment variables, then a JSON configuration file when one is named, then
/// the defaults the server reads them with.
///
/// Argument Parser parses the command line; the flags it saw are the first provider of
/// ``reader``. An empty environment variable counts as unset. Lists in a variable are separated
/// by `:`, as in `PATH`. The file holds one JSON object whose keys are the settings' keys; a key
/// it does not know is refused, as is a value of the wrong type (naming the key and the file).
///
/// Read every setting inside ``read(_:)``: a value that cannot be converted (`HARBOR_STORE_PORT=abc`)
/// is then thrown as a ``SettingsError`` naming its key and where it came from, instead of the
/// default `ConfigReader` answers with.
public struct SettingsSources: Sendable {
    /// The reader over the flags, the environment, the file, in that order.
    public let reader: ConfigReader
    /// The configuration file read, when one was named.
    public let file: String?
    private let names: [String: SettingName]
    private let flagKeys: Set<String>
    private let environment: [String: String]
    private let fileValues: [String: String]
    private let problems: ReadProblems

    /// Gathers the sources.
    ///
    /// - Parameters:
    ///   - settings: every setting the server reads.
    ///   - flags: the values of the flags given on the command line, by key (not those left out).
    ///   - file: the configuration file's flag, `--config`, and its value when given.
    ///   - fileVariable: the environment variable that names the file when the flag does not.
    ///   - environment: the process's environment.
    /// - Throws: ``SettingsError`` when the file named cannot be read, is not a JSON object, or
    ///   holds a key that is not a setting.
    public init(
        settings: [SettingName], flags: [String: ConfigContent], file: (flag: String, value: String?),
        fileVariable: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(SettingsError) {
        let environment = environment.filter { !$0.value.isEmpty }
        let names = Dictionary(settings.map { ($0.key, $0) }) { first, _ in first }
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, content) in flags { values[AbsoluteConfigKey([key])] = ConfigValue(content, isSecret: false) }
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: values),
            EnvironmentVariablesProvider(environmentVariables: environment, arraySeparator: ":").mapKeys { key in
                // The variable named for the setting, read as it is spelled (one component).
                names[key.components.joined(separator: ".")].map { AbsoluteConfigKey([$0.variable]) } ?? key
            },
        ]
        let path = file.value.flatMap { $0.isEmpty ? nil : $0 } ?? environment[fileVariable]
        var fileValues: [String: String] = [:]
        if let path {
            let origin = file.value?.isEmpty == false ? file.flag : fileVariable
            fileValues = try Self.check(file: path, from: origin, settings: names)
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
            } catch {
                throw SettingsError(key: nil, "the configuration file \(path) (\(origin)) cannot be read: \(error)")
            }
        }
        let problems = ReadProblems()
        self.reader = ConfigReader(providers: providers, accessReporter: problems)
        self.file = path
        self.names = names
        self.flagKeys = Set(flags.keys)
        self.environment = environment
        self.fileValues = fileValues
        self.problems = problems
    }

    /// Runs `body`, which reads the settings from ``reader``, then throws the first value read that
    /// could not be used.
    public func read<Settings>(_ body: (ConfigReader) throws(SettingsError) -> Settings) throws(SettingsError)
        -> Settings
    {
        let settings = try body(reader)
        if let problem = problems.seen.first { throw refusal(of: problem) }
        return settings
    }

    /// Where `key`'s value comes from, as a user would name it: its flag, its variable, the key in
    /// the file, or nil for the default.
    public func origin(of key: String) -> String? {
        guard let name = names[key] else { return nil }
        if flagKeys.contains(key) { return name.flag }
        if environment[name.variable] != nil { return name.variable }
        if let file, fileValues[key] != nil { return "\"\(key)\" in \(file)" }
        return nil
    }

    /// A refusal of `key`'s value: "--port must be 0 to 65535, not 70000", naming the flag, the
    /// variable or the file it came from.
    public func invalid(_ key: String, _ reason: String) -> SettingsError {
        SettingsError(key: key, "\(origin(of: key) ?? "the default \(key)") \(reason)")
    }

    private func refusal(of event: AccessEvent) -> SettingsError {
        let key = event.metadata.key.components.joined(separator: ".")
        let expected = Self.expectation(event.metadata.valueType)
        // The providers answer in order, so a result's position is its provider's: 0 the flags,
        // 1 the environment, 2 the file.
        let failed = event.providerResults.firstIndex { if case .failure = $0.result { true } else { false } }
        let source = failed ?? max(0, event.providerResults.count - 1)
        switch (source, names[key]) {
        case (1, let name?):
            let value = environment[name.variable] ?? ""
            return SettingsError(key: key, "\(name.variable) must be \(expected), not '\(value)'")
        case (2, _):
            let value = fileValues[key].map { ", not \($0)" } ?? ""
            return SettingsError(
                key: key, "\"\(key)\" in \(file ?? "the configuration file") must be \(expected)\(value)")
        case (_, let name?):
            return SettingsError(key: key, "\(name.flag) must be \(expected)")
        case (_, nil):
            return SettingsError(key: key, "\(key) must be \(expected)")
        }
    }

    private static func expectation(_ type: ConfigType) -> String {
        switch type {
        case .string: "a string"
        case .int: "a whole number"
        case .double: "a number"
        case .bool: "true or false"
        case .stringArray: "a list of strings"
        case .intArray: "a list of whole numbers"
        case .doubleArray: "a list of numbers"
        case .boolArray: "a list of true or false"
        case .bytes, .byteChunkArray: "base64 bytes"
        }
    }

    /// Reads the file as a user would want it checked: there, readable, one JSON object, every key
    /// a setting. Answers its values as JSON text, by key, for messages.
    private static func check(
        file path: String, from origin: String, settings: [String: SettingName]
    ) throws(SettingsError) -> [String: String] {
        let named = "the configuration file \(path) (\(origin))"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SettingsError(key: nil, "\(named) does not exist")
        }
        guard !isFolder.boolValue else { throw SettingsError(key: nil, "\(named) is a folder, not a JSON file") }
        guard FileManager.default.isReadableFile(atPath: path),
            let data = FileManager.default.contents(atPath: path)
        else {
            throw SettingsError(key: nil, "\(named) cannot be read: permission denied")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw SettingsError(key: nil, "\(named) is not JSON: \(detail ?? error.localizedDescription)")
        }
        guard let top = object as? [String: Any] else {
            throw SettingsError(key: nil, "\(named) must hold one JSON object, such as {\"port\": 8080}")
        }
        var values: [String: String] = [:]
        var pending = top.map { ($0.key, $0.value) }
        while let (key, value) = pending.popLast() {
            if let object = value as? [String: Any] {
                pending += object.map { ("\(key).\($0.key)", $0.value) }
                continue
            }
            guard settings[key] != nil else {
                let known = settings.keys.sorted().joined(separator: ", ")
                throw SettingsError(key: key, "\(named) has an unknown key \"\(key)\"; the keys are: \(known)")
            }
            guard !(value is NSNull) else { continue }
            let text = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            values[key] = text.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        }
        return values
    }
}
