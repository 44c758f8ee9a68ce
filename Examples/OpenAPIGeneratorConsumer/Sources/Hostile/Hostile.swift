// While this target builds, swift-openapi-generator generates its client from openapi.json
// and PagegenOpenAPIPlugin its paging extensions. The document puts a payload that would
// declare `evil…` into every text it carries (Tests/PagegenCompileTests/HostileDocuments.swift
// writes it): the target compiles only if no writer copied one into Swift as it is.
