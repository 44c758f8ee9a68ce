import Foundation
import PagegenRuntime

/// A field's JSON name split into lower-case words: `avatar_url` → `avatar url`,
/// `publishedAt` → `published at`, `objectID` → `object id`.
struct FieldName: Sendable, Hashable {
    /// The name as on the wire.
    let raw: String
    /// The words, lower-cased.
    let words: [String]
    /// The name of the model the field belongs to, if any.
    let model: String?

    init(_ raw: String, model: String? = nil) {
        self.raw = raw
        self.model = model
        self.words = raw.utf8.allSatisfy { $0 < 0x80 } ? Self.asciiWords(raw) : Self.words(raw)
    }

    /// Splits at `_ - . $` and spaces, and before an upper-case letter that follows a
    /// lower-case one or a digit (`createdAt`, `page2Size`); lower-cases the words.
    private static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in raw {
            if character == "_" || character == "-" || character == "." || character == " " || character == "$" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                if !current.isEmpty { words.append(current) }
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// ``words(_:)`` for ASCII names (every name a spec has in practice), on bytes:
    /// the data generator splits every field name of every item it makes.
    private static func asciiWords(_ raw: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        for byte in raw.utf8 {
            let isUpper = (0x41...0x5A).contains(byte)
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "), UInt8(ascii: "$"):
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            default:
                if isUpper, let previous, (0x61...0x7A).contains(previous) || (0x30...0x39).contains(previous) {
                    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                    current.removeAll(keepingCapacity: true)
                }
                current.append(isUpper ? byte + 0x20 : byte)
            }
            previous = byte
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// True when any word is one of `candidates`.
    func has(_ candidates: String...) -> Bool {
        words.contains { candidates.contains($0) }
    }

    /// The last word.
    var last: String { words.last ?? "" }

    /// True for `id`, `user_id`, `objectID`, and the global and string ids of Asana
    /// (`gid`) and Twilio (`sid`, `account_sid`).
    var isIdentifierLike: Bool { ["id", "uuid", "guid", "gid", "sid"].contains(last) }

    /// The model's name in snake case: `CustomerList` → `customer_list`.
    var modelSnake: String { FieldName(model ?? "item").words.joined(separator: "_") }
}

/// Realistic values chosen by a field's name: ids, names, emails, URLs, prices,
/// titles, counts, flags. Every function draws from `random` only, so values are
/// stable for a seed.
enum FieldHeuristics {
    static let personModels: Set<String> = [
        "user", "member", "customer", "person", "author", "artist", "owner", "contact", "employee",
        "profile", "account", "creator", "actor", "buyer", "seller", "player", "student", "teacher", "people",
    ]
    static let companyModels: Set<String> = ["manufacturer", "company", "brand", "vendor", "organization", "org", "supplier", "publisher"]

    // MARK: Strings

    static func string(_ name: FieldName, host: String, random: inout SeededRandom) -> String {
        let modelWords = FieldName(name.model ?? "").words
        if name.isIdentifierLike {
            let prefixSource = name.words.count > 1 ? name.words[name.words.count - 2] : (modelWords.first ?? "obj")
            return "\(prefixSource.prefix(3))_\(randomToken(random: &random, length: 14))"
        }
        if name.has("email", "mail") || (modelWords.contains("email") && name.has("address")) { return email(random: &random) }
        if name.has("avatar", "image", "photo", "picture", "thumbnail", "icon", "logo") { return imageURL(name, random: &random) }
        if name.last == "uri" {
            return
                "\(host.split(separator: ".").dropLast().last ?? "api"):\(name.modelSnake):\(randomToken(random: &random, length: 22, alphabet: base62))"
        }
        if name.has("url", "href", "link", "website", "homepage", "permalink") { return url(name, host: host, random: &random) }
        if name.has("at", "date", "timestamp", "time", "created", "updated", "modified") {
            return ISO8601.format(Date(timeIntervalSince1970: recentSeconds(random: &random)))
        }
        if name.has("login", "username", "handle", "screen", "nick", "by", "actor", "creator", "owner", "author", "user", "sender") {
            return username(random: &random)
        }
        if name.words.contains("name") {
            if name.has("first", "given") { return random.pick(SampleWords.firstNames) }
            if name.has("last", "family", "sur") { return random.pick(SampleWords.lastNames) }
            if name.has("full", "real", "display") { return personName(random: &random) }
            if name.has("user", "screen") { return username(random: &random) }
            if modelWords.contains(where: { personModels.contains($0) }) { return personName(random: &random) }
            if modelWords.contains(where: { companyModels.contains($0) }) { return companyName(random: &random) }
            if modelWords.contains(where: {
                ["channel", "room", "group", "team", "tag", "label", "topic", "repo", "repository"].contains($0)
            }) {
                return "\(random.pick(SampleWords.adjectives))-\(random.pick(SampleWords.nouns))"
            }
            if modelWords.contains(where: { ["track", "song", "album", "playlist", "book", "movie", "episode", "game"].contains($0) }) {
                return "\(random.pick(SampleWords.adjectives).capitalized) \(random.pick(SampleWords.nouns).capitalized)"
            }
            return "\(random.pick(SampleWords.adjectives).capitalized) \(random.pick(SampleWords.nouns).capitalized)"
        }
        if name.has("title", "headline", "subject", "caption", "heading") { return title(random: &random) }
        if name.has(
            "summary", "description", "body", "text", "content", "comment", "message", "bio", "about", "note", "excerpt", "value",
            "selftext")
        {
            let count = random.int(1...3)
            return (0..<count).map { _ in random.pick(SampleWords.sentences) }.joined(separator: " ")
        }
        if name.has("symbol", "ticker") { return randomToken(random: &random, length: random.int(3...4), alphabet: upper) }
        if name.has("currency") { return random.pick(SampleWords.currencies) }
        if name.has("color", "colour") { return randomToken(random: &random, length: 6, alphabet: hex) }
        if name.has("tz", "timezone", "zone") { return random.pick(SampleWords.timeZones) }
        if name.has("locale", "locales", "language", "lang") { return random.pick(SampleWords.locales) }
        if name.has("country") { return random.pick(SampleWords.countries) }
        if name.has("city", "town") { return random.pick(SampleWords.cities) }
        if name.has("address", "street") { return "\(random.int(1...200)) \(random.pick(SampleWords.streets))" }
        if name.has("zip", "postal", "postcode") { return String(random.int(10000...99999)) }
        if name.has("phone", "mobile", "tel") { return "+1 555 01\(random.int(10...99))" }
        if name.has("status", "state") { return random.pick(SampleWords.statuses) }
        if name.has("kind", "type", "object", "category") { return name.modelSnake }
        if name.has("slug") { return "\(random.pick(SampleWords.adjectives))-\(random.pick(SampleWords.nouns))-\(random.int(1...99))" }
        if name.has("token", "secret", "hash", "sha", "etag", "checksum", "digest", "fingerprint") {
            return randomToken(random: &random, length: 32, alphabet: hex)
        }
        if name.has("version") { return "\(random.int(1...5)).\(random.int(0...20)).\(random.int(0...9))" }
        if name.has("ip") { return "192.0.2.\(random.int(1...254))" }
        if name.has("action", "event", "verb", "activity") { return random.pick(SampleWords.actions) }
        if name.has("label", "tag", "tags", "labels", "keyword", "keywords", "topic", "genre") { return random.pick(SampleWords.nouns) }
        if name.has("code") { return randomToken(random: &random, length: 6, alphabet: upper) }
        return "\(random.pick(SampleWords.adjectives)) \(random.pick(SampleWords.nouns))"
    }

    // MARK: Numbers and flags

    static func int(_ name: FieldName, random: inout SeededRandom) -> Int {
        if name.has("error", "errors", "errno") { return 0 }
        if name.isIdentifierLike { return random.int(1000...9_999_999) }
        if name.has("duration") && name.has("ms", "millis", "milliseconds") { return random.int(90_000...420_000) }
        if name.has("ms", "millis", "milliseconds") && name.has("processing", "took", "elapsed", "latency") { return random.int(1...250) }
        if name.has("at", "timestamp", "time", "created", "updated", "date", "utc") {
            let seconds = Int(recentSeconds(random: &random))
            return name.has("ms", "millis", "milliseconds") ? seconds * 1000 : seconds
        }
        if name.has("balance") { return random.int(-5000...50000) }
        if name.has("price", "amount", "cost", "fee", "cents") { return random.int(100...99999) }
        if name.has("ms", "millis", "milliseconds") { return random.int(90_000...420_000) }
        if name.has("duration", "seconds", "secs", "length") { return random.int(30...3600) }
        if name.has("age") { return random.int(18...90) }
        if name.has("year") { return random.int(1990...2025) }
        if name.has("month") { return random.int(1...12) }
        if name.has("day") { return random.int(1...28) }
        if name.has("disc") { return random.int(1...2) }
        if name.has("track") { return random.int(1...20) }
        if name.has("rank", "position", "order", "index", "number", "no", "priority") { return random.int(1...1000) }
        if name.has("score", "karma", "points", "ups", "downs") { return random.int(0...1000) }
        if name.has(
            "count", "total", "num", "comments", "followers", "following", "likes", "views", "descendants",
            "members", "stars", "votes", "replies", "size", "quantity", "qty", "stock", "downloads")
        {
            return random.int(0...5000)
        }
        if name.has("width", "height") { return random.int(100...2000) }
        if name.has("page", "per", "limit", "offset", "start") { return random.int(1...100) }
        return random.int(0...1000)
    }

    static func double(_ name: FieldName, random: inout SeededRandom) -> Double {
        if name.has("price", "amount", "cost", "fee", "total", "subtotal", "tax") { return round(random.double(0.99...999.99), 2) }
        if name.has("percent", "change", "ratio", "rate", "pct") { return round(random.double(-25...25), 2) }
        if name.has("volume", "market", "cap", "supply") { return round(random.double(100_000...10_000_000_000), 2) }
        if name.has("lat", "latitude") { return round(random.double(-90...90), 5) }
        if name.has("lng", "lon", "long", "longitude") { return round(random.double(-180...180), 5) }
        if name.has("rating", "stars") { return round(random.double(1...5), 1) }
        if name.has("score") { return round(random.double(0...100), 1) }
        if name.has("weight") { return round(random.double(0.1...50), 2) }
        return round(random.double(0...1000), 2)
    }

    static func bool(_ name: FieldName, random: inout SeededRandom) -> Bool {
        if name.has("ok", "success", "succeeded") { return true }
        if name.has("livemode", "test", "sandbox") { return false }
        if name.has(
            "deleted", "dead", "archived", "private", "disabled", "banned", "delinquent", "bot", "explicit",
            "spam", "locked", "blocked", "nsfw", "hidden", "suspended", "deprecated")
        {
            return random.chance(0.15)
        }
        if name.has("active", "enabled", "verified", "public", "available", "visible", "stock", "open", "channel") {
            return random.chance(0.8)
        }
        return random.chance(0.5)
    }

    // MARK: Composite values

    static func mapKeys(_ name: FieldName, random: inout SeededRandom) -> [String] {
        if name.has("quote", "quotes", "price", "prices", "rates", "rate", "currency", "currencies", "amounts", "fx") {
            return ["USD"] + Array(SampleWords.currencies.dropFirst().shuffled(using: &random).prefix(random.int(0...2)))
        }
        let count = random.int(1...3)
        return Array(SampleWords.mapKeys.shuffled(using: &random).prefix(count))
    }

    static func arrayCount(_ name: FieldName, depth: Int, random: inout SeededRandom) -> Int {
        if depth >= 3 { return random.int(0...1) }
        if name.has("tags", "labels", "kids", "children", "keywords", "topics", "genres") { return random.int(0...4) }
        return random.int(1...3)
    }

    // MARK: Pieces

    static func personName(random: inout SeededRandom) -> String {
        "\(random.pick(SampleWords.firstNames)) \(random.pick(SampleWords.lastNames))"
    }

    static func companyName(random: inout SeededRandom) -> String {
        "\(random.pick(SampleWords.companies)) \(random.pick(SampleWords.companySuffixes))"
    }

    static func username(random: inout SeededRandom) -> String {
        "\(random.pick(SampleWords.firstNames).lowercased())_\(random.pick(SampleWords.lastNames).lowercased().filter(\.isLetter))\(random.int(1...99))"
    }

    static func email(random: inout SeededRandom) -> String {
        let first = random.pick(SampleWords.firstNames).lowercased()
        let last = random.pick(SampleWords.lastNames).lowercased().filter(\.isLetter)
        return "\(first).\(last)\(random.int(1...99))@example.com"
    }

    static func title(random: inout SeededRandom) -> String {
        switch random.int(0...2) {
        case 0: "\(random.pick(SampleWords.firstNames)) \(random.pick(SampleWords.verbs)) \(random.pick(SampleWords.topics))"
        case 1: "A \(random.pick(SampleWords.adjectives)) guide to \(random.pick(SampleWords.topics))"
        default: "\(random.pick(SampleWords.topics).capitalizedFirst) in \(random.int(3...12)) steps"
        }
    }

    static func url(_ name: FieldName, host: String, random: inout SeededRandom) -> String {
        if name.has("website", "homepage", "blog") {
            return "https://www.\(random.pick(SampleWords.companies).lowercased().filter(\.isLetter)).example"
        }
        let resource = name.modelSnake.replacingOccurrences(of: "_", with: "-")
        return "https://\(host)/\(resource)s/\(random.int(1000...999_999))"
    }

    static func imageURL(_ name: FieldName, random: inout SeededRandom) -> String {
        if name.has("avatar") { return "https://avatars.example.com/u/\(random.int(1000...9_999_999))?v=4" }
        return "https://images.example.com/\(name.modelSnake)/\(randomToken(random: &random, length: 12, alphabet: hex)).jpg"
    }

    /// Seconds since 1970 of a moment between 2023-01-01 and 2025-06-30.
    static func recentSeconds(random: inout SeededRandom) -> Double {
        Double(random.int(1_672_531_200...1_751_241_600))
    }

    static let base36 = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    static let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let hex = Array("0123456789abcdef")
    static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    static func randomToken(random: inout SeededRandom, length: Int, alphabet: [Character] = base36) -> String {
        String((0..<length).map { _ in random.pick(alphabet) })
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

extension String {
    /// The text with its first character upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
