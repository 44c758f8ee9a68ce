#if canImport(Observation)
import Observation
#endif

/// Observation support: SwiftUI views that read ``PagedList/count``, rows,
/// ``PagedList/loadStates``, ``PagedList/focusRow`` or ``PagedList/newerItemCount``
/// update when they change.
///
/// The registrar is stored untyped because Observation needs macOS 14 / iOS 17
/// while the package supports earlier systems; on those, observation is a no-op.
#if canImport(Observation)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension PagedList: Observable {}
#endif

/// A new registrar, where Observation is available.
func makeObservationRegistrar() -> Any? {
    #if canImport(Observation)
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        return ObservationRegistrar()
    }
    #endif
    return nil
}

/// The key paths observers track, formed once per list: forming a key path into a
/// generic class costs a runtime lookup every time, too much for every row read.
@MainActor
struct ObservedKeyPaths<Item: Sendable> {
    let count: KeyPath<PagedList<Item>, Int> = \.count
    let content: KeyPath<PagedList<Item>, Int> = \.contentVersion
    let loadStates: KeyPath<PagedList<Item>, LoadStates> = \.loadStates
    let focusRow: KeyPath<PagedList<Item>, Int?> = \.focusRow
    let storedContent: KeyPath<PagedList<Item>, StoredContent?> = \.storedContent
    let newerItemCount: KeyPath<PagedList<Item>, Int> = \.newerItemCount
}

extension PagedList {
    /// Tells observers that `keyPath` was read.
    func observeAccess<Member>(_ keyPath: KeyPath<PagedList, Member>) {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.access(self, keyPath: keyPath)
        }
        #endif
    }

    /// Tells observers that `keyPath` changed.
    func observeMutation<Member>(_ keyPath: KeyPath<PagedList, Member>) {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let registrar = registrar as? ObservationRegistrar {
            registrar.withMutation(of: self, keyPath: keyPath) {}
        }
        #endif
    }
}
