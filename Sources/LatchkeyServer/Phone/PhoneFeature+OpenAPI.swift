extension PhoneFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/auth/phone/start": {
              "post": {
                "operationId": "startPhoneSignIn",
                "tags": [
                  "auth"
                ],
                "summary": "Send a sign-in PIN by SMS",
                "description": "Sends a 6-digit PIN (valid 10 minutes, at most 5 checks, single use, bound to the returned `requestId`). The answer is the same whether or not the number has an account.",
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
                        "$ref": "#/components/schemas/PhoneStartRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "The PIN is queued for sending.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PhoneStartResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), the `Latchkey-Client-Id` header is missing (`invalid_request`), or the number is not E.164 (`invalid_phone`).",
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
                    "description": "Phone sign-in is not enabled for this app (`method_disabled`).",
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
                    "description": "The body is larger than the limit (`body_too_large`).",
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
                    "description": "Too many PINs or links for this recipient or from this IP (`rate_limited`); see `Retry-After`.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      },
                      "Content-Language": {
                        "$ref": "#/components/headers/Content-Language"
                      },
                      "Retry-After": {
                        "description": "Seconds to wait.",
                        "schema": {
                          "type": "integer"
                        }
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
                  }
                }
              }
            },
            "/v1/auth/phone/verify": {
              "post": {
                "operationId": "verifyPhone",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in with an SMS PIN",
                "description": "Checks the PIN of `requestId`; the first verification of a number creates its user (`profileCreated: false`).",
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
                        "$ref": "#/components/schemas/PhoneVerifyRequest"
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
                  "201": {
                    "description": "Signed in; the user was created.",
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
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), the header is missing, the number is invalid (`invalid_phone`), the PIN is wrong (`invalid_code`), or the PIN is expired, used, out of checks or unknown (`code_expired`).",
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
                    "description": "`Latchkey-Client-Id` names no app (`unknown_client`). A user with an enrolled authenticator (or any user of an app with `totpRequired`, guests aside) gets `mfa_required` with a `challenge` for `POST /v1/auth/mfa` instead of a session (`enrollment: true` when they have no authenticator yet: `POST /v1/auth/mfa/totp` starts one). An account this sign-in makes is kept and enrolls so before its first session.",
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
                    "description": "Phone sign-in is not enabled (`method_disabled`), or the account is disabled (`account_disabled`).",
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
                    "description": "The body is larger than the limit (`body_too_large`).",
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
                    "description": "Too many wrong PINs for this number or from this IP within the failure window (`rate_limited`), even with the right PIN now; see `Retry-After`.",
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
                  }
                }
              }
            },
            "/v1/me/phone": {
              "post": {
                "operationId": "startPhoneLink",
                "tags": [
                  "me"
                ],
                "summary": "Send a PIN to a number the signed-in user adds",
                "description": "Sends a 6-digit PIN by SMS (valid 10 minutes, at most 5 checks, single use, bound to the returned `requestId` and to this user) to a number the user would add or put in place of theirs; `POST /v1/me/phone/verify` completes it. The answer is the same whether or not the number belongs to an account. A user who is no guest needs a recent sign-in. Phone must be among the app's `signInMethods`.",
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
                        "$ref": "#/components/schemas/PhoneStartRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "The PIN is queued for sending.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PhoneStartResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the number is not E.164 (`invalid_phone`).",
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
                    "description": "Phone sign-in is not enabled for this app (`method_disabled`), or the session has not proved its user recently (`reauthentication_required`; not asked of guests): sign in again or call `POST /v1/me/reauthenticate`, then retry; or the token is restricted — a child awaiting parental consent (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "Too many PINs or links for this number or from this IP (`rate_limited`); see `Retry-After`.",
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
              },
              "delete": {
                "operationId": "removePhone",
                "tags": [
                  "me"
                ],
                "summary": "Remove the signed-in user's phone number",
                "description": "Removes the user's number and its `phone` identity; it no longer signs in. Needs a recent sign-in. The number cannot be removed when it is the user's only way to sign in (no password and no identity but guest ones).",
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
                    "description": "The user without a phone number.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UserRecord"
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
                    "description": "The session has not proved its user recently (`reauthentication_required`): sign in again or call `POST /v1/me/reauthenticate`, then retry. The window is the app's `reauthenticationWindowSeconds` (default 300); a refresh does not count. Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "The user has no phone number (`not_found`).",
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
                    "description": "The number is the user's only way to sign in (`last_identity`).",
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
            "/v1/me/phone/verify": {
              "post": {
                "operationId": "verifyPhoneLink",
                "tags": [
                  "me"
                ],
                "summary": "Add the number whose PIN the signed-in user received",
                "description": "Checks the PIN of `requestId` (sent by `POST /v1/me/phone` to this user) and makes the number the user's, verified, with a `phone` identity that signs in by PIN from then on, in place of any number they had. A guest is upgraded in place: its id and everything it owns stay, and it is no longer anonymous. Only once the PIN proved the number does a number of another account answer `409`.",
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
                        "$ref": "#/components/schemas/PhoneVerifyRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The user with the number.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UserRecord"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), the number is invalid (`invalid_phone`), the PIN is wrong (`invalid_code`), or the PIN is expired, used, out of checks, unknown or not this user's (`code_expired`).",
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
                    "description": "Phone sign-in is not enabled for this app (`method_disabled`); or the token is restricted — a child awaiting parental consent (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "The number belongs to another account: `account_conflict` with a field error on `phone` for a guest, so the app can sign in to that account (or merge the guest into it), `identity_in_use` for anyone else. The PIN is spent; nothing else changed.",
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
                    "description": "Too many wrong PINs for this number or from this IP within the failure window (`rate_limited`), even with the right PIN now; see `Retry-After`.",
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
            }
          },
          "components": {
            "schemas": {
              "PhoneStartRequest": {
                "type": "object",
                "description": "Send a sign-in PIN to a phone.",
                "required": [
                  "phone"
                ],
                "additionalProperties": false,
                "properties": {
                  "phone": {
                    "type": "string",
                    "description": "International form, `+` and the country code; spaces, dashes and brackets are ignored.",
                    "maxLength": 32,
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "PhoneStartResponse": {
                "type": "object",
                "description": "The same whether or not the number has an account.",
                "required": [
                  "requestId",
                  "phone",
                  "expiresIn",
                  "expiresAt"
                ],
                "properties": {
                  "requestId": {
                    "type": "string",
                    "description": "Identifies this PIN."
                  },
                  "phone": {
                    "type": "string",
                    "description": "The number, E.164."
                  },
                  "expiresIn": {
                    "type": "integer",
                    "description": "Seconds until the PIN expires."
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the PIN expires."
                  }
                }
              },
              "PhoneVerifyRequest": {
                "type": "object",
                "description": "A PIN for the request that sent it.",
                "required": [
                  "phone",
                  "requestId",
                  "pin"
                ],
                "additionalProperties": false,
                "properties": {
                  "phone": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "requestId": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "pin": {
                    "type": "string",
                    "description": "The 6-digit PIN.",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              }
            }
          }
        }
        """#
    )
}
