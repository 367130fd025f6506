// libFuzzer entry point; scripts/fuzz compiles it with the sources under test and GameFuzzDriver.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGame(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let problems = GameFuzzDriver.run(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "; ")) }
    return 0
}
