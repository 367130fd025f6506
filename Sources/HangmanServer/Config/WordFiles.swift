import Foundation
import HangmanCore

/// Reads the word files beside the main list: the categories folder (`categories`), where every
/// `.txt` or `.plist` file is one category named after the file (`animals.txt` → `animals`).
public enum WordFiles {
    /// The categories in `folder` (empty path: none). A file that cannot be read, holds no word or
    /// whose name is not 1-24 of `a-z 0-9 _ -` is skipped with a note in `problems`.
    public static func loadCategories(folder: String) -> (categories: [String: WordList], problems: [String]) {
        guard !folder.isEmpty else { return ([:], []) }
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return ([:], ["categories folder \(folder) cannot be read: no categories"])
        }
        var categories: [String: WordList] = [:]
        var problems: [String] = []
        for file in files.sorted() where file.hasSuffix(".txt") || file.hasSuffix(".plist") {
            let name = (file as NSString).deletingPathExtension.lowercased()
            guard CommandParser.validateRoomName(name) == nil else {
                problems.append("category file \(file): the name must be 1-24 of a-z 0-9 _ -; skipped")
                continue
            }
            let path = (folder as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("category file \(path) cannot be read; skipped")
                continue
            }
            let (list, report) = WordList.parse([UInt8](data))
            guard list.count > 0 else {
                problems.append("category file \(path) holds no usable word; skipped")
                continue
            }
            if report.invalid > 0 { problems.append("category \(name): \(report.invalid) invalid entries skipped") }
            categories[name] = list
        }
        return (categories, problems)
    }
}

extension WordFiles {
    /// The alphabet a language list's header comment names: `<!-- language de, alphabet
    /// abcdefghijklmnopqrstuvwxyzäöüß; … -->` (scripts/make-language-lists); nil when absent.
    public static func alphabetLetters(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self)
        guard let start = head.range(of: "alphabet ") else { return nil }
        let rest = head[start.upperBound...]
        let letters = rest.prefix { $0 != ";" && $0 != " " && $0 != "-" && !$0.isNewline }
        return letters.isEmpty ? nil : String(letters)
    }

    /// The word list of language `code` at `path`, its alphabet from the header comment (a–z when
    /// it names none); nil and a note when it cannot be read or holds no word.
    public static func loadLanguage(code: String, path: String, foldAccents: Bool) -> (list: WordList?, problem: String?) {
        guard !path.isEmpty else { return (nil, nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, "words-\(code): \(path) cannot be read; set language \(code) is not offered")
        }
        let bytes = [UInt8](data)
        let letters = alphabetLetters(in: bytes) ?? ""
        let alphabet = Alphabet(language: code, extraLetters: letters, folds: foldAccents)
        let (list, report) = WordList.parse(bytes, alphabet: alphabet)
        guard list.count > 0 else {
            return (nil, "words-\(code): \(path) holds no usable word; set language \(code) is not offered")
        }
        let note = report.invalid > 0 ? "words-\(code): \(report.invalid) invalid entries skipped" : nil
        return (list, note)
    }
}
