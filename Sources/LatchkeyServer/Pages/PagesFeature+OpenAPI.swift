extension PagesFeature {
    /// The OpenAPI paths of this feature's routes and the components only they use (what other
    /// features use too is in ``OpenAPIFragment/common``).
    static let openAPI = OpenAPIFragment(
        #"""
        {
          "tags": [
            {
              "name": "pages",
              "description": "The server's HTML pages and their assets."
            }
          ],
          "paths": {
            "/assets/{name}": {
              "get": {
                "operationId": "getPageAsset",
                "tags": [
                  "pages"
                ],
                "summary": "A stylesheet, script or image of the server's pages",
                "description": "The files the hosted login, console and email-link pages link to, versioned by a content hash in the pages' links (`?v=`) and cached for a year; `brand-<accent>-<background>-<appearance>.css` sets an app's colours (its brand's `accentColor`, `backgroundColor` and `appearance`).",
                "security": [],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/RequestId"
                  },
                  {
                    "name": "name",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The file.",
                    "content": {
                      "text/css": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "text/javascript": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "image/svg+xml": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such file.",
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
          }
        }
        """#
    )
}
