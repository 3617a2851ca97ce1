extension EmailTemplatesFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use.
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "paths": {
            "/v1/operator/apps/{id}/email-templates": {
              "get": {
                "operationId": "listEmailTemplatesAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "The app's email templates",
                "description": "Needs an operator session with the role `viewer` or higher. Every email purpose in every shipped language, and the languages operators added: whether each is overridden and whether its override last fell back to the default.",
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
                    "description": "The templates.",
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
                                "$ref": "#/components/schemas/EmailTemplateSummary"
                              }
                            }
                          }
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
            "/v1/operator/apps/{id}/email-templates/{purpose}/{language}": {
              "get": {
                "operationId": "getEmailTemplateAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "One email template",
                "description": "Needs an operator session with the role `viewer` or higher. The override (if any), the shipped default, the parts sent, and the variables its templates may use and must show.",
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
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message: `verify_email`, `change_email`, `restore_email`, `reset_password`, `email_sign_in`, `sign_up_attempt`, `parent_consent` or `parent_manage`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag: `en`, `ja`, `zh-Hans` (shipped) or any other (added by operators).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The template.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/EmailTemplate"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such app or purpose, or (resetting) no override (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The language is not a BCP 47 tag (`invalid_field` on `language`), or a template part is not valid (`invalid_template`; the field is `subject`, `text` or `html`, the reason says why: `unknown_variable:<name>`, `missing_variable:<name>`, `unescaped_variable:<name>`, `syntax:<error>`, `partial`, `delimiters`, `pragma`, `too_long`, `empty`, `forbidden_element:<name>`, `event_handler`, `script_url`, `unbalanced_tag:<name>`, `unclosed_element:<name>`).",
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
                "operationId": "setEmailTemplateAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Override an email template",
                "description": "Needs an operator session with the role `admin` or higher. Checks every part given (absent or empty parts are the default's) and saves them; a save clears the last fallback. Audited.",
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
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message: `verify_email`, `change_email`, `restore_email`, `reset_password`, `email_sign_in`, `sign_up_attempt`, `parent_consent` or `parent_manage`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag: `en`, `ja`, `zh-Hans` (shipped) or any other (added by operators).",
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
                        "$ref": "#/components/schemas/EmailTemplateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The template as saved.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/EmailTemplate"
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
                  "404": {
                    "description": "No such app or purpose, or (resetting) no override (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The language is not a BCP 47 tag (`invalid_field` on `language`), or a template part is not valid (`invalid_template`; the field is `subject`, `text` or `html`, the reason says why: `unknown_variable:<name>`, `missing_variable:<name>`, `unescaped_variable:<name>`, `syntax:<error>`, `partial`, `delimiters`, `pragma`, `too_long`, `empty`, `forbidden_element:<name>`, `event_handler`, `script_url`, `unbalanced_tag:<name>`, `unclosed_element:<name>`).",
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
                "operationId": "resetEmailTemplateAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Go back to the default",
                "description": "Needs an operator session with the role `admin` or higher. Removes the override; the shipped default is sent again. Audited.",
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
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message: `verify_email`, `change_email`, `restore_email`, `reset_password`, `email_sign_in`, `sign_up_attempt`, `parent_consent` or `parent_manage`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag: `en`, `ja`, `zh-Hans` (shipped) or any other (added by operators).",
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
                    "description": "No such app or purpose, or (resetting) no override (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The language is not a BCP 47 tag (`invalid_field` on `language`), or a template part is not valid (`invalid_template`; the field is `subject`, `text` or `html`, the reason says why: `unknown_variable:<name>`, `missing_variable:<name>`, `unescaped_variable:<name>`, `syntax:<error>`, `partial`, `delimiters`, `pragma`, `too_long`, `empty`, `forbidden_element:<name>`, `event_handler`, `script_url`, `unbalanced_tag:<name>`, `unclosed_element:<name>`).",
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
            "/v1/operator/apps/{id}/email-templates/{purpose}/{language}/preview": {
              "post": {
                "operationId": "previewEmailTemplateAsOperator",
                "tags": [
                  "operator"
                ],
                "summary": "Render an email template with sample values",
                "description": "Needs an operator session with the role `viewer` or higher. Renders the given parts (checked as a save checks them) and, for parts not given, the stored or shipped ones, with sample values and the app's brand. Changes nothing.",
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
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message: `verify_email`, `change_email`, `restore_email`, `reset_password`, `email_sign_in`, `sign_up_attempt`, `parent_consent` or `parent_manage`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag: `en`, `ja`, `zh-Hans` (shipped) or any other (added by operators).",
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
                        "$ref": "#/components/schemas/EmailTemplateRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The rendered subject, text and HTML.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/EmailTemplateParts"
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
                  "404": {
                    "description": "No such app or purpose, or (resetting) no override (`not_found`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The language is not a BCP 47 tag (`invalid_field` on `language`), or a template part is not valid (`invalid_template`; the field is `subject`, `text` or `html`, the reason says why: `unknown_variable:<name>`, `missing_variable:<name>`, `unescaped_variable:<name>`, `syntax:<error>`, `partial`, `delimiters`, `pragma`, `too_long`, `empty`, `forbidden_element:<name>`, `event_handler`, `script_url`, `unbalanced_tag:<name>`, `unclosed_element:<name>`).",
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
            "/console/apps/{id}/email-templates": {
              "get": {
                "operationId": "consoleEmailTemplates",
                "tags": [
                  "console"
                ],
                "summary": "Console: an app's email templates",
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
                    "description": "The app's id or client id.",
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
                  "200": {
                    "description": "The list of purposes and languages, overridden or not, with their last fallback.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
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
                    "description": "No such app or purpose.",
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
            "/console/apps/{id}/email-templates/{purpose}/{language}": {
              "get": {
                "operationId": "consoleEmailTemplate",
                "tags": [
                  "console"
                ],
                "summary": "Console: edit an email template, with its live preview",
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
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message's purpose.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag.",
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
                  "200": {
                    "description": "The form (the parts sent) and the preview frame.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "422": {
                    "description": "The language is not a BCP 47 tag.",
                    "content": {
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
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
                    "description": "No such app or purpose.",
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
                "operationId": "consoleSaveEmailTemplate",
                "tags": [
                  "console"
                ],
                "summary": "Console: save an email template, or go back to the default (`action=reset`)",
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
                    "description": "The app's id or client id.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message's purpose.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag.",
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
                  "422": {
                    "description": "The form again, with each part's error.",
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
                  "404": {
                    "description": "No such app or purpose.",
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
            "/console/apps/{id}/email-templates/{purpose}/{language}/preview": {
              "post": {
                "operationId": "consolePreviewEmailTemplate",
                "tags": [
                  "console"
                ],
                "summary": "Console: the email's HTML rendered with sample values, for the edit page's frame",
                "description": "Signed in through the `lk_console` cookie; needs the role `viewer` or higher; without a live session it redirects (303) to `/console/sign-in`. Forms carry `csrf_token`; one without it is refused with 403.",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
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
                    "name": "purpose",
                    "in": "path",
                    "required": true,
                    "description": "The message's purpose.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "language",
                    "in": "path",
                    "required": true,
                    "description": "A BCP 47 language tag.",
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
                  "200": {
                    "description": "The rendered HTML (or the template's errors), under a policy of its own: inline styles and https images only, sandboxed, framed only by the console.",
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
                  "404": {
                    "description": "No such app or purpose.",
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
            }
          },
          "components": {
            "schemas": {
              "EmailTemplateParts": {
                "type": "object",
                "description": "An email's subject, text and HTML: Mustache sources, or, from a preview, the rendered message. An override's missing part is the default's.",
                "properties": {
                  "subject": {
                    "type": "string",
                    "description": "The subject template (rendered: the subject)."
                  },
                  "text": {
                    "type": "string",
                    "description": "The plain-text template (rendered: the text part)."
                  },
                  "html": {
                    "type": "string",
                    "description": "The HTML template (rendered: the HTML part)."
                  }
                }
              },
              "EmailTemplateRequest": {
                "type": "object",
                "description": "An override's parts; absent or empty parts are the default's.",
                "additionalProperties": false,
                "properties": {
                  "subject": {
                    "type": "string",
                    "description": "The subject template (rendered: the subject)."
                  },
                  "text": {
                    "type": "string",
                    "description": "The plain-text template (rendered: the text part)."
                  },
                  "html": {
                    "type": "string",
                    "description": "The HTML template (rendered: the HTML part)."
                  }
                }
              },
              "EmailTemplateSummary": {
                "type": "object",
                "description": "One email of an app in a listing.",
                "required": [
                  "purpose",
                  "language",
                  "overridden",
                  "parts"
                ],
                "properties": {
                  "purpose": {
                    "type": "string",
                    "description": "The message's purpose."
                  },
                  "language": {
                    "type": "string",
                    "description": "Its language tag."
                  },
                  "overridden": {
                    "type": "boolean",
                    "description": "Whether an override is stored."
                  },
                  "parts": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "enum": [
                        "subject",
                        "text",
                        "html"
                      ]
                    },
                    "description": "The parts the override sets."
                  },
                  "updatedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the override was saved."
                  },
                  "lastError": {
                    "type": "string",
                    "description": "Why the override could not be used the last time (the default was sent)."
                  },
                  "fallbackAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the default was last sent instead of the override."
                  }
                }
              },
              "EmailTemplate": {
                "type": "object",
                "description": "One email of an app, per purpose and language.",
                "required": [
                  "purpose",
                  "language",
                  "overridden",
                  "effective",
                  "defaults",
                  "variables",
                  "required"
                ],
                "properties": {
                  "purpose": {
                    "type": "string",
                    "description": "The message's purpose."
                  },
                  "language": {
                    "type": "string",
                    "description": "Its language tag."
                  },
                  "overridden": {
                    "type": "boolean",
                    "description": "Whether an override is stored."
                  },
                  "override": {
                    "$ref": "#/components/schemas/EmailTemplateParts"
                  },
                  "effective": {
                    "$ref": "#/components/schemas/EmailTemplateParts"
                  },
                  "defaults": {
                    "$ref": "#/components/schemas/EmailTemplateParts"
                  },
                  "variables": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The variables its templates may use."
                  },
                  "required": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The variables the text and the HTML must each show (the link or the code)."
                  },
                  "updatedAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the override was saved."
                  },
                  "lastError": {
                    "type": "string",
                    "description": "Why the override could not be used the last time (the default was sent)."
                  },
                  "fallbackAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When the default was last sent instead of the override."
                  }
                }
              }
            }
          }
        }
        """#
    )
}
