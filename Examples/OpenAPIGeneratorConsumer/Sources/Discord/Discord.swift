// While this target builds, swift-openapi-generator generates its client from openapi.json
// and openapi-generator-config.yaml, and PagegenOpenAPIPlugin writes the client's
// paging extensions (`…Pages`, `…Items`, `…List`) from the same two files.
//
// openapi.json is Discord's published document (discord/discord-api-spec,
// specs/openapi.json) pruned to a channel's messages and what they refer to: a bare
// array that pages by the last message's id (`before`), and models whose optional
// fields are never null, which a strict decoder holds to.
