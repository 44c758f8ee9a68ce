import OpenAPIRuntime

/// The first resource of the first page, as an app calls swift-openapi-generator's client.
func firstResourceID(_ client: Client) async throws -> String? {
    let response = try await client.listResources0(query: .init(page: 1, per_page: 30))
    return try response.ok.body.json.data.first?.id
}
