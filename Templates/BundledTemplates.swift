/// The code templates that ship with pagegen (`Templates/Swift`), compiled into its
/// binary: a pagegen installed or copied anywhere has them, with no resource bundle
/// beside it.
public enum BundledTemplates {
    /// The names of the bundled templates: one per file, and the partials they include.
    public static let names = ["Models", "Client", "Paging", "Header", "Enum"]

    /// The text of the bundled template `name` (`Models.mustache` for `Models`), or nil
    /// when there is no bundled template of that name.
    public static func text(named name: String) -> String? {
        let bytes: [UInt8]
        switch name {
        case "Models": bytes = PackageResources.Models_mustache
        case "Client": bytes = PackageResources.Client_mustache
        case "Paging": bytes = PackageResources.Paging_mustache
        case "Header": bytes = PackageResources.Header_mustache
        case "Enum": bytes = PackageResources.Enum_mustache
        default: return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
