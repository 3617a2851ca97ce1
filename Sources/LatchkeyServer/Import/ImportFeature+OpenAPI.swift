extension ImportFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/operator/apps/{id}/users/import": {
              "post": {
                "operationId": "importUsersAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Import users with their password hashes",
                "description": "Needs an operator session with the role `admin` or higher. Idempotent by external id: a re-run changes nothing, a changed line updates its user, a run stopped halfway finishes when sent again. Foreign password hashes are verified on the user's first sign-in and replaced with the app's bcrypt. Refused lines are reported with their line numbers; the others are imported. `latchkey import users` does the same from the command line (docs/import.md).",
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
                        "$ref": "#/components/schemas/UserImportRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Each line's outcome.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/UserImportReport"
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
                  },
                  "404": {
                    "description": "No such app (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 16 MiB (or the server's body limit, when larger) (`body_too_large`); larger files go through `latchkey import users`.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The Firebase parameters do not parse (`invalid_field` on `firebaseScrypt`; the reason says why).",
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
              "FirebaseScryptParameters": {
                "type": "object",
                "description": "A Firebase project's password hash parameters, as `firebase auth:export` and the console give them.",
                "required": [
                  "signerKey",
                  "saltSeparator",
                  "rounds",
                  "memCost"
                ],
                "additionalProperties": false,
                "properties": {
                  "signerKey": {
                    "type": "string",
                    "description": "base64_signer_key."
                  },
                  "saltSeparator": {
                    "type": "string",
                    "description": "base64_salt_separator."
                  },
                  "rounds": {
                    "type": "integer",
                    "description": "rounds (1 to 8)."
                  },
                  "memCost": {
                    "type": "integer",
                    "description": "mem_cost (1 to 14)."
                  }
                }
              },
              "UserImportRequest": {
                "type": "object",
                "description": "The import file's text with its format and options.",
                "required": [
                  "content"
                ],
                "additionalProperties": false,
                "properties": {
                  "content": {
                    "type": "string",
                    "description": "The file's text: one ImportedUser JSON object per line (a first line holding only `firebaseScrypt` sets the Firebase parameters), or CSV with a header row of ImportedUser field names."
                  },
                  "format": {
                    "type": "string",
                    "enum": [
                      "jsonl",
                      "csv",
                      "pocketbase",
                      "supabase"
                    ],
                    "description": "`jsonl` (default), `csv`, or `pocketbase` / `supabase` for those systems' user exports (a JSON array, JSON lines or CSV of their rows)."
                  },
                  "dryRun": {
                    "type": "boolean",
                    "description": "Report what each line would do and change nothing."
                  },
                  "firebaseScrypt": {
                    "$ref": "#/components/schemas/FirebaseScryptParameters"
                  }
                }
              },
              "UserImportLine": {
                "type": "object",
                "description": "What happened to one line.",
                "required": [
                  "line",
                  "outcome"
                ],
                "properties": {
                  "line": {
                    "type": "integer",
                    "description": "1-based line number (a CSV row's first line)."
                  },
                  "externalId": {
                    "type": "string",
                    "description": "The line's external id, when it has one."
                  },
                  "outcome": {
                    "type": "string",
                    "enum": [
                      "created",
                      "updated",
                      "unchanged",
                      "refused"
                    ],
                    "description": "What the import did (or, dry, would do)."
                  },
                  "userId": {
                    "type": "string",
                    "description": "The Latchkey user id."
                  },
                  "errors": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Why a refused line was refused (`invalid_password_hash`, `invalid_field`, `duplicate_email`, …)."
                  }
                }
              },
              "UserImportReport": {
                "type": "object",
                "description": "What an import did with each line.",
                "required": [
                  "dryRun",
                  "created",
                  "updated",
                  "unchanged",
                  "refused",
                  "lines"
                ],
                "properties": {
                  "dryRun": {
                    "type": "boolean",
                    "description": "Whether nothing was changed."
                  },
                  "created": {
                    "type": "integer",
                    "description": "Lines created."
                  },
                  "updated": {
                    "type": "integer",
                    "description": "Lines updated."
                  },
                  "unchanged": {
                    "type": "integer",
                    "description": "Lines unchanged."
                  },
                  "refused": {
                    "type": "integer",
                    "description": "Lines refused."
                  },
                  "lines": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/UserImportLine"
                    },
                    "description": "Every line's outcome, in file order."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
