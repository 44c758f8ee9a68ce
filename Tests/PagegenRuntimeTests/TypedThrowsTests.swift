import Foundation
import PagegenRuntime
import Testing

/// `for try await` over the paging sequences throws `APIError`, not `any Error`.
@Suite struct TypedThrowsTests {
    static func failingLoader() -> PageLoader<Int> {
        PageLoader(pageSize: 2, firstKey: .number(1)) { key in
            if key == .number(1) {
                return .success(Page(items: [1, 2], key: key, next: .number(2)))
            }
            return .failure(APIError(.httpStatus(code: 503, body: Data()), page: "\(key)"))
        }
    }

    /// Drains the items; the catch clause receives an `APIError` without a cast.
    static func drain(_ items: ItemSequence<Int>) async -> (items: [Int], error: APIError?) {
        var received: [Int] = []
        do {
            for try await item in items { received.append(item) }
            return (received, nil)
        } catch {
            let typed: APIError = error
            return (received, typed)
        }
    }

    @Test func itemSequencesThrowAPIError() async {
        let (items, error) = await Self.drain(ItemSequence(Self.failingLoader()))
        #expect(items == [1, 2])
        #expect(error?.statusCode == 503)
        #expect(error?.page == "page 2")
    }
}
