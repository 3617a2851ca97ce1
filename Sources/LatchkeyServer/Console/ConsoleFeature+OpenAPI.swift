extension ConsoleFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "operator",
              "description": "The admin API for operators' scripts: apps, users, outbox, audit log, live figures and operators, behind password + TOTP sign-in and roles (viewer < admin < owner). The `latchkey` command and the console make the same calls."
            },
            {
              "name": "console",
              "description": "The console's HTML pages under `/console` (cookie `lk_console`, CSRF-protected forms)."
            }
          ],
          "paths": {
            "/v1/operator/enrollment": {
              "post": {
                "operationId": "enrollOperatorTOTP",
                "tags": [
                  "operator"
                ],
                "summary": "Get the TOTP secret to enroll (first sign-in)",
                "description": "Until an operator confirms an authenticator, their password shows its secret; the first code accepted at sign-in enrolls it. No credentials: this is how an operator signs in.",
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
                        "$ref": "#/components/schemas/OperatorEnrollmentRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The secret and its otpauth URI.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OperatorEnrollment"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Unknown operator, disabled or wrong password, alike (`invalid_credentials`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The authenticator is enrolled already (`totp_already_enrolled`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failures for this operator or address (`rate_limited`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
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
            "/v1/operator/sessions": {
              "post": {
                "operationId": "signInOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Sign in as an operator (password + TOTP)",
                "description": "Sessions end after 30 minutes without use or 12 hours after sign-in. No credentials: this is how an operator signs in.",
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
                        "$ref": "#/components/schemas/OperatorSignInRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The session's bearer token.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OperatorSignIn"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Unknown operator, disabled or wrong password, alike (`invalid_credentials`); or a wrong or already used code (`invalid_code`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failures for this operator or address (`rate_limited`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
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
              "get": {
                "operationId": "listOperatorSessions",
                "tags": [
                  "operator"
                ],
                "summary": "The operator's live sessions",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "description": "The sessions.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/OperatorSession"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/sessions/{id}": {
              "delete": {
                "operationId": "revokeOperatorSession",
                "tags": [
                  "operator"
                ],
                "summary": "Sign out: end one of the operator's sessions (`current` for this one)",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "A session id, or `current`.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Ended."
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/apps": {
              "get": {
                "operationId": "listAppsAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "List apps",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "description": "The apps, provider secrets redacted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/ConsoleApp"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
                "operationId": "createAppAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Create an app",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                        "$ref": "#/components/schemas/AppCreateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The app and its client secret, shown once.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AppWithSecret"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The name is empty or too long (`invalid_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}": {
              "get": {
                "operationId": "getAppAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "An app with its client id and settings",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The app, provider secrets redacted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleApp"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
              "patch": {
                "operationId": "updateAppAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Rename an app or change its settings",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/AppUpdateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The app, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleApp"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "A setting does not parse or breaks a rule (`invalid_field`, naming the setting; the reason says why).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/secret": {
              "post": {
                "operationId": "rotateAppSecretAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Replace the app's client secrets with a new one",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The new secret, shown once.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AppWithSecret"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/rules": {
              "get": {
                "operationId": "getAppRulesAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "The app's data-tree rules",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The rules document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RulesDocument"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
              "put": {
                "operationId": "setAppRulesAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Check and set the app's data-tree rules",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/RulesDocument"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The rules document set.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RulesDocument"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The document has an error (`invalid_field`; the reason gives line and column).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/providers/{name}": {
              "put": {
                "operationId": "setAppProviderAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Add or replace a sign-in provider",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "name",
                    "in": "path",
                    "required": true,
                    "description": "The provider's name (a-z, 0-9, _ and -).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ProviderRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The app, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleApp"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The name or the provider's settings are refused (`invalid_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
                "operationId": "removeAppProviderAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Remove a sign-in provider",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "name",
                    "in": "path",
                    "required": true,
                    "description": "The provider's name.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The app, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleApp"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/users": {
              "get": {
                "operationId": "searchUsersAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Find an app's users",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "q",
                    "in": "query",
                    "required": false,
                    "description": "A username (or its beginning), an email, a phone number or a user id; empty lists the first users.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "At most this many (default 50, at most 200).",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The users found.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/AdminUser"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "`limit` is not a positive number (`invalid_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/apps/{id}/users/{user}": {
              "get": {
                "operationId": "getUserAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "A user with identities and sign-in history",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The user.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OperatorUserDetail"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
              "patch": {
                "operationId": "updateUserAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Disable (ending their sessions) or enable a user",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DisabledUpdate"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The user, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OperatorUserDetail"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
                "operationId": "deleteUserAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Delete a user and everything stored about them",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Deleted."
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/users/{user}/sessions": {
              "delete": {
                "operationId": "revokeUserSessionsAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "End every session of a user",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Ended."
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/outbox": {
              "get": {
                "operationId": "listOutboxAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Queued, sent and dead messages",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "status",
                    "in": "query",
                    "required": false,
                    "description": "pending, sent or dead.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pending",
                        "sent",
                        "dead"
                      ]
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "At most this many (default 50, at most 200).",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The messages, newest first.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/OutboxEntry"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "`status` or `limit` is not accepted (`invalid_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/outbox/{id}/retry": {
              "post": {
                "operationId": "retryOutboxMessage",
                "tags": [
                  "operator"
                ],
                "summary": "Queue a dead message for another attempt",
                "description": "Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The message id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Queued."
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The message is dead but the PIN or link it carried has expired (`message_expired`): the user asks for a new one.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/audit": {
              "get": {
                "operationId": "listAuditLog",
                "tags": [
                  "operator"
                ],
                "summary": "The audit log, newest first, filtered",
                "description": "Needs an operator session with the role `viewer` or higher. Each entry records what its action changed (before → after, secrets as `[redacted]` → `changed`). The filters (all optional, combined) are the console's audit page's.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "before",
                    "in": "query",
                    "required": false,
                    "description": "Only entries before this entry id (paging).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "At most this many (default 50, at most 200).",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  },
                  {
                    "name": "operator",
                    "in": "query",
                    "required": false,
                    "description": "Only entries by this actor: an operator's username or id, or a command line's `cli:…` name.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "app",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this app (its id or client id).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "action",
                    "in": "query",
                    "required": false,
                    "description": "Only this action (`app.update`), or its family (`app` matches `app.update`, `app.provider.set`, …).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or after this day (UTC).",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or before this day (UTC).",
                    "schema": {
                      "type": "string",
                      "format": "date"
                    }
                  },
                  {
                    "name": "target",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this target, exactly (a user's id gives that user's trail).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The entries.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/AuditEntry"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "`limit` is not a positive number, or `from` or `to` is not a date as YYYY-MM-DD (`invalid_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/figures": {
              "get": {
                "operationId": "getLiveFigures",
                "tags": [
                  "operator"
                ],
                "summary": "Live figures: sign-ins per minute, active sessions, failures",
                "description": "Needs an operator session with the role `viewer` or higher.",
                "x-latchkey-role": "viewer",
                "security": [
                  {
                    "operatorSession": []
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
                    "description": "The figures, read from the database (every node agrees).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/LiveFigures"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `viewer` (`forbidden`).",
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
            "/v1/operator/operators": {
              "get": {
                "operationId": "listOperators",
                "tags": [
                  "operator"
                ],
                "summary": "List operators",
                "description": "Needs an operator session with the role `owner` or higher.",
                "x-latchkey-role": "owner",
                "security": [
                  {
                    "operatorSession": []
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
                    "description": "The operators.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "items"
                          ],
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Operator"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `owner` (`forbidden`).",
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
                "operationId": "createOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Create an operator with a generated password",
                "description": "Needs an operator session with the role `owner` or higher.",
                "x-latchkey-role": "owner",
                "security": [
                  {
                    "operatorSession": []
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
                        "$ref": "#/components/schemas/OperatorCreateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The operator and their password, shown once.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OperatorCredentials"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The username is not valid (`invalid_username`) or taken (`duplicate_username`, 409).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `owner` (`forbidden`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The username is taken (`duplicate_username`).",
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
            "/v1/operator/operators/{id}": {
              "patch": {
                "operationId": "updateOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Disable (ending their sessions) or enable an operator",
                "description": "Needs an operator session with the role `owner` or higher.",
                "x-latchkey-role": "owner",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The operator's id or username.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DisabledUpdate"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The operator, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Operator"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not the JSON object this operation takes (`invalid_request`, `unknown_field`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `owner` (`forbidden`).",
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
            "/v1/operator/operators/{id}/totp": {
              "delete": {
                "operationId": "resetOperatorTOTP",
                "tags": [
                  "operator"
                ],
                "summary": "Make an operator enroll a new authenticator",
                "description": "Needs an operator session with the role `owner` or higher.",
                "x-latchkey-role": "owner",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The operator's id or username.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The operator, changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Operator"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `owner` (`forbidden`).",
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
            "/console": {
              "get": {
                "operationId": "consoleDashboard",
                "tags": [
                  "console"
                ],
                "summary": "Console: dashboard with live figures and a chart",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/figures": {
              "get": {
                "operationId": "consoleFigures",
                "tags": [
                  "console"
                ],
                "summary": "Console: the live figures as JSON, for the dashboard's script",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "viewer",
                "responses": {
                  "200": {
                    "description": "The figures.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/LiveFigures"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/sign-in": {
              "get": {
                "operationId": "consoleSignInPage",
                "tags": [
                  "console"
                ],
                "summary": "Console: sign-in page (password)",
                "description": "The sign-in steps; no session needed.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  }
                }
              },
              "post": {
                "operationId": "consoleSignIn",
                "tags": [
                  "console"
                ],
                "summary": "Console: check the password, then ask for the code",
                "description": "The sign-in steps; no session needed. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Unknown operator or wrong password, alike.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failures.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/totp": {
              "get": {
                "operationId": "consoleTOTPPage",
                "tags": [
                  "console"
                ],
                "summary": "Console: the TOTP step (with enrollment on first sign-in)",
                "description": "The sign-in steps; no session needed.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  }
                }
              },
              "post": {
                "operationId": "consoleTOTP",
                "tags": [
                  "console"
                ],
                "summary": "Console: check the code and start the session (a new cookie)",
                "description": "The sign-in steps; no session needed. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "Wrong or already used code.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many failures.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/sign-out": {
              "post": {
                "operationId": "consoleSignOut",
                "tags": [
                  "console"
                ],
                "summary": "Console: sign out",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "viewer",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps": {
              "get": {
                "operationId": "consoleApps",
                "tags": [
                  "console"
                ],
                "summary": "Console: apps",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
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
                "operationId": "consoleCreateApp",
                "tags": [
                  "console"
                ],
                "summary": "Console: create an app (its secret shown once)",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}": {
              "get": {
                "operationId": "consoleApp",
                "tags": [
                  "console"
                ],
                "summary": "Console: an app, its settings, providers and rules",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/settings": {
              "post": {
                "operationId": "consoleUpdateApp",
                "tags": [
                  "console"
                ],
                "summary": "Console: change an app's name and settings",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/secret": {
              "post": {
                "operationId": "consoleRotateSecret",
                "tags": [
                  "console"
                ],
                "summary": "Console: rotate an app's client secret (shown once)",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/rules": {
              "post": {
                "operationId": "consoleSetRules",
                "tags": [
                  "console"
                ],
                "summary": "Console: set an app's data-tree rules",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/users": {
              "get": {
                "operationId": "consoleUsers",
                "tags": [
                  "console"
                ],
                "summary": "Console: list, filter and sort users",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "app",
                    "in": "query",
                    "required": false,
                    "description": "The app's id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "q",
                    "in": "query",
                    "required": false,
                    "description": "A username (or its beginning), email, phone or user id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "status",
                    "in": "query",
                    "required": false,
                    "description": "Only active or only disabled users.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "active",
                        "disabled"
                      ]
                    }
                  },
                  {
                    "name": "method",
                    "in": "query",
                    "required": false,
                    "description": "Only users who sign in this way: `password`, `email_code` (an email and no password), `phone`, `passkey`, `provider` (OAuth or OpenID Connect), `guest` (anonymous or device).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "password",
                        "email_code",
                        "phone",
                        "passkey",
                        "provider",
                        "guest"
                      ]
                    }
                  },
                  {
                    "name": "consent",
                    "in": "query",
                    "required": false,
                    "description": "`pending`: only children whose parent has not answered.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "pending"
                      ]
                    }
                  },
                  {
                    "name": "created_from",
                    "in": "query",
                    "required": false,
                    "description": "Only users who signed up on or after this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "created_to",
                    "in": "query",
                    "required": false,
                    "description": "Only users who signed up on or before this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "signed_in_from",
                    "in": "query",
                    "required": false,
                    "description": "Only users who last signed in on or after this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "signed_in_to",
                    "in": "query",
                    "required": false,
                    "description": "Only users who last signed in on or before this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "sort",
                    "in": "query",
                    "required": false,
                    "description": "The order: sign-up (`created`, the default), last sign-in or name.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "created",
                        "last_sign_in",
                        "name"
                      ]
                    }
                  },
                  {
                    "name": "order",
                    "in": "query",
                    "required": false,
                    "description": "`desc` (the default: newest or Z first) or `asc`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "desc",
                        "asc"
                      ]
                    }
                  },
                  {
                    "name": "page",
                    "in": "query",
                    "required": false,
                    "description": "The page, from 1; 50 users a page, at most 1000 pages.",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "422": {
                    "description": "A filter value does not parse: the page again, each error beside its field.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/users/{user}": {
              "get": {
                "operationId": "consoleUser",
                "tags": [
                  "console"
                ],
                "summary": "Console: a user, identities, sign-in history, wallet and leaderboard entries",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. The wallet's ledger shows 25 entries a page, newest first; `before` pages to older ones.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "before",
                    "in": "query",
                    "required": false,
                    "description": "Only ledger entries numbered below this one (paging).",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such user.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "`before` is not an entry number.",
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
                "operationId": "consoleChangeUser",
                "tags": [
                  "console"
                ],
                "summary": "Console: disable, enable, end sessions, reset the second factor, remove a passkey, resend the verification email or delete a user",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such user.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/users/{user}/export": {
              "get": {
                "operationId": "consoleExportUser",
                "tags": [
                  "console"
                ],
                "summary": "Console: download everything stored about a user",
                "description": "The same document the user downloads with `GET /v1/me/export`, as an attachment; audited as `user.export`. Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "200": {
                    "description": "The user's export.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app or user.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/outbox": {
              "get": {
                "operationId": "consoleOutbox",
                "tags": [
                  "console"
                ],
                "summary": "Console: outbox",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "status",
                    "in": "query",
                    "required": false,
                    "description": "pending, sent or dead.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/outbox/{id}/retry": {
              "post": {
                "operationId": "consoleRetryMessage",
                "tags": [
                  "console"
                ],
                "summary": "Console: retry a dead message",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No dead message with this id.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/audit": {
              "get": {
                "operationId": "consoleAuditLog",
                "tags": [
                  "console"
                ],
                "summary": "Console: audit log",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. Filters by `operator`, `app`, `action`, `from` and `to` (as the admin API's audit listing), a page of 50 at a time (`before`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "operator",
                    "in": "query",
                    "required": false,
                    "description": "Only entries by this actor: an operator's username or id, or a command line's `cli:…` name.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "app",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this app (its id or client id).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "action",
                    "in": "query",
                    "required": false,
                    "description": "Only this action (`app.update`), or its family (`app` matches `app.update`, `app.provider.set`, …).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or after this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or before this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "target",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this target, exactly (a user's id gives that user's trail).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "before",
                    "in": "query",
                    "required": false,
                    "description": "Only entries before this entry id (paging).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/audit.csv": {
              "get": {
                "operationId": "consoleAuditExport",
                "tags": [
                  "console"
                ],
                "summary": "Console: audit log as CSV",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. The entries the filters let through (at most 10,000), as CSV (RFC 4180); a cell that begins with `=`, `+`, `-` or `@` is prefixed with `'`, so a spreadsheet never reads it as a formula.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "operator",
                    "in": "query",
                    "required": false,
                    "description": "Only entries by this actor: an operator's username or id, or a command line's `cli:…` name.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "app",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this app (its id or client id).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "action",
                    "in": "query",
                    "required": false,
                    "description": "Only this action (`app.update`), or its family (`app` matches `app.update`, `app.provider.set`, …).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or after this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "Only entries on or before this day (UTC), written YYYY-MM-DD.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "target",
                    "in": "query",
                    "required": false,
                    "description": "Only entries about this target, exactly (a user's id gives that user's trail).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
                "responses": {
                  "200": {
                    "description": "The CSV document.",
                    "content": {
                      "text/csv": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/sessions": {
              "get": {
                "operationId": "consoleSessions",
                "tags": [
                  "console"
                ],
                "summary": "Console: your sessions",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. The operator's own live sessions, each with a button to end it.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "viewer",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/sessions/{id}/end": {
              "post": {
                "operationId": "consoleEndSession",
                "tags": [
                  "console"
                ],
                "summary": "Console: end one of your sessions",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403. Ends one of the operator's own sessions (audited as `operator.sign_out`); ending this browser's signs it out.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The session's id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "viewer",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "None of the operator's live sessions has this id.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/operators": {
              "get": {
                "operationId": "consoleOperators",
                "tags": [
                  "console"
                ],
                "summary": "Console: operators",
                "description": "Signed in through the `lk_console` cookie; needs the role `owner` or higher; without a live session it redirects (303) to `/console/sign-in`.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "owner",
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
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
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
                "operationId": "consoleCreateOperator",
                "tags": [
                  "console"
                ],
                "summary": "Console: create an operator (password shown once)",
                "description": "Signed in through the `lk_console` cookie; needs the role `owner` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  }
                ],
                "x-latchkey-role": "owner",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/operators/{id}": {
              "post": {
                "operationId": "consoleChangeOperator",
                "tags": [
                  "console"
                ],
                "summary": "Console: disable, enable or reset an operator's authenticator",
                "description": "Signed in through the `lk_console` cookie; needs the role `owner` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "owner",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such operator.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/console/apps/{id}/providers": {
              "post": {
                "operationId": "consoleChangeProvider",
                "tags": [
                  "console"
                ],
                "summary": "Console: add, replace or remove an app's sign-in provider",
                "description": "Signed in through the `lk_console` cookie; needs the role `admin` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "An id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "x-latchkey-role": "admin",
                "responses": {
                  "303": {
                    "description": "To the next page, or to the sign-in page without a live session."
                  },
                  "200": {
                    "description": "A page showing what is shown once (a new secret or password), or the form again.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The CSRF token is missing or wrong, or the role does not allow it.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The form again, with an error summary.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/operator/apps/{id}/users/{user}/mfa": {
              "delete": {
                "operationId": "resetUserMFAAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Reset a user's second factor",
                "description": "Removes the user's authenticator and recovery codes (a lost phone) and ends their sessions; audited as `user.reset_mfa`. Needs an operator session with the role `admin` or higher.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Reset (also when the user had no second factor)."
                  },
                  "404": {
                    "description": "No such app, user, message or operator (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
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
            "/v1/operator/apps/{id}/leaderboards/{board}/scores/{user}": {
              "delete": {
                "operationId": "removeLeaderboardScoreAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Remove a user's score from a leaderboard",
                "description": "Needs an operator session with the role `admin` or higher. Removes the user's entry from the board's current period (or the one `period` names); the user may submit again. Audited as `leaderboard.score.remove`.",
                "x-latchkey-role": "admin",
                "security": [
                  {
                    "operatorSession": []
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
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "board",
                    "in": "path",
                    "required": true,
                    "description": "The board id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "user",
                    "in": "path",
                    "required": true,
                    "description": "The user id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "period",
                    "in": "query",
                    "required": false,
                    "description": "A period's start as the API writes it (`2027-01-15T00:00:00Z`); default the current period.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Removed."
                  },
                  "404": {
                    "description": "No such app or board, or the user has no score in that period (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No operator session token, or one that has ended (`unauthorized`, `invalid_token`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "403": {
                    "description": "The operator's role is below `admin` (`forbidden`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "`period` is not a period of the board (`invalid_field`).",
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
              "OperatorRole": {
                "type": "string",
                "enum": [
                  "viewer",
                  "admin",
                  "owner"
                ],
                "description": "What an operator may do: viewers read; admins also change apps, users and the outbox; owners also manage operators."
              },
              "Operator": {
                "type": "object",
                "required": [
                  "id",
                  "username",
                  "role",
                  "disabled",
                  "totpEnrolled",
                  "createdAt"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "username": {
                    "type": "string"
                  },
                  "role": {
                    "$ref": "#/components/schemas/OperatorRole"
                  },
                  "disabled": {
                    "type": "boolean"
                  },
                  "totpEnrolled": {
                    "type": "boolean",
                    "description": "Whether the operator confirmed an authenticator with a first code."
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "lastSignInAt": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              },
              "OperatorCredentials": {
                "type": "object",
                "required": [
                  "operator",
                  "password"
                ],
                "properties": {
                  "operator": {
                    "$ref": "#/components/schemas/Operator"
                  },
                  "password": {
                    "type": "string",
                    "description": "Generated; shown only in this answer."
                  }
                }
              },
              "OperatorSession": {
                "type": "object",
                "required": [
                  "id",
                  "operatorID",
                  "createdAt",
                  "lastUsedAt",
                  "expiresAt"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "operatorID": {
                    "type": "string"
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "lastUsedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "revokedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "ipAddress": {
                    "type": "string"
                  },
                  "userAgent": {
                    "type": "string"
                  }
                }
              },
              "OperatorSignInRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "username",
                  "password",
                  "code"
                ],
                "properties": {
                  "username": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "password": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "code": {
                    "type": "string",
                    "description": "The current six-digit TOTP code (RFC 6238); each code is accepted once.",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "OperatorEnrollmentRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "username",
                  "password"
                ],
                "properties": {
                  "username": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "password": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "OperatorEnrollment": {
                "type": "object",
                "required": [
                  "secret",
                  "otpauthURI"
                ],
                "properties": {
                  "secret": {
                    "type": "string",
                    "description": "Base32 TOTP secret."
                  },
                  "otpauthURI": {
                    "type": "string",
                    "description": "`otpauth://totp/…` for authenticator apps."
                  }
                }
              },
              "OperatorSignIn": {
                "type": "object",
                "required": [
                  "token",
                  "session",
                  "operator"
                ],
                "properties": {
                  "token": {
                    "type": "string",
                    "description": "The bearer token, shown only here."
                  },
                  "session": {
                    "$ref": "#/components/schemas/OperatorSession"
                  },
                  "operator": {
                    "$ref": "#/components/schemas/Operator"
                  }
                }
              },
              "OperatorCreateRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "username",
                  "role"
                ],
                "properties": {
                  "username": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "role": {
                    "$ref": "#/components/schemas/OperatorRole"
                  }
                }
              },
              "DisabledUpdate": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "disabled"
                ],
                "properties": {
                  "disabled": {
                    "type": "boolean"
                  }
                }
              },
              "ConsoleApp": {
                "type": "object",
                "required": [
                  "id",
                  "clientId",
                  "name",
                  "settings",
                  "createdAt",
                  "secretCount"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "clientId": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "settings": {
                    "type": "object",
                    "description": "Every app setting by its JSON member; provider secrets show as `(set)`."
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "secretCount": {
                    "type": "integer"
                  }
                }
              },
              "AppWithSecret": {
                "type": "object",
                "required": [
                  "app",
                  "clientSecret"
                ],
                "properties": {
                  "app": {
                    "$ref": "#/components/schemas/ConsoleApp"
                  },
                  "clientSecret": {
                    "type": "string",
                    "description": "Shown only in this answer."
                  }
                }
              },
              "AppCreateRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "name"
                ],
                "properties": {
                  "name": {
                    "type": "string",
                    "maxLength": 100,
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "AppUpdateRequest": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "name": {
                    "type": "string",
                    "maxLength": 100
                  },
                  "settings": {
                    "type": "object",
                    "description": "Settings by their `latchkey apps update` flag (`session-ttl`, `cors-origin`, `redirect-uri`, …): a value, or an array of strings for a list setting (it replaces the list).",
                    "additionalProperties": {
                      "oneOf": [
                        {
                          "type": "string"
                        },
                        {
                          "type": "integer"
                        },
                        {
                          "type": "boolean"
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "RulesDocument": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "rules"
                ],
                "properties": {
                  "rules": {
                    "type": "string",
                    "description": "The data tree's rules document (JSON with comments).",
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "ProviderRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "kind",
                  "clientIDs"
                ],
                "properties": {
                  "kind": {
                    "type": "string",
                    "enum": [
                      "oidc",
                      "facebook",
                      "oauth2"
                    ],
                    "description": "`oidc`: ID tokens checked against the issuer's keys; `facebook`: access tokens checked with `debug_token`; `oauth2`: a provider without ID tokens (GitHub, Discord), signed in with only through the hosted login's code flow, whose user-info answer names the user (`POST /v1/auth/external` refuses its tokens: an access token names no audience)."
                  },
                  "issuer": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "OpenID Connect issuer, exactly as in the tokens' `iss`; Microsoft's multi-tenant template `https://login.microsoftonline.com/{tenantid}/v2.0` is completed with each token's `tid` (a GUID), and its discovery and keys are read from the `common` endpoint."
                  },
                  "clientIDs": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[^\\u0000]*$"
                    }
                  },
                  "jwksURL": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "clientSecret": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "Facebook app secret, or OpenID Connect client secret for the hosted login's code exchange; with `teamID` and `keyID`, Apple's `.p8` key (PEM), from which an ES256 JWT client secret is made for each exchange."
                  },
                  "graphURL": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$"
                  },
                  "scopes": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[^\\u0000]*$"
                    },
                    "description": "OpenID Connect: the scopes the hosted login asks for (default `openid email profile`; Apple: `openid name email`)."
                  },
                  "responseMode": {
                    "type": "string",
                    "enum": [
                      "query",
                      "form_post"
                    ],
                    "description": "OpenID Connect: how the provider sends the browser back (default `query`; Apple needs `form_post` to give the name or email)."
                  },
                  "teamID": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "Sign in with Apple: the team id (the client secret JWT's `iss`)."
                  },
                  "keyID": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "Sign in with Apple: the `.p8` key's id (the client secret JWT's `kid`)."
                  },
                  "authorizationURL": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "OAuth 2.0: the authorization endpoint."
                  },
                  "tokenURL": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "OAuth 2.0: the token endpoint (the code is exchanged with the client secret and PKCE)."
                  },
                  "userInfoURL": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "description": "OAuth 2.0: the user-info URL, read with the access token as bearer; users are keyed by it and the id found there."
                  },
                  "claimPaths": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "id"
                    ],
                    "description": "OAuth 2.0: dotted paths into the user-info JSON (default `id`, `email`, no email verification, `name`). Without `emailVerified`, the email is kept unverified and never links accounts.",
                    "properties": {
                      "id": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$",
                        "description": "The user's id, a string or an integer."
                      },
                      "email": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      },
                      "emailVerified": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$",
                        "description": "A JSON boolean (or `\"true\"`)."
                      },
                      "name": {
                        "type": "string",
                        "pattern": "^[^\\u0000]*$"
                      }
                    }
                  }
                }
              },
              "OperatorUserDetail": {
                "type": "object",
                "required": [
                  "user",
                  "disabled",
                  "sessions"
                ],
                "properties": {
                  "user": {
                    "$ref": "#/components/schemas/UserRecord"
                  },
                  "disabled": {
                    "type": "boolean"
                  },
                  "sessions": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SessionDescriptor"
                    },
                    "description": "Sessions live and ended, newest first: the sign-in history."
                  }
                }
              },
              "OutboxEntry": {
                "type": "object",
                "required": [
                  "message",
                  "sender",
                  "status",
                  "attempts",
                  "nextAttemptAt"
                ],
                "properties": {
                  "message": {
                    "type": "object",
                    "description": "The message without its subject or body (which may hold a live PIN, code or link): `id`, `appID`, `channel`, `purpose`, `recipient`, `createdAt`.",
                    "required": [
                      "id",
                      "channel",
                      "purpose",
                      "recipient",
                      "createdAt"
                    ],
                    "properties": {
                      "id": {
                        "type": "string"
                      },
                      "appID": {
                        "type": "string"
                      },
                      "channel": {
                        "type": "string",
                        "enum": [
                          "sms",
                          "email",
                          "push"
                        ]
                      },
                      "purpose": {
                        "type": "string"
                      },
                      "recipient": {
                        "type": "string"
                      },
                      "createdAt": {
                        "type": "string",
                        "format": "date-time"
                      }
                    },
                    "additionalProperties": false
                  },
                  "sender": {
                    "type": "string"
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "pending",
                      "sent",
                      "dead"
                    ]
                  },
                  "attempts": {
                    "type": "integer"
                  },
                  "nextAttemptAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "lastError": {
                    "type": "string"
                  },
                  "providerMessageID": {
                    "type": "string"
                  },
                  "sentAt": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              },
              "AuditEntry": {
                "type": "object",
                "required": [
                  "id",
                  "at",
                  "actor",
                  "action",
                  "source"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "at": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "actor": {
                    "type": "string",
                    "description": "The operator's username, `cli:<system user>@<host>` for the command line, or the name a failed sign-in gave (`operator.sign_in_failed`)."
                  },
                  "operatorID": {
                    "type": "string"
                  },
                  "action": {
                    "type": "string"
                  },
                  "target": {
                    "type": "string"
                  },
                  "source": {
                    "type": "string",
                    "description": "The client's IP address, or `cli`."
                  },
                  "appID": {
                    "type": "string",
                    "description": "The app the action concerned, when it concerned one (entries recorded before this member have none)."
                  },
                  "changes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/AuditChange"
                    },
                    "description": "What the action changed; empty when it changed no value."
                  }
                }
              },
              "AuditChange": {
                "type": "object",
                "required": [
                  "field"
                ],
                "description": "One value an action changed. A secret's value is never kept: it reads `[redacted]` → `changed`.",
                "properties": {
                  "field": {
                    "type": "string",
                    "description": "A setting's flag (`session-ttl`), `name`, `provider.<name>.<member>`, `disabled`, `client-secret`."
                  },
                  "before": {
                    "type": "string",
                    "description": "The value before; absent when there was none."
                  },
                  "after": {
                    "type": "string",
                    "description": "The value after; absent when it was removed."
                  }
                }
              },
              "LiveFigures": {
                "type": "object",
                "required": [
                  "signInsPerMinute",
                  "activeSessions",
                  "failedSignIns",
                  "at"
                ],
                "properties": {
                  "signInsPerMinute": {
                    "type": "array",
                    "items": {
                      "type": "integer"
                    },
                    "description": "Sessions started in each of the last 30 minutes, oldest first."
                  },
                  "activeSessions": {
                    "type": "integer"
                  },
                  "failedSignIns": {
                    "type": "integer",
                    "description": "Failed user sign-ins the throttle counted in the last hour."
                  },
                  "at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            }
          }
        }
        """#
    )
}
