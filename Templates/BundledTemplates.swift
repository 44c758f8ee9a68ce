import Foundation

/// The code templates that ship with pagegen, as resources of this module.
public enum BundledTemplates {
    /// The folder holding the `.mustache` files.
    public static var directory: URL? {
        Bundle.module.url(forResource: "Swift", withExtension: nil)
    }
}
