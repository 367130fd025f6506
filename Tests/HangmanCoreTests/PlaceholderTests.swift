import Testing
@testable import HangmanCore

@Test func HangmanCoreBuilds() { #expect(Bool(true)) }
