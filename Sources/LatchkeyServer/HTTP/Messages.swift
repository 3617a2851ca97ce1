import LatchkeyWire

/// Localized titles and details for every error code (en, zh-Hans, ja).
enum Messages {
    /// A localized title and optional detail.
    struct Text {
        var title: String
        var detail: String?
    }

    /// The text of `code` in `language`.
    static func text(for code: ErrorCode, in language: Language) -> Text {
        let entry = entry(for: code)
        switch language {
        case .english: return Text(title: entry.en, detail: entry.enDetail)
        case .simplifiedChinese: return Text(title: entry.zh, detail: entry.zhDetail)
        case .japanese: return Text(title: entry.ja, detail: entry.jaDetail)
        }
    }

    /// The message of one field error: its reason's text where it has one, else its code's title.
    static func fieldMessage(for field: FieldError, in language: Language) -> String {
        if let reason = field.reason.flatMap(PasswordRejection.init(rawValue:)), let texts = passwordReasons[reason] {
            switch language {
            case .english: return texts.0
            case .simplifiedChinese: return texts.1
            case .japanese: return texts.2
            }
        }
        return text(for: field.code, in: language).title
    }

    private struct Entry {
        var en: String
        var zh: String
        var ja: String
        var enDetail: String? = nil
        var zhDetail: String? = nil
        var jaDetail: String? = nil
    }

    private static let passwordReasons: [PasswordRejection: (String, String, String)] = [
        .tooShort: ("Password is too short.", "密码太短。", "パスワードが短すぎます。"),
        .tooLong: ("Password is too long.", "密码太长。", "パスワードが長すぎます。"),
        .tooCommon: ("Password is too common.", "密码过于常见。", "パスワードが一般的すぎます。"),
        .containsContext: (
            "Password must not contain your username, email or the app's name.",
            "密码不能包含用户名、邮箱或应用名称。",
            "パスワードにユーザー名、メールアドレス、アプリ名を含めることはできません。"
        ),
    ]

    /// The texts of `code`; a `switch`, so a new code without texts does not compile.
    private static func entry(for code: ErrorCode) -> Entry {
        switch code {
        case .invalidRequest: return Entry(
            en: "Invalid request", zh: "无效的请求", ja: "無効なリクエスト",
            enDetail: "The request body is malformed or misses a required member.",
            zhDetail: "请求体格式错误或缺少必需的字段。", jaDetail: "リクエスト本文の形式が正しくないか、必須項目がありません。")
        case .unknownField: return Entry(en: "Unknown field", zh: "未知字段", ja: "不明なフィールド")
        case .validationFailed: return Entry(
            en: "Validation failed", zh: "验证失败", ja: "検証に失敗しました",
            enDetail: "Some fields are invalid; see errors.", zhDetail: "部分字段无效，请查看 errors。",
            jaDetail: "一部のフィールドが無効です。errors を参照してください。")
        case .bodyTooLarge: return Entry(en: "Request body too large", zh: "请求体过大", ja: "リクエスト本文が大きすぎます")
        case .notFound: return Entry(en: "Not found", zh: "未找到", ja: "見つかりません")
        case .methodNotAllowed: return Entry(en: "Method not allowed", zh: "不允许的方法", ja: "許可されていないメソッド")
        case .unauthorized: return Entry(
            en: "Authentication required", zh: "需要身份验证", ja: "認証が必要です",
            enDetail: "Send an access token in the Authorization header.",
            zhDetail: "请在 Authorization 请求头中发送访问令牌。", jaDetail: "Authorization ヘッダーでアクセストークンを送信してください。")
        case .invalidToken: return Entry(en: "Invalid access token", zh: "访问令牌无效", ja: "アクセストークンが無効です")
        case .sessionExpired: return Entry(
            en: "Session expired", zh: "会话已过期", ja: "セッションの有効期限が切れました",
            enDetail: "Sign in again.", zhDetail: "请重新登录。", jaDetail: "もう一度サインインしてください。")
        case .invalidCredentials: return Entry(
            en: "Invalid credentials", zh: "用户名或密码错误", ja: "認証情報が正しくありません",
            enDetail: "The username, email or password is incorrect.", zhDetail: "用户名、邮箱或密码不正确。",
            jaDetail: "ユーザー名、メールアドレス、またはパスワードが正しくありません。")
        case .userDoesNotExist: return Entry(en: "User does not exist", zh: "用户不存在", ja: "ユーザーが存在しません")
        case .wrongPassword: return Entry(en: "Current password is incorrect", zh: "当前密码不正确", ja: "現在のパスワードが正しくありません")
        case .rateLimited: return Entry(
            en: "Too many requests", zh: "请求过于频繁", ja: "リクエストが多すぎます",
            enDetail: "Try again after the time in the Retry-After header.", zhDetail: "请在 Retry-After 指定的时间后重试。",
            jaDetail: "Retry-After ヘッダーの時間が経過してから再試行してください。")
        case .unknownClient: return Entry(en: "Unknown client", zh: "未知的客户端", ja: "不明なクライアント")
        case .clientMismatch: return Entry(
            en: "Client does not match token", zh: "客户端与令牌不匹配", ja: "クライアントがトークンと一致しません")
        case .methodDisabled: return Entry(
            en: "Sign-in method disabled", zh: "该登录方式未启用", ja: "このサインイン方法は無効です")
        case .accountDisabled: return Entry(en: "Account disabled", zh: "账户已停用", ja: "アカウントは無効化されています")
        case .forbidden: return Entry(en: "Forbidden", zh: "禁止访问", ja: "アクセスが禁止されています")
        case .invalidUsername: return Entry(
            en: "Username contains invalid characters", zh: "用户名包含无效字符", ja: "ユーザー名に無効な文字が含まれています",
            enDetail: "Use 3 to 32 letters, digits, dots, dashes or underscores.",
            zhDetail: "请使用 3 到 32 个字母、数字、点、连字符或下划线。", jaDetail: "英数字、ドット、ハイフン、アンダースコアを3〜32文字で使用してください。")
        case .invalidPassword: return Entry(en: "Invalid password", zh: "密码无效", ja: "パスワードが無効です")
        case .invalidDateOfBirth: return Entry(
            en: "Date of birth must be YYYY-MM-DD and not in the future", zh: "出生日期必须为 YYYY-MM-DD 格式且不能晚于今天",
            ja: "生年月日は YYYY-MM-DD 形式で、未来の日付は指定できません")
        case .invalidCountry: return Entry(
            en: "Country must be a two-letter ISO 3166 code", zh: "国家必须是两位 ISO 3166 代码", ja: "国は ISO 3166 の2文字コードで指定してください")
        case .invalidParentEmail: return Entry(en: "Parent email is invalid", zh: "家长邮箱无效", ja: "保護者のメールアドレスが無効です")
        case .invalidEmail: return Entry(en: "Email is invalid", zh: "邮箱地址无效", ja: "メールアドレスが無効です")
        case .invalidField: return Entry(en: "Invalid value", zh: "无效的值", ja: "無効な値です")
        case .duplicateUsername: return Entry(en: "Username is already in use", zh: "用户名已被使用", ja: "このユーザー名は既に使用されています")
        case .duplicateEmail: return Entry(en: "Email is already in use", zh: "邮箱已被使用", ja: "このメールアドレスは既に使用されています")
        case .invalidPhone: return Entry(
            en: "Invalid phone number", zh: "手机号码无效", ja: "電話番号が無効です",
            enDetail: "Give the number in international form, e.g. +14155550123.",
            zhDetail: "请使用国际格式，例如 +8613800138000。", jaDetail: "+819012345678 のような国際形式で入力してください。")
        case .invalidCode: return Entry(
            en: "Incorrect code", zh: "验证码错误", ja: "コードが正しくありません",
            enDetail: "Check the code and try again.", zhDetail: "请检查验证码后重试。", jaDetail: "コードを確認してもう一度お試しください。")
        case .codeExpired: return Entry(
            en: "Code expired", zh: "验证码已失效", ja: "コードの有効期限が切れています",
            enDetail: "This code or link can no longer be used. Request a new one.",
            zhDetail: "此验证码或链接已无法使用，请重新获取。", jaDetail: "このコードまたはリンクは使用できません。新しいものを請求してください。")
        case .unknownProvider: return Entry(en: "Unknown provider", zh: "未知的登录提供方", ja: "不明なプロバイダーです")
        case .invalidProviderToken: return Entry(
            en: "Provider token rejected", zh: "第三方令牌无效", ja: "プロバイダーのトークンが無効です",
            enDetail: "Sign in with the provider again.", zhDetail: "请重新通过第三方登录。", jaDetail: "プロバイダーでもう一度サインインしてください。")
        case .identityInUse: return Entry(
            en: "Identity already linked", zh: "该身份已关联其他账号", ja: "この ID は別のアカウントに連携されています")
        case .accountExists: return Entry(
            en: "Account exists", zh: "账号已存在", ja: "アカウントが既に存在します",
            enDetail: "Sign in to your account, then link this provider.", zhDetail: "请先登录您的账号，然后关联此登录方式。",
            jaDetail: "アカウントにサインインしてから、このプロバイダーを連携してください。")
        case .lastIdentity: return Entry(
            en: "Cannot remove the last sign-in method", zh: "不能移除最后一种登录方式", ja: "最後のサインイン方法は削除できません")
        case .internalError: return Entry(
            en: "Internal error", zh: "内部错误", ja: "内部エラー",
            enDetail: "The request failed and nothing was changed.", zhDetail: "请求失败，未做任何更改。",
            jaDetail: "リクエストは失敗し、何も変更されていません。")
        case .serviceUnavailable: return Entry(
            en: "Service unavailable", zh: "服务暂不可用", ja: "サービスを利用できません",
            enDetail: "Try again shortly.", zhDetail: "请稍后重试。", jaDetail: "しばらくしてから再試行してください。")
        }
    }
}
