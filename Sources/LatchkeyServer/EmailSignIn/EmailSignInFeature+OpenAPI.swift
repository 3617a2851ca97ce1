extension EmailSignInFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/auth/email/otp": {
              "post": {
                "operationId": "sendEmailCode",
                "tags": [
                  "auth"
                ],
                "summary": "Email a sign-in code and link",
                "description": "Emails a 6-digit code and a link (`mode=signIn`, to the app's `emailActionURL` or the server's `/v1/auth/action` page): one credential, valid 10 minutes, single use — using either uses both — and replacing the address's earlier ones. The answer is the same whether or not the address has an account. With `createUser` (default true) the first sign-in creates the account; with `false` an address without an account is sent nothing. Needs `emailCode` in the app's `signInMethods`.",
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
                        "$ref": "#/components/schemas/EmailCodeRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "The code and link are queued for sending (or, with `createUser: false` and no account, nothing is).",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    },
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/EmailCodeResponse"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the `Latchkey-Client-Id` header is missing (`invalid_request`).",
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
                    "description": "Email sign-in is not enabled for this app (`method_disabled`).",
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
                  "422": {
                    "description": "The email is invalid (`invalid_email`).",
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
            "/v1/auth/email/otp/verify": {
              "post": {
                "operationId": "verifyEmailCode",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in with an emailed code",
                "description": "Checks the code last emailed to the address (at most 5 checks; wrong codes also count per address, its `+tag` aliases together, and per IP). The first sign-in of an address creates its user (`profileCreated: false`) within the IP's sign-up budget; the email is verified by it.",
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
                        "$ref": "#/components/schemas/EmailCodeVerifyRequest"
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
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), the header is missing, the code is wrong (`invalid_code`), or there is no live code for the address: expired, used, replaced or out of checks (`code_expired`).",
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
                    "description": "Email sign-in is not enabled (`method_disabled`), or the account is disabled (`account_disabled`).",
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
                    "description": "Too many wrong codes for this address or from this IP within the failure window (`rate_limited`), even with the right code now, or the IP has made as many accounts as its hourly sign-up budget allows; see `Retry-After`.",
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
            "/v1/auth/email/link": {
              "post": {
                "operationId": "signInWithEmailLink",
                "tags": [
                  "auth"
                ],
                "summary": "Sign in with an emailed link",
                "description": "Uses the `token` of the link `sendEmailCode` emailed (as the app's universal link received it), for the app it was sent for. Single use, and it uses up the code sent with it. The first sign-in of an address creates its user (`profileCreated: false`); the email is verified by it.",
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
                        "$ref": "#/components/schemas/EmailTokenRequest"
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
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), the header is missing, or the token is expired, used, replaced, unknown or for another app (`code_expired`).",
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
                    "description": "Email sign-in is not enabled (`method_disabled`), or the account is disabled (`account_disabled`).",
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
                    "description": "The IP has made as many accounts as its hourly sign-up budget allows (`rate_limited`); see `Retry-After`.",
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
            }
          },
          "components": {
            "schemas": {
              "EmailCodeRequest": {
                "type": "object",
                "description": "Email a sign-in code and link.",
                "required": [
                  "email"
                ],
                "additionalProperties": false,
                "properties": {
                  "email": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "createUser": {
                    "type": "boolean",
                    "description": "Whether the first sign-in may create the account (default true). When false, an address without an account is sent nothing; the answer is the same."
                  }
                }
              },
              "EmailCodeResponse": {
                "type": "object",
                "description": "The same whether or not the address has an account.",
                "required": [
                  "expiresIn",
                  "expiresAt"
                ],
                "properties": {
                  "expiresIn": {
                    "type": "integer",
                    "description": "Seconds until the code and link expire."
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When they expire."
                  }
                }
              },
              "EmailCodeVerifyRequest": {
                "type": "object",
                "description": "The code emailed to the address.",
                "required": [
                  "email",
                  "code"
                ],
                "additionalProperties": false,
                "properties": {
                  "email": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "code": {
                    "type": "string",
                    "description": "The 6-digit code.",
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
