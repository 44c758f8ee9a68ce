import PagegenCore
import Testing

/// The scalar type syntax of fields, parameters, bodies and responses.
@Suite struct TypeReferenceTests {
    @Test func namesAndBuiltins() {
        #expect(TypeReference.parse("Int") == .named("Int"))
        #expect(TypeReference.parse("Product") == .named("Product"))
        #expect(TypeReference.parse("  String  ") == .named("String"))
        #expect(TypeReference.builtins == ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "JSON", "File"])
    }

    @Test func listsAndOptionals() {
        #expect(TypeReference.parse("[Product]") == .array(.named("Product")))
        #expect(TypeReference.parse("String?") == .optional(.named("String")))
        #expect(TypeReference.parse("[Int]?") == .optional(.array(.named("Int"))))
        #expect(TypeReference.parse("[Int?]") == .array(.optional(.named("Int"))))
        #expect(TypeReference.parse("[[Int]]") == .array(.array(.named("Int"))))
    }

    @Test(arguments: ["", "?", "[]", "[Int", "Int]", "Int??", "Map<String>", "2D", "Product Page", "[Int]]"])
    func malformedTypes(_ text: String) {
        #expect(TypeReference.parse(text) == nil)
    }

    @Test func descriptionsAreWrittenAsInASpec() {
        #expect(TypeReference.optional(.array(.named("Int"))).description == "[Int]?")
        #expect(TypeReference.map(.named("Quote")).description == "{ map: Quote }")
        #expect(TypeReference.enumeration(["a", "b"]).description == "{ enum: [a, b] }")
    }

    @Test func unwrappingSeesThroughOneOptional() {
        let type = TypeReference.optional(.array(.named("Product")))
        #expect(type.isOptional)
        #expect(type.unwrapped == .array(.named("Product")))
        #expect(type.arrayElement == .named("Product"))
        #expect(type.name == nil)
        #expect(TypeReference.optional(.named("Product")).name == "Product")
    }
}
