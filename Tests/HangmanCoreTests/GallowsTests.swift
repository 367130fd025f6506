import Testing

@testable import HangmanCore

@Suite struct GallowsTests {
    @Test(arguments: 1...26)
    func everyMissAddsSomethingDistinct(maxMisses: Int) {
        let pictures = (0...maxMisses).map { Gallows.lines(misses: $0, maxMisses: maxMisses) }
        #expect(Set(pictures.map { $0.joined(separator: "\n") }).count == maxMisses + 1)
        for (before, after) in zip(pictures, pictures.dropFirst()) {
            #expect(Self.ink(after) > Self.ink(before))
        }
        for picture in pictures {
            #expect(picture.count <= 12)
            #expect(picture.allSatisfy { $0.count <= 80 })
        }
        #expect(Self.ink(pictures[0]) == 0)
        #expect(pictures[maxMisses] == Gallows.art)
    }

    @Test func fullPictureIsHanged() {
        let full = Gallows.lines(misses: 7, maxMisses: 7).joined(separator: "\n")
        #expect(full.contains("(x_x)") && full.contains("/ | \\") && full.contains("_/   \\_"))
    }

    @Test func stepMapMatchesArt() {
        #expect(Gallows.art.count == Gallows.stepMap.count)
        for (art, map) in zip(Gallows.art, Gallows.stepMap) {
            #expect(art.count == map.count, "\(art)")
            for (character, marker) in zip(art, map) {
                #expect((character == " ") == (marker == " "), "\(art)")
            }
        }
    }

    @Test(arguments: [(-1, 7, 0), (99, 7, 26), (3, 0, 26), (1, 99, 1)])
    func clampsInput(misses: Int, maxMisses: Int, step: Int) {
        #expect(Gallows.step(misses: misses, maxMisses: maxMisses) == step)
    }

    static func ink(_ picture: [String]) -> Int {
        picture.reduce(0) { $0 + $1.filter { $0 != " " }.count }
    }
}
