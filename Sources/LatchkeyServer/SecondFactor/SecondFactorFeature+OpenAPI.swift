extension SecondFactorFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/auth/mfa": {
              "post": {
                "operationId": "completeMFASignIn",
                "tags": [
                  "auth"
                ],
                "summary": "Complete a sign-in with a second factor",
                "description": "The second step of a sign-in that answered `401 mfa_required`: the problem's `challenge` and a current authenticator code (each code is accepted once: a replay within its 30-second window fails) or an unused recovery code (used up). A challenge lives five minutes, checks at most five codes and signs in once — parallel completions of one challenge sign in once. Wrong codes also count against the user and the client's IP. With an app's `totpRequired`, the code of an authenticator started with `POST /v1/auth/mfa/totp` enrolls it.",
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
                        "$ref": "#/components/schemas/MFACompletionRequest"
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
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or both or neither of `code` and `recoveryCode` are given (`invalid_request`).",
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
                    "description": "`Latchkey-Client-Id` is missing or names no app (`unknown_client`), the code or recovery code is wrong or used (`invalid_code`), or the challenge is unknown, another app's, expired, used or out of attempts (`mfa_challenge_expired`).",
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
                    "description": "Too many wrong codes for this user or from this IP (`rate_limited`); see `Retry-After`.",
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
            "/v1/auth/mfa/totp": {
              "post": {
                "operationId": "enrollTOTPForSignIn",
                "tags": [
                  "auth"
                ],
                "summary": "Enroll an authenticator during sign-in",
                "description": "For an app with `totpRequired`: a user whose sign-in answered `mfa_required` with `enrollment: true` gets a new authenticator secret here, shown once; the first code, given to `POST /v1/auth/mfa` with the same challenge, enrolls it and completes the sign-in.",
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
                        "$ref": "#/components/schemas/MFAChallengeEnrollmentRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The new authenticator, waiting for its first code.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/TOTPEnrollment"
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
                    "description": "`Latchkey-Client-Id` is missing or names no app (`unknown_client`), or the challenge is unknown, another app's or expired (`mfa_challenge_expired`).",
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
                    "description": "The user has an authenticator already (`totp_already_enrolled`).",
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
            "/v1/me/mfa": {
              "get": {
                "operationId": "getSecondFactor",
                "tags": [
                  "me"
                ],
                "summary": "The user's second factor",
                "description": "Whether the signed-in user has an authenticator, their unused recovery codes, and whether sign-in asks for a second factor.",
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
                    "description": "The status.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SecondFactorStatus"
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
              }
            },
            "/v1/me/mfa/totp": {
              "post": {
                "operationId": "enrollTOTP",
                "tags": [
                  "me"
                ],
                "summary": "Start an authenticator",
                "description": "A new authenticator secret for the signed-in user, shown once as base32 and as an `otpauth://` URI; nothing changes until `POST /v1/me/mfa/totp/confirm` gives its first code. Starting again replaces a secret not confirmed yet. Needs a recent authentication.",
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
                  "201": {
                    "description": "The new authenticator, waiting for its first code.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/TOTPEnrollment"
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
                    "description": "The session has not authenticated within the app's `reauthenticationWindowSeconds` (`reauthentication_required`): sign in or `POST /v1/me/reauthenticate` first. Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "An authenticator is enrolled already (`totp_already_enrolled`): disable it first.",
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
              },
              "delete": {
                "operationId": "disableTOTP",
                "tags": [
                  "me"
                ],
                "summary": "Turn the second factor off",
                "description": "Removes the signed-in user's authenticator and recovery codes. Needs a recent authentication.",
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
                  "204": {
                    "description": "Turned off.",
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
                    "description": "The session has not authenticated within the app's `reauthenticationWindowSeconds` (`reauthentication_required`): sign in or `POST /v1/me/reauthenticate` first. Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "No authenticator is enrolled (`totp_not_enrolled`).",
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
            "/v1/me/mfa/totp/confirm": {
              "post": {
                "operationId": "confirmTOTP",
                "tags": [
                  "me"
                ],
                "summary": "Confirm a new authenticator",
                "description": "The first code of the authenticator started with `POST /v1/me/mfa/totp` enrolls it: sign-in asks for a code from now on. Answers the ten recovery codes, shown once. Wrong codes count against the user like wrong sign-in codes.",
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
                        "$ref": "#/components/schemas/TOTPConfirmationRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Enrolled; the recovery codes.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RecoveryCodes"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the code is wrong (`invalid_code`).",
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
                  "409": {
                    "description": "No authenticator was started (`totp_not_enrolled`), or one is enrolled already (`totp_already_enrolled`).",
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
                    "description": "Too many wrong codes for this user (`rate_limited`); see `Retry-After`.",
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
            "/v1/me/mfa/recovery-codes": {
              "post": {
                "operationId": "regenerateRecoveryCodes",
                "tags": [
                  "me"
                ],
                "summary": "Replace the recovery codes",
                "description": "Ten new recovery codes, shown once; the old ones stop working. Needs an enrolled authenticator and a recent authentication.",
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
                    "description": "The new codes.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RecoveryCodes"
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
                    "description": "The session has not authenticated within the app's `reauthenticationWindowSeconds` (`reauthentication_required`): sign in or `POST /v1/me/reauthenticate` first. Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "No authenticator is enrolled (`totp_not_enrolled`).",
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
            }
          },
          "components": {
            "schemas": {
              "MFACompletionRequest": {
                "type": "object",
                "description": "The second step of a sign-in: the challenge and exactly one of `code` and `recoveryCode`.",
                "required": [
                  "challenge"
                ],
                "additionalProperties": false,
                "properties": {
                  "challenge": {
                    "type": "string",
                    "description": "The `challenge` of the `mfa_required` problem.",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "code": {
                    "type": "string",
                    "description": "A current six-digit code of the user's authenticator (RFC 6238, SHA-1, 30 s).",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "recoveryCode": {
                    "type": "string",
                    "description": "One of the user's unused recovery codes (case and the dash do not matter).",
                    "pattern": "^[^\\u0000]*$"
                  }
                },
                "oneOf": [
                  {
                    "required": [
                      "code"
                    ]
                  },
                  {
                    "required": [
                      "recoveryCode"
                    ]
                  }
                ]
              },
              "MFAChallengeEnrollmentRequest": {
                "type": "object",
                "description": "The challenge of an `mfa_required` problem with `enrollment: true`.",
                "required": [
                  "challenge"
                ],
                "additionalProperties": false,
                "properties": {
                  "challenge": {
                    "type": "string",
                    "description": "The `challenge` of the `mfa_required` problem.",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "TOTPEnrollment": {
                "type": "object",
                "description": "A new authenticator's secret, shown once; in effect after its first code.",
                "required": [
                  "secret",
                  "uri"
                ],
                "properties": {
                  "secret": {
                    "type": "string",
                    "description": "The secret in base32 (RFC 4648) without padding."
                  },
                  "uri": {
                    "type": "string",
                    "description": "The `otpauth://totp/…` key URI (Google Authenticator's format), for a QR code."
                  }
                }
              },
              "TOTPConfirmationRequest": {
                "type": "object",
                "description": "The first code of a new authenticator.",
                "required": [
                  "code"
                ],
                "additionalProperties": false,
                "properties": {
                  "code": {
                    "type": "string",
                    "description": "A current six-digit code of the new authenticator.",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "RecoveryCodes": {
                "type": "object",
                "description": "Ten recovery codes, shown once; each signs in once in place of a code.",
                "required": [
                  "codes"
                ],
                "properties": {
                  "codes": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The codes, `xxxxx-xxxxx`."
                  }
                }
              },
              "SecondFactorStatus": {
                "type": "object",
                "description": "The signed-in user's second factor.",
                "required": [
                  "totpEnrolled",
                  "recoveryCodesLeft",
                  "required"
                ],
                "properties": {
                  "totpEnrolled": {
                    "type": "boolean",
                    "description": "Whether an authenticator is enrolled."
                  },
                  "recoveryCodesLeft": {
                    "type": "integer",
                    "description": "Unused recovery codes."
                  },
                  "required": {
                    "type": "boolean",
                    "description": "Whether sign-in asks for a second factor (enrolled, or required by the app)."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
