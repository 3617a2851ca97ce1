// The AppKit declarations the SDK uses, as AppKit's Swift interface declares them (macOS 14
// SDK): main-actor isolated classes. Bodies are never run.
public import Foundation

@MainActor open class NSResponder: NSObject {}

@MainActor open class NSWindow: NSResponder {}

@MainActor open class NSApplication: NSResponder {
    open class var shared: NSApplication { fatalError("stub") }

    open var keyWindow: NSWindow? { fatalError("stub") }
}
