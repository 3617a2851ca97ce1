import Testing

@testable import ResourceEmbedder

/// A resource's literal must give back its text whatever the text holds: quotes and backslashes
/// followed by `#`s need a longer delimiter, and a carriage return cannot be kept at all.
@Suite struct RawStringLiteralTests {
    @Test func theDelimiterOutrunsEveryHashRunAfterAQuoteOrABackslash() throws {
        #expect(try RawStringLiteral("plain # text \"quoted\" \\n").delimiter == "#")
        #expect(try RawStringLiteral("<a href=\"#main\">").delimiter == "##")
        #expect(try RawStringLiteral("\\#(interpolation) and \"## and \\###").delimiter == "####")
        #expect(try RawStringLiteral("#### alone").delimiter == "#")
    }

    @Test func theLiteralKeepsLeadingAndTrailingLineBreaks() throws {
        #expect(try RawStringLiteral("").description == "#\"\"\"\n\n\"\"\"#")
        #expect(try RawStringLiteral("a\n").description == "#\"\"\"\na\n\n\"\"\"#")
    }

    @Test func aCarriageReturnIsRefused() {
        #expect(throws: RawStringLiteral.CarriageReturn.self) { try RawStringLiteral("line\r\n") }
    }
}
