import Foundation
import Testing

/// The suite caps its own parallelism as its process loads (Tests/LatchkeyTestParallelism): were
/// the constructor not linked in, every test would start at once and a small machine would time out.
@Suite struct TestParallelismTests {
    @Test func theTestProcessCapsHowManyTestsRunAtOnce() throws {
        let width = try #require(ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"])
        #expect((Int(width) ?? 0) >= 1)
    }
}
