/// The item of the chat views in this folder, which docs/paged-list.md shows ("Chats and
/// feeds"): a message as a generated client's model has it, with its `id`.
struct ChatMessage: Sendable, Hashable, Identifiable {
    let id: Int
    let author: String
    let text: String
}
