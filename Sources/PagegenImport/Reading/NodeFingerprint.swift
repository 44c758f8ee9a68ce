import PagegenYAML

extension Node {
    /// The node's content as text, without its marks: two nodes written alike in
    /// different places have the same fingerprint.
    func fingerprint(ignoringTopLevel ignored: Set<String> = []) -> String {
        var text = ""
        write(into: &text, ignoring: ignored)
        return text
    }

    private func write(into text: inout String, ignoring ignored: Set<String>) {
        switch content {
        case .scalar(let scalar):
            text += scalar.isQuoted ? "\"\(scalar.text)\"" : scalar.text
        case .sequence(let items):
            text += "["
            for item in items {
                item.write(into: &text, ignoring: [])
                text += ","
            }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for pair in pairs {
                let key = pair.key.scalarText ?? ""
                if ignored.contains(key) || key.hasPrefix("x-") { continue }
                text += "\"\(key)\":"
                pair.value.write(into: &text, ignoring: [])
                text += ","
            }
            text += "}"
        }
    }
}
