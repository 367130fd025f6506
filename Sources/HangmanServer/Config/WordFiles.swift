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
