import Foundation
import PagegenRuntime
import PagegenTestSupport
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lists whose items are removed and edited on the server between requests
/// (`remove=K[/LIMIT]`, `edit=K[/LIMIT]`), in every paging style: totals follow the
/// count, a walk of a list that stays still shows each item once, cursors naming a
/// removed item continue from its place, and the same seed makes the same changes.
@Suite struct ChangingCollectionTests {
    // MARK: Walks of a list that does not change while it is read

    /// Every item's id, as text, from `/articles` (offset and limit) read 3 at a time;
    /// the pages, by offset.
    func walkOffsets(_ server: MockServer) async throws -> (ids: [String], pages: [Int: Answer]) {
        var ids: [String] = []
        var pages: [Int: Answer] = [:]
        while true {
            let page = try await fetch(server, "/articles?offset=\(ids.count)&limit=3")
            #expect(page.status == 200)
            pages[ids.count] = page
            let found = values("id", in: page.array).map { (id: Int) in String(id) }
            if found.isEmpty { return (ids, pages) }
            ids += found
        }
    }

    /// Every issue id from GitLab's page numbers; checks the totals on every page.
    func walkPages(_ server: MockServer) async throws -> [String] {
        var ids: [String] = []
        var page = 1
        while true {
            let answer = try await fetch(server, "/projects/7/issues?page=\(page)&per_page=4")
            #expect(answer.status == 200)
            let total = try #require(answer.header("X-Total").flatMap { Int($0) })
            #expect(answer.header("X-Total-Pages") == String((total + 3) / 4))
            ids += values("id", in: answer.array).map { (id: Int) in String(id) }
            let next = answer.header("X-Next-Page") ?? ""
            if next.isEmpty {
                #expect(ids.count == total, "the pages hold as many items as the total says")
                return ids
            }
            #expect(next == String(page + 1))
            page += 1
        }
    }

    /// Every customer id from Stripe's item cursors, forward from `after` (nil: the start).
    func walkItemCursors(_ server: MockServer, after: String? = nil) async throws -> [String] {
        var ids: [String] = []
        var cursor = after
        while true {
            let answer = try await fetch(server, "/v1/customers?limit=3" + (cursor.map { "&starting_after=\($0)" } ?? ""))
            #expect(answer.status == 200)
            let page: [String] = values("id", in: answer.object["data"] as? [Any] ?? [])
            ids += page
            guard answer.object["has_more"] as? Bool == true, let last = page.last else { return ids }
            cursor = last
        }
    }

    /// Slack's users, with the cursor each page gave out for the next one.
    func walkTokens(_ server: MockServer) async throws -> (ids: [String], cursors: [(after: String, cursor: String)]) {
        var ids: [String] = []
        var cursors: [(after: String, cursor: String)] = []
        var cursor = ""
        while true {
            let answer = try await fetch(server, "/users.list?limit=3&cursor=\(cursor)")
            #expect(answer.status == 200)
            ids += values("id", in: answer.object["members"] as? [Any] ?? [])
            let next = (answer.object["response_metadata"] as? [String: Any])?["next_cursor"] as? String ?? ""
            if next.isEmpty { return (ids, cursors) }
            cursors.append((ids.last ?? "", next))
            cursor = next
        }
    }

    /// GitHub's issues, following the `next` relation of the Link header.
    func walkLinks(_ server: MockServer) async throws -> [String] {
        var ids: [String] = []
        var url = try #require(URL(string: server.baseURL.absoluteString + "/repos/o/r/issues?per_page=4"))
        while true {
            let answer = try await fetch(url, headers: ["Authorization": "Bearer t0ken"])
            #expect(answer.status == 200)
            ids += values("id", in: answer.array).map { (id: Int) in String(id) }
            guard let link = answer.header("Link"), let next = try LinkHeader(parsing: link).links["next"] else { return ids }
            url = try #require(URL(string: next))
        }
    }

    /// Checks that `after` is `before` without `removed` items, in the same order, with no id twice.
    func expectRemoved(_ removed: Int, from before: [String], to after: [String], _ style: String) {
        #expect(Set(after).count == after.count, "\(style): no item twice in one walk")
        #expect(after.count == before.count - removed, "\(style): \(before.count) items, \(removed) removed: \(after.count) left")
        let kept = Set(after)
        #expect(before.filter { kept.contains($0) } == after, "\(style): the items left keep their order")
    }

    // MARK: Every style

    @Test func offsetsCountAndWalkTheItemsLeft() async throws {
        try await withMock("articles", options: MockOptions(items: 20)) { server in
            let before = try await walkOffsets(server).ids
            #expect(before.count == 20)
            let changing = try await fetch(server, "/articles?limit=1", headers: ["X-Mock-Fault": "remove=4,edit=3"])
            #expect(changing.header("X-Mock-Faults") == "remove, edit")
            let after = try await walkOffsets(server).ids
            expectRemoved(4, from: before, to: after, "offsets")
            let log = await server.requests
            #expect(log.contains { $0.faults == ["remove", "edit"] })
        }
    }

    @Test func pageNumbersCountAndWalkTheItemsLeft() async throws {
        try await withMock("gitlab", options: MockOptions(items: 21)) { server in
            let before = try await walkPages(server)
            #expect(before.count == 21)
            let changing = try await fetch(server, "/projects/7/issues?per_page=1", headers: ["X-Mock-Fault": "remove=6"])
            #expect(changing.header("X-Total") == "15", "the changing request's total counts the removals")
            expectRemoved(6, from: before, to: try await walkPages(server), "page numbers")
        }
    }

    @Test func linksCountAndWalkTheItemsLeft() async throws {
        try await withMock("github", options: MockOptions(items: 22)) { server in
            let before = try await walkLinks(server)
            _ = try await fetch(server, "/repos/o/r/issues?per_page=1", headers: ["X-Mock-Fault": "remove=5,edit=5"])
            expectRemoved(5, from: before, to: try await walkLinks(server), "links")
        }
    }

    @Test func idListsLeaveRemovedIdsOutAndTheirItems404() async throws {
        try await withMock("hackernews", options: MockOptions(items: 30)) { server in
            let before: [Int] = try await fetch(server, "/topstories.json").array.compactMap { $0 as? Int }
            let changed = try await fetch(server, "/topstories.json", headers: ["X-Mock-Fault": "remove=7/7,edit=30/30"])
            let after: [Int] = changed.array.compactMap { $0 as? Int }
            expectRemoved(7, from: before.map(String.init), to: after.map(String.init), "id list")
            let removed = try #require(before.first { !after.contains($0) })
            let gone = try await fetch(server, "/item/\(removed).json")
            #expect(gone.status == 404)
            #expect(gone.message.contains("was removed"), "\(gone.message)")
            let kept = try #require(after.first)
            let item = try await fetch(server, "/item/\(kept).json")
            #expect(item.status == 200)
            #expect(item.object["id"] as? Int == kept)
            #expect(try await fetch(server, "/item/\(before.count + 5).json").status == 404, "an id no list gave out")
        }
    }

    // MARK: Cursors over removed items

    @Test func anItemCursorNamingARemovedItemContinuesFromItsPlace() async throws {
        try await withMock("stripe", options: MockOptions(items: 24)) { server in
            let before = try await walkItemCursors(server)
            #expect(before.count == 24)
            _ = try await fetch(server, "/v1/customers?limit=1", headers: ["X-Mock-Fault": "remove=10"])
            let after = try await walkItemCursors(server)
            expectRemoved(10, from: before, to: after, "item cursors")
            let kept = Set(after)
            let removed = before.filter { !kept.contains($0) }
            #expect(removed.count == 10)
            for id in removed {
                let position = try #require(before.firstIndex(of: id))
                let rest = before[(position + 1)...].filter { kept.contains($0) }
                let walked = try await walkItemCursors(server, after: id)
                #expect(walked == rest, "after the removed \(id): the items that followed it, once each")
                // Going back from it: the page that ends with the item before its place.
                let back = try await fetch(server, "/v1/customers?limit=3&ending_before=\(id)")
                let earlier = before[..<position].filter { kept.contains($0) }
                #expect(values("id", in: back.object["data"] as? [Any] ?? []) == Array(earlier.suffix(3)), "before the removed \(id)")
            }
        }
    }

    @Test func aCursorGivenOutBeforeItsItemWasRemovedContinuesFromItsPlace() async throws {
        try await withMock("slack", options: MockOptions(items: 30)) { server in
            let (before, cursors) = try await walkTokens(server)
            #expect(before.count == 30)
            _ = try await fetch(server, "/users.list?limit=1", headers: ["X-Mock-Fault": "remove=15,drift=2"])
            let after = try await walkTokens(server).ids
            #expect(Set(after).count == after.count)
            #expect(after.count == 30 + 2 - 15)
            let kept = Set(after)
            var namedRemoved = 0
            for (last, cursor) in cursors {
                if !kept.contains(last) { namedRemoved += 1 }
                let answer = try await fetch(server, "/users.list?limit=3&cursor=\(cursor)")
                #expect(answer.status == 200)
                let position = try #require(before.firstIndex(of: last))
                let expected = before[(position + 1)...].filter { kept.contains($0) }.prefix(3)
                #expect(values("id", in: answer.object["members"] as? [Any] ?? []) == Array(expected), "after \(last)")
            }
            #expect(namedRemoved > 0, "some cursors name items that were removed")
        }
    }

    // MARK: Edits

    @Test func anEditedItemKeepsItsIdAndChangesItsPageAndETag() async throws {
        try await withMock("articles", options: MockOptions(items: 30)) { server in
            let (ids, pages) = try await walkOffsets(server)
            _ = try await fetch(server, "/articles?limit=1", headers: ["X-Mock-Fault": "edit=3"])
            let (idsAfter, pagesAfter) = try await walkOffsets(server)
            #expect(idsAfter == ids, "edits keep every id in its place")
            var changedPages = 0
            var changedItems = 0
            for (offset, page) in pages where !page.array.isEmpty {
                let again = try #require(pagesAfter[offset])
                let tag = try #require(page.header("ETag"))
                let items = page.array.map { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
                let itemsAgain = again.array.map { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
                let edited = zip(items, itemsAgain).filter { $0 != $1 }.count
                changedItems += edited
                if edited > 0 {
                    changedPages += 1
                    #expect(again.header("ETag") != tag, "a page with an edited item has a new tag")
                } else {
                    #expect(again.header("ETag") == tag, "a page without one keeps its tag")
                    let cached = try await fetch(server, "/articles?offset=\(offset)&limit=3", headers: ["If-None-Match": tag])
                    #expect(cached.status == 304)
                }
            }
            #expect((1...3).contains(changedItems), "three edits, of up to three items: \(changedItems)")
            #expect(changedPages >= 1)
        }
    }

    @Test func anEditedListedItemComesEditedFromItsEndpoint() async throws {
        try await withMock("hackernews", options: MockOptions(items: 10)) { server in
            let ids: [Int] = try await fetch(server, "/topstories.json").array.compactMap { $0 as? Int }
            var bodies: [Int: Data] = [:]
            for id in ids { bodies[id] = try await fetch(server, "/item/\(id).json").body }
            _ = try await fetch(server, "/topstories.json", headers: ["X-Mock-Fault": "edit=10/10"])
            var changed = 0
            for id in ids {
                let item = try await fetch(server, "/item/\(id).json")
                #expect(item.object["id"] as? Int == id)
                if item.body != bodies[id] { changed += 1 }
            }
            #expect(changed >= 3, "ten edits change several items: \(changed)")
        }
    }

    // MARK: Limits, faults, seed, reset

    @Test func removalsStopAtTheirLimitAndHalfTheListByDefault() async throws {
        try await withMock("gitlab", options: MockOptions(items: 20, faults: MockFaults(remove: 3))) { server in
            var totals: [String] = []
            for _ in 0..<6 {
                totals.append(try await fetch(server, "/projects/7/issues?per_page=5").header("X-Total") ?? "")
            }
            #expect(totals == ["17", "14", "11", "10", "10", "10"], "half of 20 at most")
            let log = await server.requests
            #expect(log.allSatisfy { $0.faults == ["remove"] })
            let capped = try await fetch(server, "/projects/8/issues?per_page=5", headers: ["X-Mock-Fault": "remove=4/2"])
            #expect(capped.header("X-Total") == "18", "another project, another list; the header's limit wins")
            await server.reset()
            let reset = try await fetch(server, "/projects/7/issues?per_page=5", headers: ["X-Mock-Fault": "none"])
            #expect(reset.header("X-Total") == "20", "reset forgets removals")
        }
    }

    @Test func resetForgetsEdits() async throws {
        try await withMock("articles", options: MockOptions(items: 6)) { server in
            let first = try await fetch(server, "/articles?limit=6").body
            _ = try await fetch(server, "/articles?limit=1", headers: ["X-Mock-Fault": "edit=3/3"])
            #expect(try await fetch(server, "/articles?limit=6").body != first)
            await server.reset()
            #expect(try await fetch(server, "/articles?limit=6").body == first)
        }
    }

    @Test func badArgumentsAre400WithAMessage() async throws {
        try await withMock("articles") { server in
            for header in ["remove=0", "remove=abc", "remove=2/-1", "remove=1001", "edit=0", "edit=x/1", "edit=3/", "drift=2/x"] {
                let answer = try await fetch(server, "/articles", headers: ["X-Mock-Fault": header])
                #expect(answer.status == 400, "\(header)")
                #expect(answer.message.contains("needs K or K/LIMIT, K from 1 to 1000"), "\(header): \(answer.message)")
            }
            let unknown = try await fetch(server, "/articles", headers: ["X-Mock-Fault": "delete=1"])
            #expect(unknown.status == 400)
            #expect(unknown.message.contains("drift, remove, edit"), "\(unknown.message)")
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "remove, edit"]).status == 200, "K is 1 when left out")
        }
    }

    @Test func theSameSeedMakesTheSameChanges() async throws {
        /// The pages of a walk that changes the list at every step, and the ids on them.
        func changedWalk(seed: UInt64) async throws -> (bodies: [Data], ids: [Int]) {
            try await withMock("gitlab", options: MockOptions(seed: seed, items: 40)) { server in
                var bodies: [Data] = []
                var ids: [Int] = []
                for page in 1...4 {
                    let answer = try await fetch(
                        server, "/projects/7/issues?page=\(page)&per_page=10", headers: ["X-Mock-Fault": "remove=3,edit=2,drift=1"])
                    bodies.append(answer.body)
                    ids += values("id", in: answer.array)
                }
                return (bodies, ids)
            }
        }
        let first = try await changedWalk(seed: 5)
        let again = try await changedWalk(seed: 5)
        #expect(again.bodies == first.bodies, "the same seed: the same items removed and edited")
        // Ids are made from item indexes alone: other ids mean other items were removed.
        #expect(try await changedWalk(seed: 6).ids != first.ids, "another seed removes other items")
    }

    @Test func serverWideSettingsChangeEveryListRequest() async throws {
        let faults = MockFaults(drift: 1, remove: 2, removeLimit: 100, edit: 1)
        try await withMock("stripe", options: MockOptions(items: 50, faults: faults)) { server in
            var seen: [String] = []
            for _ in 0..<5 {
                let page = try await fetch(server, "/v1/customers?limit=50")
                seen = values("id", in: page.object["data"] as? [Any] ?? [])
            }
            #expect(seen.count == 50 + 5 - 10)
            #expect(await server.requests.allSatisfy { $0.faults == ["drift", "remove", "edit"] })
        }
    }

    // MARK: The command line

    @Test func theCommandLineTakesRemoveAndEdit() async throws {
        let (process, out, err) = try MockCLITests.process([
            "specs/gitlab.pagegen.yaml", "--port", "0", "--items", "10", "--remove", "2/3", "--edit", "1",
        ])
        defer { process.send(SIGTERM) }
        let handle = out.fileHandleForReading
        let banner = try await offPool {
            var text = Data()
            while !String(decoding: text, as: UTF8.self).contains("Press Ctrl-C") {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += chunk
            }
            return String(decoding: text, as: UTF8.self)
        }
        #expect(banner.contains("remove 2 items per list request, at most 3 per list"), "\(banner)")
        #expect(banner.contains("edit 1 items per list request, at most 5 edits per list"), "\(banner)")
        let base = try #require(banner.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://") })
        var totals: [String] = []
        for _ in 0..<3 {
            let answer = try await fetch(try #require(URL(string: base + "/projects/7/issues")), headers: ["PRIVATE-TOKEN": "t0ken"])
            totals.append(answer.header("X-Total") ?? "")
        }
        #expect(totals == ["8", "7", "7"])
        process.send(SIGINT)
        let rest = try await MockCLITests.finish(process, out, err).output
        #expect(rest.contains("GET /api/v4/projects/7/issues → 200 [remove, edit]"), "\(rest)")

        let (bad, badOut, badErr) = try MockCLITests.process(["specs/gitlab.pagegen.yaml", "--edit", "0/4"])
        let (badTermination, _, errors) = try await MockCLITests.finish(bad, badOut, badErr)
        #expect(badTermination == .exited(64))
        #expect(errors.contains("--edit '0/4' is not K or K/LIMIT, K from 1 to 1000"), "\(errors)")
    }

    @Test func countsAndLimitsParse() {
        #expect(MockFaults.countAndLimit(parsing: "3")! == (3, nil))
        #expect(MockFaults.countAndLimit(parsing: "3/40")! == (3, 40))
        #expect(MockFaults.countAndLimit(parsing: "1000/0")! == (1000, 0))
        for bad in ["0", "1001", "-2", "2/", "/2", "2/-1", "x", "", "2/3/4", "9999999999"] {
            #expect(MockFaults.countAndLimit(parsing: bad) == nil, "\(bad)")
        }
    }

    // MARK: The view's arithmetic

    @Test func rowsAndIndexesMatchAPlainArrayWhileItemsComeAndGo() {
        var random = SeededRandom(seed: 11)
        var view = CollectionView(base: 300, inserted: 0)
        var model = Array(0..<300)  // item indexes in row order
        for step in 0..<200 {
            if step % 3 == 0 {
                let added = random.int(1...4)
                for index in (view.base + view.inserted)..<(view.base + view.inserted + added) { model.insert(index, at: 0) }
                view = view.with(inserted: view.inserted + added)
            }
            if !model.isEmpty {
                let row = random.int(0...model.count - 1)
                #expect(view.index(atRow: row) == model[row])
                view.remove(index: model.remove(at: row))
            }
        }
        #expect(view.count == model.count)
        #expect((0..<model.count).map(view.index(atRow:)) == model)
        let rows = Dictionary(uniqueKeysWithValues: model.enumerated().map { ($1, $0) })
        for index in 0..<(view.base + view.inserted) {
            #expect(view.row(ofIndex: index) == rows[index], "index \(index)")
            #expect(view.isRemoved(index) == (rows[index] == nil))
            // Before a removed item's place: as many items as remain of those listed above it.
            let place = view.place(ofIndex: index)
            let slot = CollectionView.slot(ofIndex: index, base: view.base)
            let above = model.filter { CollectionView.slot(ofIndex: $0, base: view.base) < slot }.count
            #expect(place?.rowsBefore == above)
        }
        #expect(view.row(ofIndex: view.base + view.inserted) == nil)
    }
}
