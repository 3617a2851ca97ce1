extension OpenAPIFragment {
    /// What the whole document shares: its version, `info` and `servers`, and the components
    /// several features use or that belong to none (the problem document, error codes, security
    /// schemes).
    static let common = OpenAPIFragment(
        #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Latchkey",
            "version": "0.1.0",
            "description": "Latchkey is a self-hosted identity server for apps: each app (tenant, named by its client id) gets username or email sign-up and sign-in with policy-checked bcrypt passwords, refresh-token-rotated sessions with ES256 JWT access tokens, self-service account management and data export, and standard OAuth 2.0 token, revocation, introspection and OpenID Connect userinfo and discovery endpoints. Unauthenticated app-scoped calls name their app with the `Latchkey-Client-Id` header; signed-in calls send `Authorization: Bearer <access token>`. JSON bodies use camelCase members and ISO 8601 dates; request bodies are strict and refuse unknown members. Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code` and localized texts, except on the OAuth endpoints, which answer RFC 6749 errors. Every response carries `X-Request-Id`."
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8080"
            }
          ],
          "components": {
            "schemas": {
              "SessionTokens": {
                "type": "object",
                "description": "The tokens of one signed-in session, as every sign-in, sign-up and refresh returns them.",
                "required": [
                  "accessToken",
                  "refreshToken",
                  "tokenType",
                  "expiresIn",
                  "expiresAt"
                ],
                "properties": {
                  "accessToken": {
                    "type": "string",
                    "description": "The JWT access token (`typ: at+jwt`, ES256), sent as `Authorization: Bearer`."
                  },
                  "refreshToken": {
                    "type": "string",
                    "description": "The opaque refresh token (`lkr_…`); single use, rotated by each refresh."
                  },
                  "tokenType": {
                    "type": "string",
                    "description": "Always `Bearer`.",
                    "enum": [
                      "Bearer"
                    ]
                  },
                  "expiresIn": {
                    "type": "integer",
                    "description": "Seconds until the access token expires."
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the access token expires."
                  },
                  "scope": {
                    "type": "string",
                    "description": "The access token's scope: `openid profile public`, or `openid profile` for a child without parental consent.",
                    "enum": [
                      "openid profile public",
                      "openid profile"
                    ]
                  }
                }
              },
              "AuthResponse": {
                "type": "object",
                "description": "The answer to sign-up, sign-in and refresh: the user and, when signed in, the session's tokens.",
                "required": [
                  "user"
                ],
                "properties": {
                  "user": {
                    "$ref": "#/components/schemas/UserRecord",
                    "description": "The signed-in (or newly created) user."
                  },
                  "session": {
                    "$ref": "#/components/schemas/SessionTokens",
                    "description": "The session's tokens. Absent for an email sign-up of an app that hides whether an email is taken (the client then signs in)."
                  },
                  "recoveryCodes": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The user's new recovery codes, in clear only in this answer: present when this sign-in's second step (`POST /v1/auth/mfa`) confirmed the first authenticator of a user whose app requires one. Show them once."
                  }
                }
              },
              "UserRecord": {
                "type": "object",
                "description": "A user as the API shows it to the user themself. Optional members are omitted when unset.",
                "required": [
                  "id",
                  "uid",
                  "emailVerified",
                  "profileCreated",
                  "identities",
                  "createdAt",
                  "updatedAt"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "The stable user id."
                  },
                  "uid": {
                    "type": "string",
                    "description": "The Wilddog-style uid, `provider:id` (e.g. `password:8f3c…`)."
                  },
                  "username": {
                    "type": "string",
                    "description": "The username, if the user has one."
                  },
                  "email": {
                    "type": "string",
                    "description": "The email, if the user has one."
                  },
                  "emailVerified": {
                    "type": "boolean",
                    "description": "Whether the email was verified through a verification link."
                  },
                  "dateOfBirth": {
                    "type": "string",
                    "description": "Date of birth, `YYYY-MM-DD`.",
                    "format": "date"
                  },
                  "country": {
                    "type": "string",
                    "description": "ISO 3166-1 alpha-2 country code, upper-case."
                  },
                  "parentEmail": {
                    "type": "string",
                    "description": "The parent's email."
                  },
                  "phone": {
                    "type": "string",
                    "description": "The verified phone number, E.164 (Kuggle)."
                  },
                  "displayName": {
                    "type": "string",
                    "description": "A display name, e.g. from an external provider's profile."
                  },
                  "profileCreated": {
                    "type": "boolean",
                    "description": "Whether the user has a profile; false for an account made by phone sign-in until one is created (Kuggle's `profilecreated`)."
                  },
                  "identities": {
                    "type": "array",
                    "description": "The ways this user can sign in.",
                    "items": {
                      "$ref": "#/components/schemas/Identity"
                    }
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the account was created."
                  },
                  "updatedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the account last changed."
                  },
                  "lastSignInAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the user last signed in."
                  },
                  "consent": {
                    "$ref": "#/components/schemas/ConsentState",
                    "description": "Parental consent; only on a child's account."
                  },
                  "isAnonymous": {
                    "type": "boolean",
                    "description": "Whether the user is a guest (anonymous or device sign-in) who has not linked a password, email, phone or provider yet."
                  }
                }
              },
              "Identity": {
                "type": "object",
                "description": "One way a user signs in: a provider and the user's id at that provider.",
                "required": [
                  "provider",
                  "subject",
                  "createdAt"
                ],
                "properties": {
                  "provider": {
                    "type": "string",
                    "description": "The provider: `password`, `phone`, `facebook`, or the app's name for an OpenID Connect provider (`google`, `apple`)."
                  },
                  "subject": {
                    "type": "string",
                    "description": "The user's identifier at the provider (for `password`, the user id; for `phone`, the number)."
                  },
                  "issuer": {
                    "type": "string",
                    "description": "For OpenID Connect providers, the issuer that keys the identity together with `subject`."
                  },
                  "email": {
                    "type": "string",
                    "description": "The email the provider reported, if any."
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the identity was linked."
                  }
                }
              },
              "SessionDescriptor": {
                "type": "object",
                "description": "One signed-in device.",
                "required": [
                  "id",
                  "createdAt",
                  "lastUsedAt",
                  "expiresAt",
                  "current"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "The session id (the access token's `sid` claim)."
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the session began (sign-in time)."
                  },
                  "lastUsedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When its refresh token was last used."
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the session ends at the latest."
                  },
                  "userAgent": {
                    "type": "string",
                    "description": "The user agent that signed in, if known."
                  },
                  "ipAddress": {
                    "type": "string",
                    "description": "The client IP that signed in, if known."
                  },
                  "current": {
                    "type": "boolean",
                    "description": "Whether this is the session of the calling token."
                  }
                }
              },
              "Problem": {
                "type": "object",
                "description": "An RFC 9457 problem document, as every non-OAuth error response carries it (`Content-Type: application/problem+json`). `title`, `detail` and field `message`s are localized per `Accept-Language` (en, zh-Hans, ja).",
                "required": [
                  "type",
                  "title",
                  "status",
                  "code"
                ],
                "properties": {
                  "type": {
                    "type": "string",
                    "description": "A URI naming the problem type, `https://latchkey.dev/problems/{code}`.",
                    "format": "uri"
                  },
                  "title": {
                    "type": "string",
                    "description": "A short localized summary of the problem."
                  },
                  "status": {
                    "type": "integer",
                    "description": "The HTTP status code.",
                    "minimum": 100,
                    "maximum": 599
                  },
                  "detail": {
                    "type": "string",
                    "description": "A localized, human-readable explanation for this occurrence."
                  },
                  "code": {
                    "$ref": "#/components/schemas/ErrorCode",
                    "description": "The stable machine code."
                  },
                  "errors": {
                    "type": "array",
                    "description": "Field-level failures, all at once.",
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    }
                  },
                  "requestId": {
                    "type": "string",
                    "description": "The request id, as in the `X-Request-Id` header."
                  },
                  "challenge": {
                    "type": "string",
                    "description": "For `mfa_required`: the challenge `POST /v1/auth/mfa` completes (five minutes, one sign-in, five codes)."
                  },
                  "enrollment": {
                    "type": "boolean",
                    "description": "For `mfa_required`: true when the app requires a second factor the user has not enrolled; `POST /v1/auth/mfa/totp` starts one."
                  }
                }
              },
              "FieldError": {
                "type": "object",
                "description": "One field's failure inside a Problem.",
                "required": [
                  "field",
                  "code"
                ],
                "properties": {
                  "field": {
                    "type": "string",
                    "description": "The JSON member name (camelCase), e.g. `dateOfBirth`, or a header name such as `Latchkey-Client-Id`."
                  },
                  "code": {
                    "$ref": "#/components/schemas/ErrorCode",
                    "description": "The stable machine code, e.g. `invalid_date_of_birth`."
                  },
                  "reason": {
                    "type": "string",
                    "description": "A finer reason where one exists; for `invalid_password`, a PasswordRejection value.",
                    "examples": [
                      "too_short",
                      "too_long",
                      "too_common",
                      "contains_context"
                    ]
                  },
                  "message": {
                    "type": "string",
                    "description": "A localized message for this field."
                  }
                }
              },
              "ErrorCode": {
                "type": "string",
                "description": "Stable, machine-readable error codes shared by the server and the SDK. Codes never change meaning once published. The list grows: a client must accept a code it does not know (the Swift SDK keeps it with the localized title and detail) and fall back on the HTTP status."
              },
              "PasswordRejection": {
                "type": "string",
                "description": "Why a password was refused; carried in a field error's `reason`.",
                "enum": [
                  "too_short",
                  "too_long",
                  "too_common",
                  "contains_context"
                ]
              },
              "AccessTokenClaims": {
                "type": "object",
                "description": "The claims of a Latchkey access token (RFC 9068 profile). No personal data: ids, app and scope only.",
                "required": [
                  "iss",
                  "sub",
                  "aud",
                  "exp",
                  "iat",
                  "nbf",
                  "jti",
                  "scope",
                  "app_id",
                  "client_id"
                ],
                "properties": {
                  "iss": {
                    "type": "string",
                    "description": "Issuer: the server's public base URL."
                  },
                  "sub": {
                    "type": "string",
                    "description": "Subject: the user id (or `client:{client_id}`)."
                  },
                  "aud": {
                    "type": "string",
                    "description": "Audience: the app's client id."
                  },
                  "exp": {
                    "type": "integer",
                    "description": "Expiry, seconds since 1970."
                  },
                  "iat": {
                    "type": "integer",
                    "description": "Issued at, seconds since 1970."
                  },
                  "nbf": {
                    "type": "integer",
                    "description": "Not before, seconds since 1970."
                  },
                  "jti": {
                    "type": "string",
                    "description": "A unique token id."
                  },
                  "sid": {
                    "type": "string",
                    "description": "The session id; absent on client-credentials tokens."
                  },
                  "scope": {
                    "type": "string",
                    "description": "Space-separated scopes."
                  },
                  "app_id": {
                    "type": "string",
                    "description": "The app id."
                  },
                  "client_id": {
                    "type": "string",
                    "description": "The client id."
                  },
                  "is_anonymous": {
                    "type": "boolean",
                    "description": "`true` on a guest's tokens (Supabase's `is_anonymous`); absent otherwise."
                  }
                }
              },
              "EmailTokenRequest": {
                "type": "object",
                "description": "The token of an email link.",
                "required": [
                  "token"
                ],
                "additionalProperties": false,
                "properties": {
                  "token": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "AdminUser": {
                "type": "object",
                "description": "A user as an app's own servers see it.",
                "required": [
                  "user",
                  "disabled"
                ],
                "properties": {
                  "user": {
                    "$ref": "#/components/schemas/UserRecord"
                  },
                  "disabled": {
                    "type": "boolean",
                    "description": "Whether the account is disabled."
                  }
                }
              },
              "ConsentStatus": {
                "type": "string",
                "description": "Where a child's parental consent stands: `pending` (asked, no answer), `granted`, `denied`, `revoked`. Anything but `granted` means restricted tokens (`openid profile`, no `public`).",
                "enum": [
                  "pending",
                  "granted",
                  "denied",
                  "revoked"
                ]
              },
              "ConsentState": {
                "type": "object",
                "description": "A child's parental consent, on accounts that signed up under the consent age of their country.",
                "required": [
                  "status",
                  "requestedAt"
                ],
                "properties": {
                  "status": {
                    "$ref": "#/components/schemas/ConsentStatus"
                  },
                  "requestedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the parent was first asked (sign-up)."
                  },
                  "decidedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the parent last decided."
                  }
                }
              },
              "Gender": {
                "type": "string",
                "enum": [
                  "female",
                  "male",
                  "other"
                ],
                "description": "Kuggle's genders."
              },
              "LeaderboardJSON": {
                "description": "Any JSON value."
              },
              "ImportedIdentity": {
                "type": "object",
                "description": "A provider identity of an imported user.",
                "required": [
                  "provider",
                  "subject"
                ],
                "additionalProperties": false,
                "properties": {
                  "provider": {
                    "type": "string",
                    "description": "The app's provider name (`google`), or the key identities are stored under for a provider the app has not configured (an issuer URL, `facebook`)."
                  },
                  "subject": {
                    "type": "string",
                    "description": "The user's id at the provider."
                  },
                  "email": {
                    "type": "string",
                    "description": "The email the provider reported."
                  }
                }
              },
              "ImportedUser": {
                "type": "object",
                "description": "One user of an import (a JSON line or CSV row) and of `latchkey export users`, which writes the same shape so an export re-imports as it is. See docs/import.md.",
                "required": [
                  "externalId"
                ],
                "additionalProperties": false,
                "properties": {
                  "externalId": {
                    "type": "string",
                    "description": "The user's id in the system they come from; a re-run matches on it (or on a Latchkey user id of the app)."
                  },
                  "email": {
                    "type": "string",
                    "description": "Email address."
                  },
                  "emailVerified": {
                    "type": "boolean",
                    "description": "Kept as given."
                  },
                  "username": {
                    "type": "string",
                    "description": "Username."
                  },
                  "phone": {
                    "type": "string",
                    "description": "E.164 phone number."
                  },
                  "displayName": {
                    "type": "string",
                    "description": "Display name."
                  },
                  "passwordHash": {
                    "type": "string",
                    "description": "The hash as the other system stores it: bcrypt ($2a$/$2b$/$2y$), passlib scrypt, Django or passlib PBKDF2-SHA256/512, SHA-512-crypt ($6$), Argon2 PHC strings; or Firebase's base64 hash with `passwordSalt` and `passwordHashFormat` `firebase_scrypt`."
                  },
                  "passwordSalt": {
                    "type": "string",
                    "description": "Firebase's per-user salt (base64)."
                  },
                  "passwordHashFormat": {
                    "type": "string",
                    "enum": [
                      "firebase_scrypt"
                    ],
                    "description": "Only for Firebase hashes; other formats are told by their prefix."
                  },
                  "identities": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ImportedIdentity"
                    },
                    "description": "Provider identities to link."
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the user was created in the other system."
                  }
                }
              },
              "PasskeyRecord": {
                "type": "object",
                "description": "One of the user's passkeys.",
                "required": [
                  "id",
                  "name",
                  "aaguid",
                  "backupEligible",
                  "backedUp",
                  "transports",
                  "createdAt"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "base64url without padding."
                  },
                  "name": {
                    "type": "string"
                  },
                  "aaguid": {
                    "type": "string",
                    "description": "The authenticator model's AAGUID (zero when not given)."
                  },
                  "backupEligible": {
                    "type": "boolean"
                  },
                  "backedUp": {
                    "type": "boolean"
                  },
                  "transports": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "lastUsedAt": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "parameters": {
              "RequestId": {
                "name": "X-Request-Id",
                "in": "header",
                "required": false,
                "description": "An id to correlate this request in logs; echoed in the response when it is 1-64 characters of `A-Z a-z 0-9 - _ .` (otherwise the server assigns one).",
                "schema": {
                  "type": "string"
                }
              },
              "AcceptLanguage": {
                "name": "Accept-Language",
                "in": "header",
                "required": false,
                "description": "Preferred languages for error texts (`en`, `zh-Hans`/`zh`, `ja`; q-values honoured). English by default.",
                "schema": {
                  "type": "string"
                }
              },
              "ClientIdMatch": {
                "name": "Latchkey-Client-Id",
                "in": "header",
                "required": false,
                "description": "Optional; when present it must name the app of the bearer token (its `aud`), else 401 `client_mismatch`.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "headers": {
              "X-Request-Id": {
                "description": "The request id: the caller's `X-Request-Id` when it is 1-64 characters of `A-Z a-z 0-9 - _ .`, else a new one.",
                "schema": {
                  "type": "string"
                }
              },
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "integer",
                  "minimum": 1
                }
              },
              "WWW-Authenticate": {
                "description": "The bearer challenge (RFC 6750 §3): `Bearer realm=\"latchkey\"` when no token was sent, else with `error=\"invalid_token\"`.",
                "schema": {
                  "type": "string"
                }
              },
              "Content-Language": {
                "description": "The language the problem's texts are written in: `en`, `zh-Hans` or `ja`.",
                "schema": {
                  "type": "string",
                  "enum": [
                    "en",
                    "zh-Hans",
                    "ja"
                  ]
                }
              },
              "Cache-Control-Public": {
                "description": "`public, max-age=300`.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "securitySchemes": {
              "bearerAuth": {
                "type": "http",
                "scheme": "bearer",
                "bearerFormat": "JWT",
                "description": "An access token from sign-up, sign-in, refresh or the token endpoint."
              },
              "clientId": {
                "type": "apiKey",
                "in": "header",
                "name": "Latchkey-Client-Id",
                "description": "The client id of the app an unauthenticated app-scoped request belongs to."
              },
              "clientBasic": {
                "type": "http",
                "scheme": "basic",
                "description": "OAuth client authentication: `Basic base64(urlencode(client_id):urlencode(client_secret))`. Alternatively send `client_id` (and `client_secret`) in the form."
              },
              "clientCredentials": {
                "type": "oauth2",
                "description": "A confidential client's access token from `POST /oauth/token` with `grant_type=client_credentials` and its client secret. User tokens never carry these scopes.",
                "flows": {
                  "clientCredentials": {
                    "tokenUrl": "/oauth/token"
                  }
                }
              },
              "metricsToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "The server's metrics token (`LATCHKEY_METRICS_TOKEN` or `serve --metrics-token-file`)."
              },
              "operatorSession": {
                "type": "http",
                "scheme": "bearer",
                "bearerFormat": "lko_…",
                "description": "An operator's session token from `POST /v1/operator/sessions` (password and TOTP code). Each operation says the least role it needs: viewer, admin or owner."
              }
            }
          }
        }
        """#
    )
}
