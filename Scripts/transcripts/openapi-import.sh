# docs/openapi-import.md: GitHub's document imported (the one Examples/OpenAPIGeneratorConsumer
# holds), and what stops an import.
setup "cp '$REPO/Examples/OpenAPIGeneratorConsumer/Sources/GitHub/openapi.json' github.openapi.json"

block import-summary
setup "mkdir specs"
quiet "pagegen import github.openapi.json --output specs/github.pagegen.yaml --quiet"

block import-github-walk
run_elided "pagegen import github.openapi.json --output github.pagegen.yaml" 6 3

block import-errors
printf 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths: { /a: [ }\n' | file bad.yaml
quiet "pagegen import bad.yaml"
printf 'title: T\nversion: 1\n' | file api.yaml
quiet "pagegen import api.yaml"
printf 'openapi: 2.5.0\ninfo: { title: T, version: "1" }\npaths: {}\n' | file api.yaml
quiet "pagegen import api.yaml"
printf 'openapi: 3.0.3\ninfo: Todo\npaths: {}\n' | file api.yaml
quiet "pagegen import api.yaml"
printf 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses: { "200": { description: OK } }\n' | file api.yaml
quiet "pagegen import api.yaml --operations nothing"
printf 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths: {}\n' | file api.yaml
quiet "pagegen import api.yaml"
quiet "pagegen import nope.yaml"
printf 'openapi: 3.0.3\ninfo: { title: T\xff, version: "1" }\npaths: {}\n' | file api.yaml
quiet "pagegen import api.yaml"
: >api.yaml
quiet "pagegen import api.yaml"
