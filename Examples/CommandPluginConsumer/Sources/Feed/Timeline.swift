import Foundation
import PagegenRuntime

/// A reader's timeline: the stories of a section, fetched through `NewsAPI.Client`,
/// which the PagegenCommand plugin generated from `news.pagegen.yaml` into
/// `Generated/` (committed with the package, so building Feed runs no generator).
///
/// ```swift
/// let timeline = Timeline(apiKey: "…")
/// for story in try await timeline.topStories(in: "science", minimumScore: 100, limit: 10) {
///     print(story.headline)
/// }
/// ```
public struct Timeline: Sendable {
    /// A story as the timeline shows it.
    public struct Entry: Sendable, Hashable {
        /// The story's headline.
        public var headline: String
        /// When it was published.
        public var published: Date
        /// Its score.
        public var score: Int

        /// Creates an entry.
        public init(headline: String, published: Date, score: Int) {
            self.headline = headline
            self.published = published
            self.score = score
        }
    }

    /// The generated client (`internal` access, set in pagegen-config.yaml).
    let news: NewsAPI.Client

    /// Creates a timeline that reads the feed through `transport`.
    public init(apiKey: String? = nil, transport: any HTTPTransport = URLSessionTransport()) {
        news = NewsAPI.Client(apiKey: apiKey, transport: transport)
    }

    /// The first `limit` stories of a section scoring at least `minimumScore`,
    /// following the feed's cursor from page to page as far as needed.
    public func topStories(in section: String, minimumScore: Int? = nil, limit: Int) async throws(APIError) -> [Entry] {
        var entries: [Entry] = []
        guard limit > 0 else { return entries }
        for try await story in news.allStories(section: section, minScore: minimumScore) {
            entries.append(Entry(headline: story.headline, published: story.published, score: story.score))
            if entries.count == limit { break }
        }
        return entries
    }

    /// How many pages the whole section spans, fetching them all.
    public func pageCount(of section: String) async throws(APIError) -> Int {
        var count = 0
        for try await _ in news.storiesPages(section: section) {
            count += 1
        }
        return count
    }
}
