extension EmailFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/me/email/verification": {
              "post": {
                "operationId": "sendEmailVerification",
                "tags": [
                  "me"
                ],
                "summary": "Email a verification link",
                "description": "Sends a single-use link (24 h) to the user's email; `emailVerified` becomes true only when it is used.",
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
                  "202": {
                    "description": "The link is queued for sending.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "The user has no email (`invalid_request`).",
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
            "/v1/me/email": {
              "post": {
                "operationId": "changeEmail",
                "tags": [
                  "me"
                ],
                "summary": "Change the email",
                "description": "Sends a single-use link to the new address; the email changes (verified) when it is used. The answer does not say whether the address is taken. Needs a sign-in or re-authentication within the app's `reauthenticationWindowSeconds` (403 `reauthentication_required`).",
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
                        "$ref": "#/components/schemas/EmailChangeRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "The link is queued for sending.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
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
                    "description": "The bearer token is missing (`unauthorized`), or invalid, expired, revoked or for another app (`invalid_token`), or `Latchkey-Client-Id` names another app (`client_mismatch`).",
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
            "/v1/auth/email/verify": {
              "post": {
                "operationId": "verifyEmail",
                "tags": [
                  "auth"
                ],
                "summary": "Use a verification or email-change link",
                "description": "Marks the email verified, or switches to the new email, as the link's token says. Also takes the undo link an email change sends to the replaced address: it puts that address back and ends every session of the user. A verification link works only while its address is still the user's; a change of email, password or a disable ends every outstanding link.",
                "security": [],
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
                  "204": {
                    "description": "Done.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the token is expired, used or unknown (`code_expired`).",
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
                    "description": "The new email belongs to another account (`duplicate_email`).",
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
            "/v1/auth/password/reset": {
              "post": {
                "operationId": "sendPasswordReset",
                "tags": [
                  "auth"
                ],
                "summary": "Email a password-reset link",
                "description": "Answers alike whether or not the email has an account, and does the same database work.",
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
                        "$ref": "#/components/schemas/PasswordResetRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "Accepted; a link is sent if the email has an account.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
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
            "/v1/auth/password/reset/confirm": {
              "post": {
                "operationId": "confirmPasswordReset",
                "tags": [
                  "auth"
                ],
                "summary": "Set a new password with a reset link",
                "description": "Sets the password (checked as at sign-up), marks the email verified and ends every session of the user.",
                "security": [],
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
                        "$ref": "#/components/schemas/PasswordResetConfirmation"
                      }
                    }
                  }
                },
                "responses": {
                  "204": {
                    "description": "The password is set.",
                    "headers": {
                      "X-Request-Id": {
                        "$ref": "#/components/headers/X-Request-Id"
                      }
                    }
                  },
                  "400": {
                    "description": "Bad request: the body is not a JSON object or misses a required member (`invalid_request`), a member has the wrong type (`invalid_request` with an `invalid_field` field error), or it has a member the endpoint does not accept (`unknown_field`), or the token is expired, used or unknown (`code_expired`).",
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
                    "description": "The password is refused (`invalid_password` with a `reason`).",
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
                  }
                }
              }
            },
            "/v1/auth/action": {
              "get": {
                "operationId": "emailActionPage",
                "tags": [
                  "auth"
                ],
                "summary": "The landing page of email links",
                "description": "Shows a page asking to confirm (or to choose the new password); opening it changes nothing. Sets the `lk_csrf` cookie its form's token is bound to when the browser has none.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "mode",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "enum": [
                        "verifyEmail",
                        "changeEmail",
                        "resetPassword",
                        "signIn"
                      ]
                    }
                  },
                  {
                    "name": "token",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The link is incomplete.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "operationId": "emailAction",
                "tags": [
                  "auth"
                ],
                "summary": "Carry out an email link",
                "description": "The page's form: uses the token (and sets the password for `resetPassword`). The form carries the page's token (`csrf_token`) and the browser's `lk_csrf` cookie; without them the answer is `403` and nothing is done. A `signIn` link signs the browser in to the hosted login of the link's app (the `lk_session` cookie), as a sign-in on the hosted login pages would. A `signIn` link of a user with a second factor answers the page asking for its code (`POST /v1/auth/action/mfa`).",
                "security": [],
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
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "mode",
                          "token",
                          "csrf_token"
                        ],
                        "properties": {
                          "mode": {
                            "type": "string",
                            "enum": [
                              "verifyEmail",
                              "changeEmail",
                              "resetPassword",
                              "signIn"
                            ]
                          },
                          "token": {
                            "type": "string",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "password": {
                            "type": "string",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (its hidden `csrf_token` field), bound to the browser's `lk_csrf` cookie.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The token is unusable or the request incomplete.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form came without the token of the browser's `lk_csrf` cookie (another site's form): nothing is done. For `signIn`: email sign-in is off for the app, or the account is disabled.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The new email belongs to another account.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
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
                    "description": "The new password is refused.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "A `signIn` link would create an account past the IP's hourly sign-up budget.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
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
            "/v1/auth/action/mfa": {
              "post": {
                "operationId": "emailActionSecondFactor",
                "tags": [
                  "auth"
                ],
                "summary": "Complete an email sign-in link with the second factor",
                "description": "The form of the code page that a `signIn` link of a user with a second factor shows (with a new authenticator's QR code, link and key first where the app requires one the user lacks): the challenge and a current authenticator code, or a recovery code, complete the sign-in as `POST /v1/auth/mfa` does (its attempt limit, throttles and single use) and sign the browser in to the hosted login of the link's app (the `lk_session` cookie). A sign-in that enrolled the user's first authenticator shows their recovery codes once. The form carries the page's token (`csrf_token`) and the browser's `lk_csrf` cookie; without them the answer is `403` and nothing is done.",
                "security": [],
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
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "challenge",
                          "code",
                          "csrf_token"
                        ],
                        "properties": {
                          "challenge": {
                            "type": "string",
                            "description": "The challenge the code page carries.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "code": {
                            "type": "string",
                            "description": "Six digits of the user's authenticator, or a recovery code.",
                            "pattern": "^[^\\u0000]*$"
                          },
                          "csrf_token": {
                            "type": "string",
                            "description": "The page's form token (its hidden `csrf_token` field), bound to the browser's `lk_csrf` cookie.",
                            "pattern": "^[^\\u0000]*$"
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Signed in (with the recovery codes of an authenticator just enrolled).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The form is incomplete.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "A wrong or used code (the code page again, with the error), or a challenge that is unknown, expired, used or out of attempts (a page saying to open a new link).",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The form came without the token of the browser's `lk_csrf` cookie (another site's form): nothing is done.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
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
                    "description": "Too many wrong codes for the user or the IP: the code page again with the error.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
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
              "PasswordResetRequest": {
                "type": "object",
                "description": "Email a reset link.",
                "required": [
                  "email"
                ],
                "additionalProperties": false,
                "properties": {
                  "email": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "PasswordResetConfirmation": {
                "type": "object",
                "description": "A reset link's token and the new password.",
                "required": [
                  "token",
                  "password"
                ],
                "additionalProperties": false,
                "properties": {
                  "token": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "password": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "EmailChangeRequest": {
                "type": "object",
                "description": "The new email.",
                "required": [
                  "email"
                ],
                "additionalProperties": false,
                "properties": {
                  "email": {
                    "type": "string",
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
