// While this target builds, swift-openapi-generator generates its client from openapi.json
// and openapi-generator-config.yaml, and PagegenOpenAPIPlugin writes the client's
// paging extensions (`…Pages`, `…Items`, `…List`) from the same two files.
