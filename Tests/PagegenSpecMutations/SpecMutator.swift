import Foundation

/// Builds broken versions of the bundled specs for the reader's mutation tests: the
/// same seed gives the same cases, so a failure can be run again.
///
/// ```swift
/// for mutant in SpecMutator(seed: 42).mutants(count: 1_000, of: BundledSpecs.all) {
///     // mutant.bytes: the file; mutant.name: "catalog-17-truncate+tab"
/// }
/// ```
///
/// Each case applies one mutation of every kind in turn (so every kind is tried as
/// often as the others), sometimes followed by one or two more at random.
public struct SpecMutator {
    private var random: SplitMix64

    /// Creates a mutator whose cases depend on `seed` alone.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` mutants of `specs`, cycling through the specs and the kinds.
    public mutating func mutants(count: Int, of specs: [BundledSpec]) -> [Mutant] {
        precondition(!specs.isEmpty, "no specs to mutate")
        return (0..<count).map { index in
            let spec = specs[random.below(specs.count)]
            var kinds = [MutationKind.allCases[index % MutationKind.allCases.count]]
            let more = random.below(4) == 0 ? random.below(2) + 1 : 0
            for _ in 0..<more {
                kinds.append(Self.cheapKinds[random.below(Self.cheapKinds.count)])
            }
            var bytes = spec.bytes
            for kind in kinds {
                bytes = mutate(bytes, kind)
            }
            let name = "\(spec.name)-\(index)-" + kinds.map(\.rawValue).joined(separator: "+")
            return Mutant(name: name, kinds: kinds, bytes: bytes)
        }
    }

    // MARK: The mutations

    private mutating func mutate(_ bytes: [UInt8], _ kind: MutationKind) -> [UInt8] {
        var lines = Lines(bytes)
        switch kind {
        case .deleteLine:
            guard !lines.isEmpty else { return bytes }
            lines.remove(at: random.below(lines.count))
        case .duplicateLine:
            guard !lines.isEmpty else { return bytes }
            let index = random.below(lines.count)
            lines.insert(lines[index], at: index + random.below(3))
        case .swapLines:
            guard lines.count > 1 else { return bytes }
            let index = random.below(lines.count - 1)
            lines.swapAt(index, index + 1)
        case .shiftIndentation:
            guard !lines.isEmpty else { return bytes }
            let index = random.below(lines.count)
            let line = lines[index]
            let indentation = random.below(2) == 0 ? line.indentation + random.below(4) + 1 : max(0, line.indentation - random.below(4) - 1)
            lines[index] = Array(repeating: UInt8(ascii: " "), count: indentation) + line.dropFirst(line.indentation)
        case .tabs:
            guard let index = lines.randomIndex(where: { $0.indentation > 0 }, using: &random) else { return bytes }
            lines[index] = [UInt8(ascii: "\t")] + lines[index].dropFirst(min(2, lines[index].indentation))
        case .misspellKey:
            guard let index = lines.randomIndex(where: { $0.keyRange != nil }, using: &random),
                let range = lines[index].keyRange
            else { return bytes }
            var key = Array(lines[index][range])
            let position = random.below(key.count)
            switch random.below(4) {
            case 0: key.remove(at: position)
            case 1: key.insert(key[position], at: position)
            case 2: key[position] = UInt8(ascii: "a") + UInt8(random.below(26))
            default: if position + 1 < key.count { key.swapAt(position, position + 1) } else { key.append(UInt8(ascii: "s")) }
            }
            lines[index].replaceSubrange(range, with: key)
        case .wrongScalarType:
            guard let index = lines.randomIndex(where: { $0.valueRange != nil }, using: &random),
                let range = lines[index].valueRange
            else { return bytes }
            lines[index].replaceSubrange(range, with: Array(Self.wrongValues[random.below(Self.wrongValues.count)].utf8))
        case .truncate:
            return Array(bytes.prefix(random.below(bytes.count + 1)))
        case .deepNesting:
            let depth = [10, 63, 64, 65, 100, 1_000, 5_000][random.below(7)]
            let nested: String
            switch random.below(3) {
            case 0: nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            case 1: nested = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
            default: nested = String(repeating: "[", count: depth)
            }
            return lines.replacingValue(with: nested, using: &random) ?? Array("models: \(nested)\n".utf8) + bytes
        case .blockNesting:
            let depth = [20, 64, 65, 300][random.below(4)]
            let block = (0..<depth).map { String(repeating: " ", count: $0 + 2) + "k\($0):" }.joined(separator: "\n") + " x\n"
            return bytes + Array("models:\n  Deep:\n\(block)".utf8)
        case .aliasBomb:
            var bomb = "x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            let names = ["b", "c", "d", "e", "f", "g", "h", "i", "j"]
            var previous = "a"
            for name in names.prefix(random.below(names.count) + 1) {
                bomb += "x-\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
                previous = name
            }
            let target = ["auth", "headers", "models", "description"][random.below(4)]
            return Array(bomb.utf8) + bytes + Array("\n\(target): *\(previous)\n".utf8)
        case .invalidBytes:
            let bad = Self.invalidSequences[random.below(Self.invalidSequences.count)]
            let offset = random.below(bytes.count + 1)
            return Array(bytes[..<offset]) + bad + Array(bytes[offset...])
        case .byteOrderMark:
            switch random.below(4) {
            case 0, 1: return [0xEF, 0xBB, 0xBF] + bytes
            case 2: return [0xFF, 0xFE] + bytes
            default:
                let offset = random.below(bytes.count + 1)
                return Array(bytes[..<offset]) + [0xEF, 0xBB, 0xBF] + Array(bytes[offset...])
            }
        case .emptyFile:
            return Array(Self.emptyishFiles[random.below(Self.emptyishFiles.count)].utf8)
        case .hugeScalar:
            // 2 MB now and then; a few kilobytes otherwise, which take the same paths faster.
            let huge = String(repeating: "x", count: random.below(16) == 0 ? 2_000_000 : 20_000)
            let value = random.below(2) == 0 ? "\"\(huge)\"" : huge
            return lines.replacingValue(with: value, using: &random) ?? Array("description: \(value)\n".utf8) + bytes
        case .longLine:
            let items = (0..<(random.below(16) == 0 ? 20_000 : 1_000)).map { "item\($0)" }.joined(separator: ", ")
            return lines.replacingValue(with: "[\(items)]", using: &random) ?? bytes + Array("x: [\(items)]\n".utf8)
        case .manyKeys:
            let count = [500, 2_000, 10_000][random.below(16) == 0 ? 2 : random.below(2)]
            let keys = (0..<count).map { "    f\($0): Int\n" }.joined()
            return bytes + Array("models:\n  Many:\n\(keys)".utf8)
        case .deepType:
            let depth = [3, 32, 33, 1_000, 50_000][random.below(16) == 0 ? 4 : random.below(4)]
            let type = "\"" + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + "\""
            return lines.replacingValue(with: type, using: &random) ?? bytes
        case .lineEndings:
            let ending: [UInt8] = random.below(2) == 0 ? [0x0D] : [0x0D, 0x0A]
            return bytes.flatMap { $0 == 0x0A ? ending : [$0] }
        case .structuredKeys:
            let key = ["? [a, b]\n: x", "? { a: 1 }\n: x", "[a]: Int", "1: Int", "null: Int", "~: Int", "\"\": Int", "true: x"][
                random.below(8)]
            guard let index = lines.randomIndex(where: { $0.keyRange != nil }, using: &random) else { return bytes }
            let indentation = String(repeating: " ", count: lines[index].indentation)
            lines.insert(Array(key.split(separator: "\n").map { indentation + $0 }.joined(separator: "\n").utf8), at: index)
        case .listForMapping:
            guard let index = lines.randomIndex(where: { $0.keyRange != nil && $0.valueRange == nil }, using: &random) else { return bytes }
            lines[index] += Array(" [a, b]".utf8)
        case .mergeKeys:
            guard let index = lines.randomIndex(where: { $0.keyRange != nil && $0.valueRange == nil }, using: &random) else { return bytes }
            let indentation = String(repeating: " ", count: lines[index].indentation + 2)
            lines[index] += Array(" &base".utf8)
            let merge = ["<<: *base", "<<: [*base]", "<<: x", "<<: *nope", "<<: { extra: Int }"][random.below(5)]
            let at = min(lines.count, index + 1 + random.below(6))
            lines.insert(Array((indentation + merge).utf8), at: at)
        case .randomBytes:
            var bytes = bytes
            for _ in 0..<(random.below(8) + 1) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] = UInt8(random.below(256))
            }
            return bytes
        case .oddNames:
            guard let index = lines.randomIndex(where: { $0.keyRange != nil }, using: &random),
                let range = lines[index].keyRange
            else { return bytes }
            let name = ["🙂", "a\u{202E}b", "e\u{301}", "self", "Self", "_", "`x`", "0day", "a.b", "-", "\"quoted\"", "'s'"][
                random.below(12)]
            lines[index].replaceSubrange(range, with: Array(name.utf8))
        }
        return lines.joined()
    }

    /// Kinds that add little text, combined freely with the others.
    static let cheapKinds = MutationKind.allCases.filter {
        ![.hugeScalar, .longLine, .manyKeys, .emptyFile, .aliasBomb, .blockNesting].contains($0)
    }

    static let wrongValues = [
        "[]", "{}", "[a, b]", "{ x: 1 }", "~", "''", "-1", "0", "99999999999999999999", "true", "1.5e308", "\"\\u0000\"",
        "*nope", "&a x", "!!binary aGk=", "|", ">", "- a", "\"[Int]?\"", "[[Int]]", "Int?", "{ map: { map: String } }",
        "{ enum: [] }", "{ enum: [a, a] }", "/", "{param: page, first: 2}", "'['",
    ]

    static let invalidSequences: [[UInt8]] = [
        [0xFF], [0xFE], [0xC3], [0xE9, 0x20], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x00], [0x07], [0x1B], [0x7F], [0xC2, 0x90], [0xEF, 0xBF, 0xBE],
    ]

    static let emptyishFiles = [
        "", "\n\n", "# only a comment\n", "---\n", "...\n", "~\n", "[]\n", "{}\n", "- a\n", "\u{FEFF}", " ", "\t\n",
    ]
}

/// A kind of damage done to a spec.
public enum MutationKind: String, CaseIterable, Sendable {
    case deleteLine = "delete-line"
    case duplicateLine = "duplicate-line"
    case swapLines = "swap-lines"
    case shiftIndentation = "indent"
    case tabs = "tab"
    case misspellKey = "misspell"
    case wrongScalarType = "wrong-type"
    case truncate
    case deepNesting = "deep-nesting"
    case blockNesting = "block-nesting"
    case aliasBomb = "alias-bomb"
    case invalidBytes = "invalid-bytes"
    case byteOrderMark = "bom"
    case emptyFile = "empty"
    case hugeScalar = "huge-scalar"
    case longLine = "long-line"
    case manyKeys = "many-keys"
    case deepType = "deep-type"
    case lineEndings = "line-endings"
    case structuredKeys = "structured-key"
    case listForMapping = "list-for-mapping"
    case mergeKeys = "merge-key"
    case randomBytes = "random-bytes"
    case oddNames = "odd-name"
}

/// One broken spec.
public struct Mutant: Sendable, CustomStringConvertible {
    /// `<spec>-<index>-<kinds>`: the spec it came from, its place in the run, what was done.
    public var name: String
    /// What was done, in order.
    public var kinds: [MutationKind]
    /// The file's bytes.
    public var bytes: [UInt8]

    public var description: String { name }
}
