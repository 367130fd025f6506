import CCrypt

/// Password hashing with the system's crypt(3) (libxcrypt): yescrypt (`$y$`) with a fresh random salt,
/// falling back to sha512-crypt (`$6$`) where yescrypt is unavailable.
///
/// Uses only the reentrant `crypt_rn`/`crypt_gensalt_rn` with a heap-allocated `crypt_data` per call
/// (the struct is 32 KiB, too big for a thread's stack habits), so it is safe on any thread. Slow by
/// design: callers run it on `PasswordHashWorkers`, never on the database queue.
enum PasswordHasher {
    /// A salted hash of `password`, or nil when libcrypt failed (e.g. a passphrase over its length limit).
    static func hash(_ password: String) -> String? {
        guard let setting = gensalt("$y$") ?? gensalt("$6$") else { return nil }
        return crypt(password, setting: setting)
    }

    /// True when `password` re-hashes (with `hash` as the setting, which carries the salt) to `hash`.
    static func verify(_ password: String, hash: String) -> Bool {
        guard let candidate = crypt(password, setting: hash) else { return false }
        return constantTimeEquals(Array(candidate.utf8), Array(hash.utf8))
    }

    /// Compares without an early exit, so the time taken does not reveal how many bytes matched.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    private static func gensalt(_ prefix: String) -> String? {
        var output = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // count 0 = the method's default cost; nil random bytes = libcrypt reads the OS's random source.
        let result = output.withUnsafeMutableBufferPointer { buffer in
            crypt_gensalt_rn(prefix, 0, nil, 0, buffer.baseAddress, Int32(buffer.count))
        }
        guard result != nil else { return nil }
        let setting = String(decoding: output.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // libxcrypt signals some failures with a string starting with "*" instead of NULL.
        return setting.isEmpty || setting.hasPrefix("*") ? nil : setting
    }

    private static func crypt(_ password: String, setting: String) -> String? {
        let size = MemoryLayout<crypt_data>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<crypt_data>.alignment)
        defer {
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)  // do not leave the passphrase behind
            raw.deallocate()
        }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let data = raw.bindMemory(to: crypt_data.self, capacity: 1)
        guard let output = crypt_rn(password, setting, data, Int32(size)) else { return nil }
        let result = String(cString: output)
        return result.isEmpty || result.hasPrefix("*") ? nil : result
    }
}
