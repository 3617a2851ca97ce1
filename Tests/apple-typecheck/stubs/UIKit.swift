// The UIKit declarations the SDK uses, as UIKit's Swift interface declares them (iOS 17 SDK):
// the classes are main-actor isolated, and `UIApplication.shared` is unavailable in app
// extensions (the `@available` attributes are kept for fidelity; a Linux compiler does not
// enforce Apple platforms' availability). Bodies are never run.
public import Foundation

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIView: UIResponder {}

@MainActor open class UIWindow: UIView {}

@MainActor open class UIScene: UIResponder {}

@available(iOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { fatalError("stub") }
}

@MainActor open class UIApplication: UIResponder {
    @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    open class var shared: UIApplication { fatalError("stub") }

    @available(iOS 13.0, *)
    open var connectedScenes: Set<UIScene> { fatalError("stub") }
}
