import Foundation

/// Keeps the progress of a named ``ItemSequence`` walk in its list's store.
///
/// A class: the iterator that owns it is a value, and its progress is one record
/// updated in place. Used by one iterator, from one task at a time.
final class WalkKeeper<Item: Sendable>: @unchecked Sendable {
    let name: String
    let list: StoredList<Item>
    private var progress: StoredWalkProgress?

    init(name: String, list: StoredList<Item>) {
        self.name = name
        self.list = list
    }

    /// The progress kept from an earlier walk, if any.
    func load() -> StoredWalkProgress? {
        do throws(PageStoreError) {
            progress = try list.store.walkProgress(named: name, of: list.id)
        } catch {
            list.configuration.onError?(error)
        }
        return progress
    }

    /// A page arrived: the walk is on it, with its first `handled` items handled (those
    /// a resumed walk without identities skips).
    func begin(_ page: Page<Item>, at resumePoint: ResumePoint, delivered: String?, handled: Int) async {
        var point = resumePoint
        point.deliveredIdentities = delivered
        save(StoredWalkProgress(resumePoint: point, pageIdentities: list.identities(page.items), handled: handled))
        await flush()
    }

    /// The caller handled the first `count` items of the page.
    func handled(_ count: Int) async {
        guard var progress, progress.handled != count else { return }
        progress.handled = count
        save(progress)
        await flush()
    }

    /// The walk reached the end: nothing to go on from.
    func finished() async {
        progress = nil
        do throws(PageStoreError) {
            try await list.store.setWalkProgress(nil, named: name, of: list.id)
        } catch {
            list.configuration.onError?(error)
        }
    }

    private func save(_ progress: StoredWalkProgress) {
        self.progress = progress
    }

    private func flush() async {
        guard let progress else { return }
        do throws(PageStoreError) {
            try await list.store.setWalkProgress(progress, named: name, of: list.id)
        } catch {
            list.configuration.onError?(error)
        }
    }

    /// The first `count` identities of a JSON array of identities, as such an array.
    static func prefix(_ identities: String?, _ count: Int) -> String? {
        guard let identities,
            let array = try? JSONSerialization.jsonObject(with: Data(identities.utf8), options: [.fragmentsAllowed]) as? [Any],
            let data = try? JSONSerialization.data(withJSONObject: Array(array.prefix(count)), options: [.fragmentsAllowed])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
