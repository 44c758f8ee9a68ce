# README.md's five minutes: the walk from nothing to a call, in an empty folder beside
# a clone of Pagegen (`pagegen`), as the README's Package.swift depends on it.
setup "mkdir demo && ln -s '$REPO' pagegen"
cd demo

block readme-generate
run "pagegen init Shop"
run "pagegen lint shop.pagegen.yaml"
run "pagegen generate shop.pagegen.yaml --output Sources/Shop/Generated"

block readme-serve
serve "pagegen-mock shop.pagegen.yaml --port 8080"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/products?page=1&per_page=2'"

block readme-run
doc_file "$REPO/README.md" Package.swift | file Package.swift
doc_file "$REPO/README.md" Sources/Shop/main.swift | sed "s/127\.0\.0\.1:8080/127.0.0.1:$MOCK_PORT/" | file Sources/Shop/main.swift
run_building "swift run Shop"
stop_mock
