import Foundation
import Testing

/// The schema checker the end-to-end tests rely on must itself catch what it claims to.
@Suite(.ownThread) struct JSONSchemaValidatorTests {
    static let schema = """
        {
          "$defs": {
            "name": {"type": "string", "minLength": 1, "maxLength": 16},
            "chat": {"type": "object", "required": ["type", "from", "text"], "additionalProperties": false,
                     "properties": {"type": {"const": "chat"}, "from": {"$ref": "#/$defs/name"},
                                    "room": {"type": ["string", "null"]}, "text": {"type": "string"}}},
            "state": {"type": "object", "required": ["type", "misses", "guessed"],
                      "properties": {"type": {"const": "state"}, "misses": {"type": "integer", "minimum": 0},
                                     "guessed": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 1}},
                                     "status": {"enum": ["waiting", "playing"]}}}
          },
          "oneOf": [{"$ref": "#/$defs/chat"}, {"$ref": "#/$defs/state"}]
        }
        """

    func check(_ line: String) throws -> [String] {
        try JSONSchemaValidator(schemaData: Data(Self.schema.utf8)).problems(line: line)
    }

    @Test func validLinesPass() throws {
        #expect(try check(#"{"type":"chat","from":"ann","room":null,"text":"hi"}"#) == [])
        #expect(try check(#"{"type":"state","misses":2,"guessed":["a","b"],"status":"playing","extra":true}"#) == [])
    }

    @Test func eachKindOfProblemIsReported() throws {
        #expect(try check(#"{"type":"chat","from":"ann"}"#) == ["$: missing text"])
        #expect(try check(#"{"type":"chat","from":"","text":"x"}"#) == ["$.from: shorter than 1"])
        #expect(try check(#"{"type":"chat","from":"ann","text":"x","mood":1}"#) == ["$: unexpected field mood"])
        #expect(
            try check(#"{"type":"state","misses":"7 (hard)","guessed":[]}"#) == [#"$.misses: expected integer, got "7 (hard)""#])
        #expect(try check(#"{"type":"state","misses":1.5,"guessed":[]}"#) == ["$.misses: expected integer, got 1.5"])
        #expect(try check(#"{"type":"state","misses":-1,"guessed":["ab"]}"#).count == 2)
        #expect(try check(#"{"type":"state","misses":0,"guessed":[],"status":"won"}"#).count == 1)
        #expect(try check(#"{"type":"nope"}"#) == ["$: matches none of 2 branches (type nope)"])
        #expect(try check("not json") == ["not JSON: not json"])
        #expect(try check(#"{"type":"chat","from":true,"text":"x"}"#) == ["$.from: expected string, got true"])
    }

    @Test func unknownKeywordsAreRefused() {
        #expect(throws: (any Error).self) {
            try JSONSchemaValidator(schemaData: Data(#"{"type":"object","patternProperties":{}}"#.utf8))
        }
    }
}
