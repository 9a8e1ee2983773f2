import Testing
@testable import Harbor
@Test func smoke() { #expect(Bool(true)) }
