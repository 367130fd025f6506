import Testing
@testable import HangmanStore

@Test func HangmanStoreBuilds() { #expect(Bool(true)) }
