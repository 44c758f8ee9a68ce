import PagegenRuntime

/// The first resource of the first page, as an app calls Pagegen's client.
func firstResourceID(_ client: SyntheticAPI.Client) async throws -> String? {
    try await client.resources0(page: 1).get().items.first?.id
}
