// The Security framework declarations the SDK uses, with Apple's names and types (`OSStatus`
// results, `CFString` keys, `CFDictionary` queries). Linux has no CoreFoundation bridging, so
// the CF types stand in as the Swift types they bridge to: `CFString` is `String` and
// `CFDictionary` is `[String: Any]`, so `kSecClass as String` and `query as CFDictionary`
// type-check as they do on Apple platforms, but a key of the wrong CF type would not be caught.
// Bodies are never run.

public typealias OSStatus = Int32
public typealias CFString = String
public typealias CFDictionary = [String: Any]
public typealias CFTypeRef = AnyObject

public var errSecSuccess: OSStatus { 0 }
public var errSecItemNotFound: OSStatus { -25300 }
public var errSecDuplicateItem: OSStatus { -25299 }
public var errSecDecode: OSStatus { -26275 }
public var errSecInteractionNotAllowed: OSStatus { -25308 }
public var errSecMissingEntitlement: OSStatus { -34018 }

public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecAttrService: CFString = "svce"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrAccessGroup: CFString = "agrp"
public let kSecAttrAccessible: CFString = "pdmn"
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
public let kSecValueData: CFString = "v_Data"
public let kSecReturnData: CFString = "r_Data"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitOne: CFString = "m_LimitOne"
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public let kSecUseDataProtectionKeychain: CFString = "nleg"

public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError("stub") }
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError("stub") }
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError("stub") }
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("stub") }
