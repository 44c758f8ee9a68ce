import Testing

@testable import PagegenCore

/// "did you mean …?" hints.
@Suite struct SuggestionTests {
    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(Suggestion.editDistance("offset", "offset") == 0)
        #expect(Suggestion.editDistance("Strng", "String") == 1)
        #expect(Suggestion.editDistance("cursors", "cursor") == 1)
        #expect(Suggestion.editDistance("page", "pane") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("abc", "") == 3)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(Suggestion.editDistance("offest", "offset") == 1)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
    }

    @Test func theClosestCandidateWins() {
        #expect(Suggestion.closest(to: "offest", in: ["page", "offset", "cursor", "next", "ids"]) == "offset")
        #expect(Suggestion.closest(to: "Strng", in: TypeReference.builtins) == "String")
        #expect(Suggestion.closest(to: "endpoint", in: ["models", "endpoints", "name"]) == "endpoints")
    }

    @Test func caseIsIgnoredWhenComparing() {
        #expect(Suggestion.closest(to: "string", in: TypeReference.builtins) == "String")
        #expect(Suggestion.closest(to: "BASEURL", in: ["baseURL", "name"]) == "baseURL")
    }

    @Test func farCandidatesAreNotSuggested() {
        #expect(Suggestion.closest(to: "xyz", in: ["offset", "cursor"]) == nil)
        #expect(Suggestion.closest(to: "anything", in: []) == nil)
        #expect(Suggestion.didYouMean("xyz", in: ["offset"]) == nil)
    }

    @Test func theLimitIsAThirdOfTheWordAndAtLeastTwo() {
        // Two edits are always allowed.
        #expect(Suggestion.closest(to: "ab", in: ["xy"]) == "xy")
        #expect(Suggestion.closest(to: "abc", in: ["xyz"]) == nil)
        // Nine letters allow three edits, not four.
        #expect(Suggestion.closest(to: "abcdefghi", in: ["abcdefxyz"]) == "abcdefxyz")
        #expect(Suggestion.closest(to: "abcdefghi", in: ["abcdewxyz"]) == nil)
    }

    @Test func theFirstOfEquallyCloseCandidatesWins() {
        #expect(Suggestion.closest(to: "pag", in: ["page", "pay"]) == "page")
    }

    @Test func theHintIsPhrasedAsAQuestion() {
        #expect(Suggestion.didYouMean("offest", in: ["offset"]) == "did you mean 'offset'?")
    }
}
