extension OAuthFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "oauth",
              "description": "OAuth 2.0 token, revocation and introspection, and OpenID Connect userinfo."
            }
          ],
          "paths": {
            "/oauth/token": {
              "post": {
                "operationId": "oauthToken",
                "tags": [
                  "oauth"
                ],
                "summary": "OAuth 2.0 token endpoint",
                "description": "Grants: `authorization_code` (the hosted login's code with its PKCE `code_verifier` and `redirect_uri`; public clients need no secret; a reused code is refused and what it issued revoked; answers an `id_token` too for scope `openid`); `refresh_token`; `client_credentials` (confidential clients only; no refresh token, scope `client`); `urn:ietf:params:oauth:grant-type:jwt-bearer` (RFC 7523: a service-account key's signed `assertion` is the client's authentication, as Google's client libraries send it; no refresh token; the same client token as `client_credentials`); `password` (only where the app enables it). Client authentication: HTTP Basic (`client_secret_basic`), `client_id` + `client_secret` in the form (`client_secret_post`), or `client_id` alone for public clients (`none`).",
                "security": [
                  {
                    "clientBasic": []
                  },
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "$ref": "#/components/schemas/OAuthTokenForm"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The tokens.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthTokenResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "`invalid_request` (not form-encoded, malformed or repeated parameter, missing `grant_type` or a grant's parameters), `invalid_grant` (bad, expired or revoked refresh token; wrong credentials or disabled account; a service-account assertion that is malformed, not RS256, signed by an unknown, revoked or wrong key, for another audience, expired, valid for more than an hour, issued in the future, or whose `jti` was used before), `unauthorized_client` (password grant disabled, or `client_credentials` from a public client), `unsupported_grant_type`, `invalid_scope` (a `client_credentials` scope that is empty, unknown or not allowed).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Client authentication failed (`invalid_client`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate-Basic"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "Password grant: username or email sign-in is not enabled for this app (`method_disabled`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than the server accepts (`body_too_large`; 64 KiB by default).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many wrong client secrets for this client or from this IP, or (password grant) too many failed sign-ins from this IP (`rate_limited`); even the right secret is refused until `Retry-After`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full or password hashing is overloaded (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/revoke": {
              "post": {
                "operationId": "oauthRevoke",
                "tags": [
                  "oauth"
                ],
                "summary": "Revoke a token (RFC 7009)",
                "description": "Revokes the session a refresh or access token of the client's app belongs to. Unknown, invalid or foreign tokens are ignored (the answer is the same).",
                "security": [
                  {
                    "clientBasic": []
                  },
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "$ref": "#/components/schemas/OAuthRevocationForm"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Revoked (or nothing to revoke). Empty body.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      }
                    }
                  },
                  "400": {
                    "description": "`invalid_request`: not form-encoded, malformed or repeated parameter, or missing `token`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Client authentication failed (`invalid_client`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate-Basic"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than the server accepts (`body_too_large`; 64 KiB by default).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many wrong client secrets for this client or from this IP (`rate_limited`); even the right secret is refused until `Retry-After`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/introspect": {
              "post": {
                "operationId": "oauthIntrospect",
                "tags": [
                  "oauth"
                ],
                "summary": "Introspect a token (RFC 7662)",
                "description": "Confidential clients only. Answers the token's metadata if it is active and belongs to the caller's app, else `{\"active\": false}`.",
                "security": [
                  {
                    "clientBasic": []
                  },
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "$ref": "#/components/schemas/OAuthIntrospectionForm"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The token's state.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IntrospectionResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "`invalid_request`: not form-encoded, malformed or repeated parameter, or missing `token`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Client authentication failed, or the client is public (`invalid_client`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      },
                      "Pragma": {
                        "$ref": "#/components/headers/Pragma"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate-Basic"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OAuthError"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than the server accepts (`body_too_large`; 64 KiB by default).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many wrong client secrets for this client or from this IP (`rate_limited`); even the right secret is refused until `Retry-After`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/oauth/userinfo": {
              "get": {
                "operationId": "getUserInfo",
                "tags": [
                  "oauth"
                ],
                "summary": "OpenID Connect UserInfo",
                "description": "The signed-in user's claims.",
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "$ref": "#/components/parameters/ClientIdMatch"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The user's claims.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UserInfo"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The bearer token is missing (`unauthorized`), or invalid, expired, revoked or for another app (`invalid_token`), or `Latchkey-Client-Id` names another app (`client_mismatch`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "postUserInfo",
                "tags": [
                  "oauth"
                ],
                "summary": "OpenID Connect UserInfo (POST)",
                "description": "The signed-in user's claims. No request body.",
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  },
                  {
                    "$ref": "#/components/parameters/ClientIdMatch"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The user's claims.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-NoStore"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UserInfo"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "The bearer token is missing (`unauthorized`), or invalid, expired, revoked or for another app (`invalid_token`), or `Latchkey-Client-Id` names another app (`client_mismatch`).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "WWW-Authenticate": {
                        "$ref": "#/components/headers/WWW-Authenticate"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry later.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "$ref": "#/components/headers/Retry-After"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "default": {
                    "description": "Unexpected failure (`internal_error`); nothing was written.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "OAuthError": {
                "type": "object",
                "description": "An RFC 6749 §5.2 error answer, sent with `Cache-Control: no-store` and `Pragma: no-cache`.",
                "required": [
                  "error",
                  "error_description"
                ],
                "properties": {
                  "error": {
                    "type": "string",
                    "description": "The RFC 6749 error code.",
                    "enum": [
                      "invalid_request",
                      "invalid_client",
                      "invalid_grant",
                      "unauthorized_client",
                      "unsupported_grant_type",
                      "invalid_scope"
                    ]
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A human-readable explanation."
                  }
                }
              },
              "OAuthTokenResponse": {
                "type": "object",
                "description": "RFC 6749 §5.1 access token response.",
                "required": [
                  "access_token",
                  "token_type",
                  "expires_in",
                  "scope"
                ],
                "properties": {
                  "access_token": {
                    "type": "string",
                    "description": "The JWT access token."
                  },
                  "token_type": {
                    "type": "string",
                    "description": "Always `Bearer`.",
                    "enum": [
                      "Bearer"
                    ]
                  },
                  "expires_in": {
                    "type": "integer",
                    "description": "Seconds until the access token expires."
                  },
                  "refresh_token": {
                    "type": "string",
                    "description": "The rotated refresh token (`lkr_…`); absent for `client_credentials`."
                  },
                  "scope": {
                    "type": "string",
                    "description": "`openid profile public` for user grants (`openid profile` for a child awaiting parental consent); `client` for `client_credentials`."
                  },
                  "id_token": {
                    "type": "string",
                    "description": "For `authorization_code` with scope `openid`: the OpenID Connect ID token (ES256, `kid` of the JWKS)."
                  }
                }
              },
              "IntrospectionResponse": {
                "type": "object",
                "description": "RFC 7662 §2.2 introspection answer. An inactive, unknown or foreign token answers only `{\"active\": false}`.",
                "required": [
                  "active"
                ],
                "properties": {
                  "active": {
                    "type": "boolean",
                    "description": "Whether the token is active and belongs to the calling client's app."
                  },
                  "token_type": {
                    "type": "string",
                    "description": "The kind of token.",
                    "enum": [
                      "access_token",
                      "refresh_token"
                    ]
                  },
                  "client_id": {
                    "type": "string",
                    "description": "The client id of the token's app."
                  },
                  "sub": {
                    "type": "string",
                    "description": "The subject: a user id, or `client:{client_id}` for client-credentials tokens."
                  },
                  "aud": {
                    "type": "string",
                    "description": "The audience (access tokens only)."
                  },
                  "iss": {
                    "type": "string",
                    "description": "The issuer."
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
                    "description": "Not before, seconds since 1970 (access tokens only)."
                  },
                  "jti": {
                    "type": "string",
                    "description": "The token id (access tokens only)."
                  },
                  "sid": {
                    "type": "string",
                    "description": "The session id (absent for client-credentials tokens)."
                  },
                  "scope": {
                    "type": "string",
                    "description": "Space-separated scopes."
                  }
                }
              },
              "UserInfo": {
                "type": "object",
                "description": "OpenID Connect UserInfo claims.",
                "required": [
                  "sub",
                  "updated_at"
                ],
                "properties": {
                  "sub": {
                    "type": "string",
                    "description": "The user id."
                  },
                  "updated_at": {
                    "type": "integer",
                    "description": "When the account last changed, seconds since 1970."
                  },
                  "preferred_username": {
                    "type": "string",
                    "description": "The username, if the user has one."
                  },
                  "email": {
                    "type": "string",
                    "description": "The email, if the user has one."
                  },
                  "email_verified": {
                    "type": "boolean",
                    "description": "Whether the email is verified; present when `email` is."
                  }
                }
              },
              "OAuthTokenForm": {
                "type": "object",
                "allOf": [
                  {
                    "if": {
                      "properties": {
                        "grant_type": {
                          "const": "authorization_code"
                        }
                      }
                    },
                    "then": {
                      "required": [
                        "code",
                        "redirect_uri",
                        "code_verifier"
                      ]
                    }
                  },
                  {
                    "if": {
                      "properties": {
                        "grant_type": {
                          "const": "refresh_token"
                        }
                      }
                    },
                    "then": {
                      "required": [
                        "refresh_token"
                      ]
                    }
                  },
                  {
                    "if": {
                      "properties": {
                        "grant_type": {
                          "const": "password"
                        }
                      }
                    },
                    "then": {
                      "required": [
                        "username",
                        "password"
                      ]
                    }
                  },
                  {
                    "if": {
                      "properties": {
                        "grant_type": {
                          "const": "urn:ietf:params:oauth:grant-type:jwt-bearer"
                        }
                      }
                    },
                    "then": {
                      "required": [
                        "assertion"
                      ]
                    }
                  }
                ],
                "description": "RFC 6749 token request. The client authenticates with HTTP Basic, or with `client_id` (+ `client_secret`) in the form; public clients send only `client_id`. A repeated parameter is refused; parameters the endpoint does not read are ignored (RFC 6749 §3.1).",
                "required": [
                  "grant_type"
                ],
                "properties": {
                  "grant_type": {
                    "type": "string",
                    "description": "The grant.",
                    "enum": [
                      "authorization_code",
                      "refresh_token",
                      "password",
                      "client_credentials",
                      "urn:ietf:params:oauth:grant-type:jwt-bearer"
                    ]
                  },
                  "refresh_token": {
                    "type": "string",
                    "description": "Required for `refresh_token`.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "username": {
                    "type": "string",
                    "description": "Required for `password`: a username, or an email (contains `@`).",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "password": {
                    "type": "string",
                    "description": "Required for `password`.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_id": {
                    "type": "string",
                    "description": "The client id (when not using HTTP Basic).",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_secret": {
                    "type": "string",
                    "description": "The client secret of a confidential client (when not using HTTP Basic). Required for `client_credentials`.",
                    "maxLength": 256,
                    "pattern": "^[^\\u0000]*$"
                  },
                  "scope": {
                    "type": "string",
                    "description": "For `client_credentials` and `urn:ietf:params:oauth:grant-type:jwt-bearer`: the space-separated scopes wanted (`users:read`, `users:write`); every server-to-server scope when absent. Other grants ignore it.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "assertion": {
                    "type": "string",
                    "description": "Required for `urn:ietf:params:oauth:grant-type:jwt-bearer`: a JWT signed (RS256) with a service-account key's private key (`latchkey apps service-account create`), `kid` its key id, `iss` (and `sub`, if present) its `client_email`, `aud` this token endpoint (or `https://oauth2.googleapis.com/token`, as google-auth signs), `iat` and `exp` at most an hour apart, optional single-use `jti`. A `scope` claim is ignored.",
                    "maxLength": 16384,
                    "pattern": "^[^\\u0000]*$"
                  },
                  "code": {
                    "type": "string",
                    "description": "Required for `authorization_code`: the code from the redirect (single use, 60 s).",
                    "maxLength": 256,
                    "pattern": "^[^\\u0000]*$"
                  },
                  "redirect_uri": {
                    "type": "string",
                    "description": "Required for `authorization_code`: the redirect URI of the authorization request.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "code_verifier": {
                    "type": "string",
                    "description": "Required for `authorization_code`: the PKCE verifier (43–128 characters).",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "OAuthRevocationForm": {
                "type": "object",
                "description": "RFC 7009 revocation request. Client authentication as for the token endpoint; public clients may revoke.",
                "required": [
                  "token"
                ],
                "properties": {
                  "token": {
                    "type": "string",
                    "description": "A refresh token (`lkr_…`) or an access token; its whole session is revoked.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "token_type_hint": {
                    "type": "string",
                    "description": "Accepted and ignored, whatever its value (RFC 7009 §2.1: only a hint); the token's kind is recognised from its form.",
                    "examples": [
                      "refresh_token",
                      "access_token"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_id": {
                    "type": "string",
                    "description": "The client id (when not using HTTP Basic).",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_secret": {
                    "type": "string",
                    "description": "The client secret (when not using HTTP Basic).",
                    "maxLength": 256,
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "OAuthIntrospectionForm": {
                "type": "object",
                "description": "RFC 7662 introspection request. Only confidential clients (a valid secret, via HTTP Basic or `client_secret`) may introspect.",
                "required": [
                  "token"
                ],
                "properties": {
                  "token": {
                    "type": "string",
                    "description": "The token to inspect.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "token_type_hint": {
                    "type": "string",
                    "description": "Accepted and ignored, whatever its value (RFC 7009 §2.1: only a hint); the token's kind is recognised from its form.",
                    "examples": [
                      "refresh_token",
                      "access_token"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_id": {
                    "type": "string",
                    "description": "The client id (when not using HTTP Basic).",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "client_secret": {
                    "type": "string",
                    "description": "The client secret (when not using HTTP Basic).",
                    "maxLength": 256,
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              }
            },
            "headers": {
              "WWW-Authenticate-Basic": {
                "description": "`Basic realm=\"latchkey\"`, present when the client tried HTTP Basic authentication.",
                "schema": {
                  "type": "string"
                }
              },
              "Cache-Control-NoStore": {
                "description": "`no-store`.",
                "schema": {
                  "type": "string"
                }
              },
              "Pragma": {
                "description": "`no-cache`.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
        """#
    )
}
