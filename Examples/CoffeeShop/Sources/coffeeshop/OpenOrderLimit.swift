import ArgumentParser
import CoffeeShop

/// How long an order may stay open before it is cancelled, as `--cancel-open-after` and
/// `COFFEESHOP_CANCEL_OPEN_AFTER` give it: `45m`, `1h`, `1h30m`, `90s`; `off` (or `0`) for ever.
/// A bare number is refused: 60 could be seconds or minutes.
struct OpenOrderLimit: Equatable {
    /// The longest limit: a week, far past any order a counter forgets.
    static let longest = 7 * 24 * 60 * 60

    /// The limit, nil when orders may stay open for ever.
    let duration: Duration?

    init(duration: Duration?) {
        self.duration = duration
    }

    /// Reads `45m`, `1h30m`, `90s`, `2h`, `off` or `0` (or `0m`); nil for anything else.
    init?(_ argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "off" || text == "0" {
            self.init(duration: nil)
            return
        }
        var seconds = 0
        var digits = ""
        var units: Set<Character> = []
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                guard digits.count <= 7 else { return nil }
                continue
            }
            let factor: Int
            switch character {
            case "h": factor = 60 * 60
            case "m": factor = 60
            case "s": factor = 1
            default: return nil
            }
            guard let value = Int(digits), units.insert(character).inserted else { return nil }
            seconds += value * factor
            digits = ""
        }
        guard digits.isEmpty, !units.isEmpty, seconds <= Self.longest else { return nil }
        self.init(duration: seconds == 0 ? nil : .seconds(seconds))
    }

    /// What a bad limit is told, naming where it came from.
    static func explanation(_ text: String, from source: String) -> String {
        "\(source) takes how long an order may stay open, such as 45m, 1h, 1h30m or 90s (at most 168h), "
            + "or off; not \"\(text)\""
    }

    /// The limit a command uses: `option` (`--cancel-open-after`) when given, else
    /// `COFFEESHOP_CANCEL_OPEN_AFTER`, else an hour.
    /// - Throws: `ValidationError` naming the option or the variable that is not a limit.
    static func chosen(_ option: String?, environment: [String: String]) throws -> Duration? {
        let (text, source): (String, String)
        if let option {
            (text, source) = (option, "--cancel-open-after")
        } else if let variable = environment["COFFEESHOP_CANCEL_OPEN_AFTER"], !variable.isEmpty {
            (text, source) = (variable, "COFFEESHOP_CANCEL_OPEN_AFTER")
        } else {
            return CoffeeShopServices.standardOpenLimit
        }
        guard let limit = OpenOrderLimit(text) else { throw ValidationError(explanation(text, from: source)) }
        return limit.duration
    }
}
