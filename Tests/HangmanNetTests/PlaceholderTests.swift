import Testing
@testable import HangmanNet

@Test func HangmanNetBuilds() { #expect(Bool(true)) }
