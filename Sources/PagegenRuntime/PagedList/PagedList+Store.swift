import Foundation

/// The loader's store: the stored rows a list started from, asked about in the
/// background, and the anchor row kept for the next launch.
extension PagedList {
    /// Asks the server about the stored pages on screen, in the background.
    func revalidateStoredRows() {
        guard let stored = loader.stored, !storedPagesShown.isEmpty else { return }
        revalidation?.cancel()
        setStoredState(StoredContent(storedAt: storedPagesShown.values.min() ?? Date(), isRevalidating: true, failure: nil))
        let keys = Array(storedPagesShown.keys)
        revalidation = Task { [weak self] in
            let result = await stored.revalidatePages(keys)
            guard !Task.isCancelled else { return }
            self?.finishRevalidation(result)
        }
    }

    private func finishRevalidation(_ result: Result<(revalidation: StoreRevalidation, changed: [PageKey: Page<Item>]), APIError>) {
        switch result {
        case .success(let revalidation):
            if !revalidation.changed.isEmpty {
                // The refresh takes the changed pages as the server sent them, and the
                // others from the store, placing their items by identity with the
                // anchor still.
                answeringFromStore = true
                revalidatedPages = revalidation.changed
                perform { act(plan.refresh(model)) }
                answeringFromStore = false
                revalidatedPages = [:]
            }
            storedPagesShown.removeAll()
            setStoredState(nil)
        case .failure(let error):
            var state = storedState
            state?.isRevalidating = false
            state?.failure = error
            setStoredState(state)
        }
    }

    /// Answers `request` with the stored page `found`, which the client decodes
    /// asynchronously (a swift-openapi-generator client's answer, replayed to it): no
    /// request goes out, nor for the pages its rows call for next that the store has; a
    /// page that no longer reads is asked of the server instead.
    func readReplayed(_ found: StoredPage, of stored: StoredList<Item>, for request: PageLoadRequest) {
        storedPagesReading += 1
        Task { [weak self] in
            let result = await stored.read(found)
            guard let self else { return }
            storedPagesReading -= 1
            switch result {
            case .success(let page):
                // As at the start: the pages the rows shown call for next come from the
                // store too, where it has them.
                answeringFromStore = true
                receive(request.id, .page(.success(page)))
                answeringFromStore = false
            case .failure:
                storedPagesShown[found.key] = nil
                runner.start(request, loader: loader) { [weak self] result in
                    self?.receive(request.id, result)
                }
            }
            // The stored rows show: now the server is asked about them.
            if storedPagesReading == 0, !storedPagesShown.isEmpty, storedState == nil { revalidateStoredRows() }
        }
    }

    func setStoredState(_ state: StoredContent?) {
        guard state != storedState else { return }
        storedState = state
        observeMutation(keyPaths.storedContent)
        onLoadStatesChange?(mirror.loadStates(plan.loadStates(model)))
    }

    /// Keeps the anchor row in the store when it moved, the writes in order. The row is
    /// the core's (in the server's order), which the count growing at the screen's top
    /// does not move when the rows are upside down.
    func keepAnchorRow() {
        guard let stored = loader.stored, let row = recorder.anchorRow, row != keptAnchorRow else { return }
        keptAnchorRow = row
        let previous = anchorWrite
        anchorWrite = Task.detached {
            await previous?.value
            do throws(PageStoreError) {
                try await stored.store.setAnchorRow(row, of: stored.id)
            } catch {
                stored.configuration.onError?(error)
            }
        }
    }
}
