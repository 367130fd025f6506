/// The evil engine's hot loops, over the flat candidate buffer.
extension Round {
    /// Partitions the candidates by where `letter` occurs, keeps the chosen family (see `Round`'s
    /// tie rules) and returns its position bitmask (0 = the miss family).
    mutating func keepLargestFamily(for letter: UInt8) -> UInt64 {
        let count = candidateCount
        let length = self.length
        guard count > 0, length > 0 else { return 0 }
        if count == 1 {
            return candidates.withUnsafeBufferPointer { Self.positions(of: letter, in: $0, at: 0, length: length) }
        }

        // Pass 1: the family (position bitmask) of every candidate, and the size of each family.
        var masks = [UInt64](repeating: 0, count: count)
        var missCount = 0
        var families: [UInt64: Int] = [:]
        candidates.withUnsafeBufferPointer { buffer in
            masks.withUnsafeMutableBufferPointer { masks in
                for index in 0..<count {
                    let mask = Self.positions(of: letter, in: buffer, at: index * length, length: length)
                    masks[index] = mask
                    if mask == 0 {
                        missCount += 1
                    } else {
                        families[mask, default: 0] += 1
                    }
                }
            }
        }

        // Largest family; ties: fewer revealed positions, then the smaller bitmask.
        var best: UInt64 = 0
        var bestCount = missCount
        for (mask, size) in families {
            let better =
                size > bestCount
                || (size == bestCount
                    && (mask.nonzeroBitCount < best.nonzeroBitCount
                        || (mask.nonzeroBitCount == best.nonzeroBitCount && mask < best)))
            if better {
                best = mask
                bestCount = size
            }
        }

        // Pass 2: keep that family, in place, in order.
        if bestCount != count {
            var kept = 0
            candidates.withUnsafeMutableBufferPointer { buffer in
                for index in 0..<count where masks[index] == best {
                    if kept != index {
                        for offset in 0..<length {
                            buffer[kept * length + offset] = buffer[index * length + offset]
                        }
                    }
                    kept += 1
                }
            }
            candidates.removeLast((count - kept) * length)
            candidateCount = kept
        }
        return best
    }

    /// Removes every candidate equal to `word` (letter by letter, or key by key when the alphabet
    /// folds: `apfel` names `äpfel`); returns how many other candidates remain.
    /// (0 means `word` was the only candidate left — or there was none.)
    mutating func removeCandidates(equalTo word: [UInt8]) -> Int {
        let count = candidateCount
        let length = self.length
        var kept = 0
        var removed = 0
        let alphabet = self.alphabet
        let folded = !alphabet.isASCII && alphabet.folds
        let target = folded ? word.map { alphabet.key(ofCode: $0) } : word
        candidates.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count {
                var equal = true
                for offset in 0..<length
                where (folded ? alphabet.key(ofCode: buffer[index * length + offset]) : buffer[index * length + offset])
                    != target[offset]
                {
                    equal = false
                    break
                }
                if equal {
                    removed += 1
                    continue
                }
                if kept != index {
                    for offset in 0..<length {
                        buffer[kept * length + offset] = buffer[index * length + offset]
                    }
                }
                kept += 1
            }
        }
        if kept == 0 {
            return 0  // the word was the only candidate (or there was none): keep the buffer, solved
        }
        candidates.removeLast((count - kept) * length)
        candidateCount = kept
        return kept
    }

    /// The alphabetically first candidate (the answer shown when an evil round is lost).
    func firstCandidate() -> String {
        guard candidateCount > 0 else { return pattern }
        let length = self.length
        var best = 0
        candidates.withUnsafeBufferPointer { buffer in
            for index in 1..<max(candidateCount, 1) {
                for offset in 0..<length {
                    let a = buffer[index * length + offset]
                    let b = buffer[best * length + offset]
                    if a != b {
                        if a < b { best = index }
                        break
                    }
                }
            }
        }
        let word = candidates[(best * length)..<((best + 1) * length)]
        return alphabet.isASCII ? String(decoding: word, as: UTF8.self) : alphabet.decode(word)
    }

    @inline(__always)
    static func positions(of letter: UInt8, in buffer: UnsafeBufferPointer<UInt8>, at start: Int, length: Int)
        -> UInt64
    {
        var mask: UInt64 = 0
        for offset in 0..<length where buffer[start + offset] == letter {
            mask |= (1 as UInt64) &<< UInt64(offset)  // offset < maxWordLength = 64
        }
        return mask
    }

    /// The a–z byte for a guessed character (A–Z folded to a–z), or nil.
    static func letterByte(_ letter: Character) -> UInt8? {
        guard let ascii = letter.asciiValue else { return nil }
        let lower = (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z")) ? ascii + 32 : ascii
        return isLetter(lower) ? lower : nil
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// `text` as lower-case a–z bytes, or nil if empty or holding anything else.
    static func normalized(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let lower = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
            guard isLetter(lower) else { return nil }
            bytes.append(lower)
        }
        return bytes.isEmpty || bytes.count > WordList.maxWordLength ? nil : bytes
    }
}
