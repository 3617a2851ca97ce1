extension PasskeysFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/me/passkeys/options": {
              "post": {
                "operationId": "passkeyCreationOptions",
                "tags": [
                  "me"
                ],
                "summary": "Options for a new passkey",
                "description": "The WebAuthn creation options (`PublicKeyCredentialCreationOptionsJSON`) for a new passkey of the signed-in user: a single-use challenge valid for 5 minutes, the RP ID, the user handle (the user id, which names no one), the algorithms the server verifies and the user's passkeys to exclude. Pass them to `navigator.credentials.create` (after `PublicKeyCredential.parseCreationOptionsFromJSON`) or the platform's passkey API.",
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
                    "description": "The creation options.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyCreationOptions"
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
                    "description": "Passkeys are not among the app's `signInMethods` (`method_disabled`). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry after `Retry-After`.",
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
            "/v1/me/passkeys": {
              "get": {
                "operationId": "listPasskeys",
                "tags": [
                  "me"
                ],
                "summary": "The signed-in user's passkeys",
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
                    "description": "The passkeys, oldest first.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyList"
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
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry after `Retry-After`.",
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
                "operationId": "registerPasskey",
                "tags": [
                  "me"
                ],
                "summary": "Register a passkey",
                "description": "Verifies the credential an authenticator made for the creation options (WebAuthn §7.1: the challenge, origin, RP ID, user presence and, where the app requires it, verification; `none` or `packed` self attestation) and stores it. The passkey becomes one of the user's identities, so a guest who registers one is upgraded in place. Needs a recent sign-in (`reauthenticationWindowSeconds`), as linking a provider does.",
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
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/PasskeyRegistrationRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The new passkey.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyRecord"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`).",
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
                  "401": {
                    "description": "The bearer token is missing (`unauthorized`), or invalid, expired, revoked or for another app (`invalid_token`), or `Latchkey-Client-Id` names another app (`client_mismatch`), or the credential does not verify (`invalid_passkey`, with a field error whose `reason` names the check: `challenge`, `origin`, `type`, `rp_id`, `user_presence`, `user_verification`, `attestation`, `algorithm`, `client_data`, `attestation_object`, `authenticator_data`, `credential`).",
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
                    "description": "Passkeys are not among the app's `signInMethods` (`method_disabled`), or the session has not signed in recently (`reauthentication_required`). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                  "409": {
                    "description": "The credential is registered already (`identity_in_use`).",
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
                  "422": {
                    "description": "The name is not 1 to 64 characters without control characters (`validation_failed` with an `invalid_request` field error on `name`).",
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
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry after `Retry-After`.",
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
            "/v1/me/passkeys/{id}": {
              "delete": {
                "operationId": "deletePasskey",
                "tags": [
                  "me"
                ],
                "summary": "Remove a passkey",
                "description": "Removes one of the signed-in user's passkeys; it signs in no more. The user's last way to sign in (no password and no other identity) cannot be removed. Needs a recent sign-in.",
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The credential id, base64url.",
                    "schema": {
                      "type": "string"
                    }
                  },
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
                  "204": {
                    "description": "Removed.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
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
                    "description": "The session has not signed in recently (`reauthentication_required`). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                  "404": {
                    "description": "The user has no passkey of this id (`not_found`).",
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
                  "409": {
                    "description": "The passkey is the user's only way to sign in (`last_identity`).",
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
                  "503": {
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry after `Retry-After`.",
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
            "/v1/auth/passkey/options": {
              "post": {
                "operationId": "passkeyRequestOptions",
                "tags": [
                  "auth"
                ],
                "summary": "Options for a passkey sign-in",
                "description": "The WebAuthn request options (`PublicKeyCredentialRequestOptionsJSON`) for signing in with a passkey and no username: a single-use challenge valid for 5 minutes and an empty `allowCredentials`, so the authenticator offers the user's discoverable passkeys and the options say nothing about which accounts exist. Nothing is stored until a response uses the challenge.",
                "security": [
                  {
                    "clientId": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The request options.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyRequestOptions"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "`Latchkey-Client-Id` names no app (`unknown_client`).",
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
                  "403": {
                    "description": "Passkeys are not among the app's `signInMethods` (`method_disabled`).",
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
            "/v1/auth/passkey": {
              "post": {
                "operationId": "signInWithPasskey",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in with a passkey",
                "description": "Verifies a passkey's assertion (WebAuthn §7.2: the challenge, origin, RP ID, user presence and, where the app requires it, verification, the signature with the stored key, and a signature counter that goes forward) and signs its user in. A challenge signs in once. A passkey whose authenticator verified its user (UV: PIN or biometrics) is two factors and asks for no other; one without UV is a first factor, so a user with an enrolled authenticator (or any user of an app with `totpRequired`) gets `mfa_required` with a `challenge` for `POST /v1/auth/mfa`, as after a password.",
                "security": [
                  {
                    "clientId": []
                  }
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/PasskeySignInRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Signed in.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AuthResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`).",
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
                  "401": {
                    "description": "`Latchkey-Client-Id` names no app (`unknown_client`), or the assertion does not verify (`invalid_passkey`, with a field error whose `reason` names the check: `challenge`, `origin`, `type`, `rp_id`, `user_presence`, `user_verification`, `unknown_credential`, `user_handle`, `signature`, `counter`, `backup_state`, `client_data`, `authenticator_data`, `credential`), or an assertion without user verification needs the user's second factor (`mfa_required`, with a `challenge`).",
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
                  "403": {
                    "description": "Passkeys are not among the app's `signInMethods` (`method_disabled`), or the account is disabled (`account_disabled`).",
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
                    "description": "Too many failed sign-ins from this IP (an IPv6 /64) within the failure window (`rate_limited`; the app's `ipFailureLimit`, one budget with wrong passwords); retry after `Retry-After` seconds.",
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
                    "description": "The database is unreachable or its write queue is full (`service_unavailable`); retry after `Retry-After`.",
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
            "/.well-known/apple-app-site-association": {
              "get": {
                "operationId": "getAppleAppSiteAssociation",
                "tags": [
                  "well-known"
                ],
                "summary": "The Apple app site association",
                "description": "What iOS reads before an app may use this domain's passkeys (`webcredentials`) and open its email links (`applinks`): every app's `appleAppIDs`.",
                "security": [
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The association.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-Public"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AppleAppSiteAssociation"
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
            "/.well-known/assetlinks.json": {
              "get": {
                "operationId": "getAssetLinks",
                "tags": [
                  "well-known"
                ],
                "summary": "The Digital Asset Links statements",
                "description": "What Android reads before an app may use this domain's passkeys and open its links: one statement per Android app of every app's `androidApps`.",
                "security": [
                  {}
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The statements.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/Cache-Control-Public"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AssetLinks"
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
              "PasskeyDescriptor": {
                "type": "object",
                "description": "A credential named in options.",
                "required": [
                  "type",
                  "id"
                ],
                "properties": {
                  "type": {
                    "type": "string",
                    "enum": [
                      "public-key"
                    ]
                  },
                  "id": {
                    "type": "string",
                    "description": "base64url without padding."
                  },
                  "transports": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                }
              },
              "PasskeyCreationOptions": {
                "type": "object",
                "description": "`PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3 §5.1.8).",
                "required": [
                  "rp",
                  "user",
                  "challenge",
                  "pubKeyCredParams",
                  "timeout",
                  "excludeCredentials",
                  "authenticatorSelection",
                  "attestation"
                ],
                "properties": {
                  "rp": {
                    "type": "object",
                    "description": "The relying party.",
                    "required": [
                      "id",
                      "name"
                    ],
                    "properties": {
                      "id": {
                        "type": "string"
                      },
                      "name": {
                        "type": "string"
                      }
                    }
                  },
                  "user": {
                    "type": "object",
                    "description": "The user entity.",
                    "required": [
                      "id",
                      "name",
                      "displayName"
                    ],
                    "properties": {
                      "id": {
                        "type": "string",
                        "description": "base64url without padding."
                      },
                      "name": {
                        "type": "string"
                      },
                      "displayName": {
                        "type": "string"
                      }
                    }
                  },
                  "challenge": {
                    "type": "string",
                    "description": "base64url without padding."
                  },
                  "pubKeyCredParams": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "description": "An algorithm.",
                      "required": [
                        "type",
                        "alg"
                      ],
                      "properties": {
                        "type": {
                          "type": "string"
                        },
                        "alg": {
                          "type": "integer"
                        }
                      }
                    }
                  },
                  "timeout": {
                    "type": "integer",
                    "description": "Milliseconds."
                  },
                  "excludeCredentials": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeyDescriptor"
                    }
                  },
                  "authenticatorSelection": {
                    "type": "object",
                    "description": "The authenticator asked for.",
                    "required": [
                      "residentKey",
                      "requireResidentKey",
                      "userVerification"
                    ],
                    "properties": {
                      "residentKey": {
                        "type": "string"
                      },
                      "requireResidentKey": {
                        "type": "boolean"
                      },
                      "userVerification": {
                        "type": "string",
                        "enum": [
                          "preferred",
                          "required"
                        ]
                      }
                    }
                  },
                  "attestation": {
                    "type": "string",
                    "enum": [
                      "none"
                    ]
                  },
                  "extensions": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "boolean"
                    }
                  }
                }
              },
              "PasskeyRequestOptions": {
                "type": "object",
                "description": "`PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3 §5.1.9).",
                "required": [
                  "challenge",
                  "timeout",
                  "rpId",
                  "allowCredentials",
                  "userVerification"
                ],
                "properties": {
                  "challenge": {
                    "type": "string",
                    "description": "base64url without padding."
                  },
                  "timeout": {
                    "type": "integer"
                  },
                  "rpId": {
                    "type": "string"
                  },
                  "allowCredentials": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeyDescriptor"
                    }
                  },
                  "userVerification": {
                    "type": "string",
                    "enum": [
                      "preferred",
                      "required"
                    ]
                  }
                }
              },
              "PasskeyRegistrationCredential": {
                "type": "object",
                "description": "`RegistrationResponseJSON`, as `PublicKeyCredential.toJSON()` gives it.",
                "required": [
                  "id",
                  "rawId",
                  "type",
                  "response"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "The credential id, base64url."
                  },
                  "rawId": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "type": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "response": {
                    "type": "object",
                    "description": "The attestation response.",
                    "required": [
                      "clientDataJSON",
                      "attestationObject"
                    ],
                    "properties": {
                      "clientDataJSON": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "attestationObject": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "transports": {
                        "type": "array",
                        "items": {
                          "type": "string",
                          "pattern": "^[^\\u0000]*$"
                        }
                      },
                      "authenticatorData": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "publicKey": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "publicKeyAlgorithm": {
                        "type": "integer"
                      }
                    },
                    "additionalProperties": false
                  },
                  "authenticatorAttachment": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "clientExtensionResults": {
                    "type": "object",
                    "description": "The client's extension outputs; not read.",
                    "properties": {
                      "credProps": {
                        "type": "object",
                        "properties": {
                          "rk": {
                            "type": "boolean"
                          }
                        },
                        "additionalProperties": false
                      }
                    },
                    "additionalProperties": false
                  }
                },
                "additionalProperties": false
              },
              "PasskeyAssertionCredential": {
                "type": "object",
                "description": "`AuthenticationResponseJSON`, as `PublicKeyCredential.toJSON()` gives it.",
                "required": [
                  "id",
                  "rawId",
                  "type",
                  "response"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "The credential id, base64url."
                  },
                  "rawId": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "type": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "response": {
                    "type": "object",
                    "description": "The assertion response.",
                    "required": [
                      "clientDataJSON",
                      "authenticatorData",
                      "signature"
                    ],
                    "properties": {
                      "clientDataJSON": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "authenticatorData": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "signature": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "userHandle": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      }
                    },
                    "additionalProperties": false
                  },
                  "authenticatorAttachment": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "clientExtensionResults": {
                    "type": "object",
                    "description": "The client's extension outputs; not read.",
                    "properties": {
                      "credProps": {
                        "type": "object",
                        "properties": {
                          "rk": {
                            "type": "boolean"
                          }
                        },
                        "additionalProperties": false
                      }
                    },
                    "additionalProperties": false
                  }
                },
                "additionalProperties": false
              },
              "PasskeyRegistrationRequest": {
                "type": "object",
                "description": "A new passkey.",
                "required": [
                  "credential"
                ],
                "properties": {
                  "credential": {
                    "$ref": "#/components/schemas/PasskeyRegistrationCredential"
                  },
                  "name": {
                    "type": "string",
                    "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$",
                    "description": "A name to tell it apart (1–64 characters; default \"Passkey\").",
                    "maxLength": 64
                  }
                },
                "additionalProperties": false
              },
              "PasskeySignInRequest": {
                "type": "object",
                "description": "A passkey's answer to the request options.",
                "required": [
                  "credential"
                ],
                "properties": {
                  "credential": {
                    "$ref": "#/components/schemas/PasskeyAssertionCredential"
                  }
                },
                "additionalProperties": false
              },
              "PasskeyList": {
                "type": "object",
                "description": "`GET /v1/me/passkeys`.",
                "required": [
                  "passkeys"
                ],
                "properties": {
                  "passkeys": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeyRecord"
                    }
                  }
                }
              },
              "AppleAppSiteAssociation": {
                "type": "object",
                "description": "Apple's associated-domains file.",
                "required": [
                  "webcredentials",
                  "applinks"
                ],
                "properties": {
                  "webcredentials": {
                    "type": "object",
                    "description": "Apps that may use the domain's passkeys.",
                    "required": [
                      "apps"
                    ],
                    "properties": {
                      "apps": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "applinks": {
                    "type": "object",
                    "description": "Apps that open the domain's links.",
                    "required": [
                      "details"
                    ],
                    "properties": {
                      "details": {
                        "type": "array",
                        "items": {
                          "type": "object",
                          "description": "Apps and the paths they open.",
                          "required": [
                            "appIDs",
                            "components"
                          ],
                          "properties": {
                            "appIDs": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "components": {
                              "type": "array",
                              "items": {
                                "type": "object"
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "AssetLinks": {
                "type": "array",
                "description": "Digital Asset Links statements.",
                "items": {
                  "type": "object",
                  "description": "One Android app.",
                  "required": [
                    "relation",
                    "target"
                  ],
                  "properties": {
                    "relation": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "target": {
                      "type": "object",
                      "description": "The app.",
                      "required": [
                        "namespace",
                        "package_name",
                        "sha256_cert_fingerprints"
                      ],
                      "properties": {
                        "namespace": {
                          "type": "string"
                        },
                        "package_name": {
                          "type": "string"
                        },
                        "sha256_cert_fingerprints": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        """#
    )
}
