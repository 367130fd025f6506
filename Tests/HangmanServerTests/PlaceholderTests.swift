import Testing
@testable import HangmanServer

@Test func HangmanServerBuilds() { #expect(Bool(true)) }
