/// The code templates that ship with pagegen (`Templates/Swift`), compiled into its
/// binary: a pagegen installed or copied anywhere has them, with no resource bundle
/// beside it.
public enum BundledTemplates {
    /// The names of the bundled templates: one per file of a spec's client, the
    /// partials they include, and the paging extensions of a swift-openapi-generator
    /// client.
    public static let names = ["Models", "Client", "Paging", "Header", "Enum", "OpenAPIPaging"]

    /// The text of the bundled template `name` (`Models.mustache` for `Models`), or nil
    /// when there is no bundled template of that name.
    public static func text(named name: String) -> String? {
        BundledTemplateTexts.texts[name]
    }
}
