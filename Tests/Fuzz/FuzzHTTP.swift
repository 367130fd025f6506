// libFuzzer entry point; scripts/fuzz compiles it with HangmanWeb's HTTP sources and HTTPFuzzDriver.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let problems = HTTPFuzzDriver.run(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
