import PagegenYAML
import Testing

@testable import PagegenImport

/// The Fern overrides merge, on trees: what merges, what replaces, what is removed,
/// and which parts are recorded as the overrides'.
@Suite struct OverridesMergeTests {
    func merge(_ base: String, _ overrides: String) throws -> (Node, Set<JSONPointer>) {
        var merge = OverridesMerge()
        let result = merge.merge(try #require(try YAMLParser.parse(base)), try #require(try YAMLParser.parse(overrides)))
        return (result, merge.overridden)
    }

    @Test func mappingsMergeDeeplyAndNewKeysComeLast() throws {
        let (result, overridden) = try merge(
            """
            paths:
              /a:
                get: { operationId: a, summary: old }
            """,
            """
            paths:
              /a:
                get: { summary: new, x-fern-pagination: { offset: $request.page } }
              /b:
                get: { operationId: b }
            """)
        let get = try #require(result.node(at: JSONPointer(["paths", "/a", "get"])))
        #expect(get.keys == ["operationId", "summary", "x-fern-pagination"])
        #expect(get["summary"]?.scalarText == "new")
        #expect(result["paths"]?.keys == ["/a", "/b"])
        #expect(
            overridden == [
                JSONPointer(["paths", "/a", "get", "summary"]), JSONPointer(["paths", "/a", "get", "x-fern-pagination"]),
                JSONPointer(["paths", "/b"]),
            ])
    }

    @Test func parametersMergeByNameAndLocation() throws {
        let (result, _) = try merge(
            """
            parameters:
              - { name: v, in: header, schema: { type: string } }
              - { name: q, in: query }
            """,
            """
            parameters:
              - { name: q, in: query, required: true }
              - { name: page, in: query }
            """)
        let items = try #require(result["parameters"]?.items)
        #expect(items.map { $0["name"]?.scalarText } == ["v", "q", "page"])
        #expect(items[1]["required"]?.isTrue == true)
        #expect(items[0]["schema"] != nil)
    }

    @Test func otherListsMergeByPositionAndScalarListsAreReplaced() throws {
        let (result, _) = try merge(
            """
            servers: [{ url: a, description: first }, { url: b }]
            tags: [x, y, z]
            """,
            """
            servers: [{ url: c }]
            tags: [w]
            """)
        #expect(result["servers"]?.items?.map { $0["url"]?.scalarText } == ["c", "b"])
        #expect(result["servers"]?.items?.first?["description"]?.scalarText == "first")
        #expect(result["tags"]?.items?.compactMap(\.scalarText) == ["w"])
    }

    @Test func nullInTheOverridesRemovesTheKey() throws {
        let (result, _) = try merge("a: 1\nb: { c: 2, d: 3 }\n", "b: { c: null }\n")
        #expect(result["b"]?.keys == ["d"])
        #expect(result["a"]?.scalarText == "1")
    }
}
