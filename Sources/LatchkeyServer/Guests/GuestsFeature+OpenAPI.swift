extension GuestsFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/auth/anonymous": {
              "post": {
                "operationId": "signInAnonymously",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in as a new guest",
                "description": "Creates a guest account without any credential and signs it in (Firebase and Supabase anonymous sign-in); the user record and access token say `isAnonymous` / `is_anonymous`. Off unless the app's `signInMethods` has `anonymous`. A guest idle past the app's `guestIdleDays` is deleted; `POST /v1/me/upgrade` or linking a provider keeps it.",
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
                  "201": {
                    "description": "Signed in; the guest was created.",
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
                    "description": "Anonymous sign-in is not enabled (`method_disabled`), or the app holds its `guestLimit` of guests (`guest_limit_reached`).",
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
                    "description": "Too many new accounts from this IP (an IPv6 /64) within the hour (`rate_limited`; the app's `ipSignUpLimit`, shared with sign-up); see `Retry-After`.",
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
            "/v1/auth/device": {
              "post": {
                "operationId": "signInWithDevice",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in with a device id",
                "description": "Signs in to the guest of a device id the app keeps for its installation (Nakama device authentication), creating it on first use; the same id always reaches the same user, also after it was upgraded. Ids are stored as SHA-256 digests. Off unless the app's `signInMethods` has `device`.",
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
                        "$ref": "#/components/schemas/DeviceSignInRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Signed in to the device's user.",
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
                    "description": "Signed in; the guest was created.",
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
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the device id is not 16 to 128 characters of `A-Z a-z 0-9 - _ . :` (`invalid_device_id`).",
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
                    "description": "Device sign-in is not enabled (`method_disabled`), the account is disabled (`account_disabled`), or the app holds its `guestLimit` of guests (`guest_limit_reached`).",
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
                    "description": "Too many new accounts from this IP (an IPv6 /64) within the hour (`rate_limited`; the app's `ipSignUpLimit`, shared with sign-up); see `Retry-After`.",
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
            "/v1/me/upgrade": {
              "post": {
                "operationId": "upgradeGuest",
                "tags": [
                  "me"
                ],
                "summary": "Give a guest a username or email and a password",
                "description": "Upgrades the signed-in guest in place: the user id, sessions and everything the guest owns (wallet, scores, app data, tree) stay, and the user is no longer anonymous. Validated like sign-up; counts against the IP's sign-up budget. A username or email of another account answers `409 account_conflict` naming the field, and neither account changes: the app may sign in to that account instead.",
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
                        "$ref": "#/components/schemas/GuestUpgradeRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The upgraded user.",
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
                    "description": "Bad request: neither `username` nor `email` is given (`invalid_request`), or the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`).",
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
                    "description": "Username or email sign-in is not enabled for this app (`method_disabled`). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "The username or email belongs to another account (`account_conflict`, with a field error naming it; nothing changed), or the user is no guest (`not_anonymous`).",
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
                    "description": "Field validation failed: one field error keeps its own code (`invalid_username`, `invalid_email`, `invalid_password` with a `reason`), several become `validation_failed`; see `errors`.",
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
                    "description": "Too many new accounts from this IP (an IPv6 /64) within the hour (`rate_limited`; the app's `ipSignUpLimit`, shared with sign-up); see `Retry-After`.",
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
            "/v1/me/merge": {
              "post": {
                "operationId": "mergeGuest",
                "tags": [
                  "me"
                ],
                "summary": "Merge a guest into the signed-in account",
                "description": "The other answer to a guest's `409 account_conflict`, beside switching: called with the access token of the existing account, with the guest session's refresh token as proof. In one transaction each feature moves or combines the guest's data by its rule — identities (a device id signs in to the account from then on), app-data keys the account lacks, wallet balances added and the ledger replayed, the better score per board, profile fields the account lacks, push devices — then the guest is deleted and its sessions end. The JSON data tree is not merged: the guest's `/users/<guest id>` goes with it and is reported. Needs a recent sign-in.",
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
                        "$ref": "#/components/schemas/GuestMergeRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Merged; the guest is gone.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/GuestMergeResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the guest token names no live session of a user of this app — unknown, rotated, revoked, expired, or its guest merged or deleted already (`invalid_guest_token`).",
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
                    "description": "The session has not proved its user recently (`reauthentication_required`): sign in again or call `POST /v1/me/reauthenticate`, then retry (the window is the app's `reauthenticationWindowSeconds`, default 300; a refresh does not count); or the token is restricted — a child awaiting parental consent (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says). Or: the token is a confidential client's: valid, but not for a user's routes (`insufficient_scope`, as `WWW-Authenticate: Bearer error=\"insufficient_scope\"` says).",
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
                    "description": "The guest is no guest any more (`not_anonymous`), or it is the signed-in account itself (`merge_into_self`).",
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
                    "description": "Adding the guest's balance to the account's leaves the wallet's range (`balance_out_of_range`); nothing changed.",
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
              "DeviceSignInRequest": {
                "type": "object",
                "description": "A device id the app keeps for its installation.",
                "required": [
                  "deviceId"
                ],
                "additionalProperties": false,
                "properties": {
                  "deviceId": {
                    "type": "string",
                    "description": "16 to 128 characters of `A-Z a-z 0-9 - _ . :` (a UUID fits).",
                    "pattern": "^[A-Za-z0-9._:-]{16,128}$",
                    "minLength": 16,
                    "maxLength": 128
                  }
                }
              },
              "GuestUpgradeRequest": {
                "type": "object",
                "description": "The credentials a guest takes on; at least one of `username` and `email`.",
                "required": [
                  "password"
                ],
                "additionalProperties": false,
                "properties": {
                  "username": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "email": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "password": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  }
                },
                "anyOf": [
                  {
                    "required": [
                      "username"
                    ]
                  },
                  {
                    "required": [
                      "email"
                    ]
                  }
                ]
              },
              "GuestMergeRequest": {
                "type": "object",
                "description": "The guest to merge, proved by its session's refresh token.",
                "required": [
                  "guestRefreshToken"
                ],
                "additionalProperties": false,
                "properties": {
                  "guestRefreshToken": {
                    "type": "string",
                    "description": "The guest session's current refresh token (`lkr_…`): unused, of a live session. The merge ends it with the guest.",
                    "minLength": 1,
                    "maxLength": 256
                  }
                }
              },
              "GuestMergeSection": {
                "type": "object",
                "description": "What one feature did with the guest's data.",
                "required": [
                  "moved",
                  "conflicts"
                ],
                "properties": {
                  "moved": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "How many of the guest's items (keys, ledger entries, scores, devices, profile fields, identities, invites) moved to the account or were combined with its own."
                  },
                  "conflicts": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The guest's items that did not move, by name: app-data keys the account has, boards (`board@period`) where the account's entry is as good or better, `redeemedInvite`, the tree's `/users/<guest id>` (the tree is never merged). They went with the guest."
                  }
                }
              },
              "GuestMergeResponse": {
                "type": "object",
                "description": "The account after the merge, and what moved by feature (`identities`, `appData`, `wallet`, `leaderboards`, `profile`, `invites`, `devices`, `database`); a feature where the guest had nothing is left out.",
                "required": [
                  "user",
                  "merged"
                ],
                "properties": {
                  "user": {
                    "$ref": "#/components/schemas/UserRecord"
                  },
                  "merged": {
                    "type": "object",
                    "additionalProperties": {
                      "$ref": "#/components/schemas/GuestMergeSection"
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
