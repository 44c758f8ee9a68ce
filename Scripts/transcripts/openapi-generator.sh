# docs/openapi-generator.md: pagegen openapi-paging on GitHub's document with the
# configuration of Examples/OpenAPIGeneratorConsumer/Sources/GitHubIdiomatic.
setup "cp '$REPO/Examples/OpenAPIGeneratorConsumer/Sources/GitHubIdiomatic/openapi.json' '$REPO/Examples/OpenAPIGeneratorConsumer/Sources/GitHubIdiomatic/openapi-generator-config.yaml' ."

block openapi-generator-github
run_elided "pagegen openapi-paging openapi.json --output PagegenPaging.swift" 2 1

block openapi-generator-github-loader
sed -n '/func issuesListForRepoPageLoader/,/^    }$/p' PagegenPaging.swift | sed 's/^    //'

block openapi-generator-spotify-choice
setup "mkdir spotify && cp '$REPO/Examples/OpenAPIGeneratorConsumer/Sources/Spotify/openapi.yaml' spotify/"
run "pagegen openapi-paging spotify/openapi.yaml --output PagegenPaging.swift 2>&1 | grep 'me~1following/get: paging: the next link'"
