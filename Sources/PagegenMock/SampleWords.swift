/// The word lists realistic values are made of.
enum SampleWords {
    static let firstNames = [
        "Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "Edsger",
        "Radia", "Tim", "Hedy", "John", "Katherine", "Donald", "Sophie", "Guido", "Annie", "Bjarne",
        "Carol", "Niklaus", "Evelyn", "Leslie", "Mary", "Yukihiro", "Jean", "Anders", "Lynn", "Chris",
    ]
    static let lastNames = [
        "Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen",
        "Dijkstra", "Perlman", "Berners-Lee", "Lamarr", "McCarthy", "Johnson", "Knuth", "Wilson", "van Rossum",
        "Easley", "Stroustrup", "Shaw", "Wirth", "Boyd", "Lamport", "Keller", "Matsumoto", "Sammet", "Hejlsberg",
        "Conway", "Lattner",
    ]
    static let companies = [
        "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Soylent", "Stark", "Wayne", "Wonka",
        "Cyberdyne", "Tyrell", "Aperture", "Massive Dynamic", "Oscorp", "Pied Piper",
    ]
    static let companySuffixes = ["Inc.", "Ltd.", "GmbH", "Labs", "& Co.", "Industries", "Systems"]
    static let adjectives = [
        "quiet", "bright", "rapid", "golden", "hidden", "silver", "ancient", "modern", "gentle", "bold",
        "crimson", "lucky", "frozen", "wild", "clever", "hollow", "velvet", "electric", "humble", "brave",
    ]
    static let nouns = [
        "harbor", "river", "garden", "engine", "lantern", "meadow", "signal", "compass", "orchard", "canyon",
        "island", "rocket", "library", "kettle", "bridge", "forest", "comet", "atlas", "pixel", "falcon",
        "mug", "lamp", "chair", "notebook", "backpack", "teapot", "keyboard", "jacket", "bicycle", "camera",
    ]
    static let verbs = [
        "ships", "updates", "explains", "improves", "reviews", "announces", "fixes", "compares", "introduces",
        "measures", "rethinks", "tests", "builds", "debugs", "streams",
    ]
    static let topics = [
        "Swift concurrency", "pagination", "cursor APIs", "offline sync", "async sequences", "caching",
        "rate limits", "structured logging", "server-side Swift", "list performance", "data modeling",
        "API design", "error handling", "testing strategies", "code generation",
    ]
    static let sentences = [
        "A short look at what changed and why it matters.",
        "Everything you need to know, in five minutes.",
        "We measured it so you do not have to.",
        "Notes from a week of building the same thing twice.",
        "The fix was one line; finding it took three days.",
        "Small steps, each one tested, add up quickly.",
        "What the documentation does not tell you.",
        "A practical guide with examples you can run.",
        "Lessons learned from running this in production.",
        "Why the simple version turned out to be the fast one.",
    ]
    static let currencies = ["USD", "EUR", "GBP", "JPY", "CHF", "CAD"]
    static let mapKeys = ["plan", "source", "region", "tier", "team", "campaign", "channel"]
    static let statuses = ["active", "pending", "archived", "open", "closed"]
    static let actions = [
        "user.login", "user.logout", "repo.created", "repo.deleted", "member.invited", "settings.changed",
        "key.rotated", "file.uploaded",
    ]
    static let timeZones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Europe/London", "America/Los_Angeles"]
    static let locales = ["en-US", "de-DE", "fr-FR", "ja-JP", "en-GB", "es-ES"]
    static let countries = ["US", "DE", "FR", "JP", "GB", "ES", "CA", "BR"]
    static let cities = ["Berlin", "Lisbon", "Osaka", "Toronto", "Austin", "Melbourne", "Oslo", "Porto"]
    static let streets = ["Market Street", "Elm Avenue", "Harbor Road", "Station Square", "Mill Lane"]
}
