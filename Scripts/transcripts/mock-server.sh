# docs/mock-server.md: pagegen-mock started, refusing, and answering curl, for each
# paging style and fault, on the repository's specs and on `pagegen init Shop`'s.
setup "cp -R '$REPO/specs' specs"
setup "pagegen init Shop"

block mock-start
serve_listing "pagegen-mock specs/catalog.pagegen.yaml --items 5"
quiet "curl -s -H 'Authorization: Bearer demo' -o /dev/null 'http://127.0.0.1:8080/api/v2/categories/42/products?page_size=2&current_page=3'"
mock_log

block mock-spec-errors
file broken.pagegen.yaml <<'SPEC'
pagegen: 1
name: Shop
baseURL: https://shop.example.com
models:
  Item:
    id: Int
    name: Strng
  Page:
    items: [Item]
endpoints:
  items:
    get: /items
    returns: Page
    paging:
      offest: { param: offset }
SPEC
run "pagegen-mock broken.pagegen.yaml"
run 'echo $?'

block mock-port-in-use
serve_silently "pagegen-mock shop.pagegen.yaml --port 8080"
run "pagegen-mock shop.pagegen.yaml --port 8080"

block mock-checked-requests
serve "pagegen-mock shop.pagegen.yaml --port 8080 --items 5"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/products/seven/reviews'"
run "curl -s -H 'Authorization: Bearer demo' -X POST 'http://127.0.0.1:8080/v1/products'"
run "curl -s -H 'Authorization: Bearer demo' -X POST -H 'Content-Type: application/json' -d '{\"name\": \"Kettle\"}' 'http://127.0.0.1:8080/v1/products'"
run "curl -s -H 'Authorization: Bearer demo' -X POST -H 'Content-Type: application/json' -d '{\"name\": 5, \"price\": 12.5}' 'http://127.0.0.1:8080/v1/products'"
run "curl -s -H 'Authorization: Bearer demo' -X POST -H 'Content-Type: application/json' -d 'name=Kettle' 'http://127.0.0.1:8080/v1/products'"
run "curl -s -H 'Authorization: Bearer demo' -X POST -H 'Content-Type: application/json' -d '{\"name\": \"Kettle\", \"price\": 12.5}' 'http://127.0.0.1:8080/v1/products'"

block mock-checked-query
file books.pagegen.yaml <<'SPEC'
pagegen: 1
name: Library
baseURL: https://books.example.com/api
models:
  Book:
    id: Int
    title: String
endpoints:
  books:
    get: /books
    query: { genre: { enum: [fiction, poetry] }, since: Int }
    returns: [Book]
SPEC
serve_silently "pagegen-mock books.pagegen.yaml --items 5"
run "curl -s 'http://127.0.0.1:8080/api/books?since=2001'"
run "curl -s 'http://127.0.0.1:8080/api/books?genre=sci&since=2001'"
run "curl -s 'http://127.0.0.1:8080/api/books?genre=fiction&since=last+year'"

block mock-checked-nulls
serve "pagegen-mock specs/tracker.pagegen.yaml --items 5"
run "curl -s -X PATCH -H 'Content-Type: application/json' -d '{\"milestone\": null}' 'http://127.0.0.1:8080/api/issues/7'"
run "curl -s -X PATCH -H 'Authorization: Bearer demo' -H 'Content-Type: application/json' -d '{\"title\": null}' 'http://127.0.0.1:8080/api/issues/7'"
run "curl -s -X PATCH -H 'Authorization: Bearer demo' -H 'Content-Type: application/json' -d '{\"milestone\": null}' 'http://127.0.0.1:8080/api/issues/7' | jq -c '{id, title, milestone}'"

block mock-page-numbers
serve "pagegen-mock specs/catalog.pagegen.yaml --items 100"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/v2/categories/42/products?page_size=3' | jq '.response.product_collection[0]'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/v2/categories/42/products?page_size=3&current_page=34' | jq -c '.response | {current_page, product_count, ids: [.product_collection[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/v2/categories/42/products?current_page=0'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/v2/products/7' | jq -c '{id, name, sale_price, status}'"

block mock-offsets
serve "pagegen-mock specs/articles.pagegen.yaml --items 100"
run "curl -s 'http://127.0.0.1:8080/api/articles?limit=2' | jq -c '.[] | {id, title, published_at}'"
run "curl -s 'http://127.0.0.1:8080/api/articles?offset=98&limit=5' | jq -c '[.[].id]'"
run "curl -s 'http://127.0.0.1:8080/api/articles?offset=100' | jq -c '[.[].id]'"
echo
serve "pagegen-mock specs/coins.pagegen.yaml --items 100"
run "curl -s -H 'X-CMC_PRO_API_KEY: demo' -H 'X-CMC_PRO_API_KEY: demo' 'http://127.0.0.1:8080/v1/cryptocurrency/listings/latest?start=1&limit=3' | jq -c '{total: .status.total_count, ids: [.data[].id], first: .data[0] | {symbol, quote}}'"

block mock-slack
serve "pagegen-mock specs/slack.pagegen.yaml --items 5"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/users.list?limit=3' | jq -c '{ok, ids: [.members[].id], response_metadata}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/users.list?limit=3&cursor=djF8YXwyfDNlNjEyMjI1' | jq -c '{ok, ids: [.members[].id], response_metadata}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/api/users.list?limit=3&cursor=bogus'"

block mock-reddit
serve "pagegen-mock specs/reddit.pagegen.yaml --items 5"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/live/xyz?limit=2' | jq -c '.data | {after, before, names: [.children[].data.name]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/live/xyz?limit=2&after=djF8YXwxfDA0Y2QxOTg4' | jq -c '.data | {after, before, names: [.children[].data.name]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/live/xyz?limit=2&before=djF8YnwyfDFhZDA2NGMw' | jq -c '.data | {after, before, names: [.children[].data.name]}'"

block mock-stripe
serve "pagegen-mock specs/stripe.pagegen.yaml --items 5"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?limit=2' | jq -c '{has_more, ids: [.data[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?limit=2&starting_after=cus_1tfmmip5vwn9j' | jq -c '{has_more, ids: [.data[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?limit=2&starting_after=cus_1jjkqyma1xiw3' | jq -c '{has_more, ids: [.data[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?limit=2&ending_before=cus_2ghkxv2h51bab' | jq -c '{has_more, ids: [.data[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?starting_after=cus_nope'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/customers?limit=0'"

block mock-events
serve "pagegen-mock specs/events.pagegen.yaml --items 5"
run "curl -si 'http://127.0.0.1:8080/api/events?api_key=demo&api_key=demo' -H 'X-Page-Size: 3' | cut -c -100"
run "curl -si 'http://127.0.0.1:8080/api/events?api_key=demo&api_key=demo&cursor=djF8YXwyfDBkODY3NWMw' -H 'X-Page-Size: 3' | cut -c -100"
run "curl -si 'http://127.0.0.1:8080/api/events?api_key=demo&api_key=demo' -H 'X-Page-Size: 3' -H 'If-None-Match: \"8e97be5a68b3e004\"'"
run "curl -s 'http://127.0.0.1:8080/api/events?api_key=demo&api_key=demo' -H 'X-Page-Size: 501'"

block mock-spotify
serve "pagegen-mock specs/spotify.pagegen.yaml --items 5"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/albums/4aawyAB9/tracks?limit=2&market=DE' | jq -c '{href, offset, limit, total, next, previous, ids: [.items[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/v1/albums/4aawyAB9/tracks?market=DE&limit=2&offset=2' | jq -c '{offset, next, previous, ids: [.items[].id]}'"

block mock-github
serve "pagegen-mock specs/github.pagegen.yaml --items 7"
run "curl -si -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/repos/apple/swift/issues?per_page=3&state=open' | grep -E '^(HTTP|Link)'"
run "curl -si -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/repos/apple/swift/issues?state=open&per_page=3&page=3' | grep -E '^(HTTP|Link)'"
run "curl -s -H 'Authorization: Bearer demo' 'http://127.0.0.1:8080/repos/apple/swift/issues?per_page=3' | jq -c '.[0] | {id, number, title, state, user: .user.login, labels: [.labels[].name], created_at}'"

block mock-hackernews
serve "pagegen-mock specs/hackernews.pagegen.yaml --items 5"
run "curl -s 'http://127.0.0.1:8080/v0/topstories.json'"
run "curl -s 'http://127.0.0.1:8080/v0/item/3.json' | jq -c ."
run "curl -si 'http://127.0.0.1:8080/v0/item/6.json'"

block mock-numbers
serve "pagegen-mock specs/numbers.pagegen.yaml --items 100"
run "curl -s 'http://127.0.0.1:8080/api/numbers/window?around=75'"
run "curl -s 'http://127.0.0.1:8080/api/numbers?page_number=2&per_page=30' | jq -c '{page_number, per_page, total_elements, ids: [.content[].id] | [first, last]}'"

block mock-body-paging
serve "pagegen-mock specs/notion.pagegen.yaml --items 5"
run "curl -s -H 'Authorization: Bearer demo' -X POST 'http://127.0.0.1:8080/v1/databases/d9824bdc/query' -H 'Content-Type: application/json' -d '{\"page_size\": 2}' | jq -c '{has_more, next_cursor, ids: [.results[].id]}'"
run "curl -s -H 'Authorization: Bearer demo' -X POST 'http://127.0.0.1:8080/v1/databases/d9824bdc/query' -d '{\"page_size\": 2, \"start_cursor\": \"djF8YXwxfGI3YjhlMjY1\"}' | jq -c '{has_more, next_cursor, ids: [.results[].id]}'"
echo
serve "pagegen-mock specs/algolia.pagegen.yaml --items 5"
run "curl -s -H 'X-Algolia-API-Key: demo' -H 'X-Algolia-API-Key: demo' -X POST 'http://127.0.0.1:8080/1/indexes/posts/query' -d '{\"query\": \"swift\", \"page\": 1, \"hitsPerPage\": 2}' | jq -c '{page, nbPages, nbHits, hitsPerPage, ids: [.hits[].objectID]}'"

block mock-faults
serve "pagegen-mock specs/articles.pagegen.yaml --items 10"
run "curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H 'X-Mock-Latency: 300ms' 'http://127.0.0.1:8080/api/articles' | awk '{ print \$1, (\$2 >= 0.3 ? \"after 0.3 s or more\" : \"too soon\") }'"
run "curl -si -H 'X-Mock-Fault: error' 'http://127.0.0.1:8080/api/articles'"
run "curl -si -H 'X-Mock-Fault: throttle=2' 'http://127.0.0.1:8080/api/articles'"
run "curl -s -H 'X-Mock-Fault: malformed' 'http://127.0.0.1:8080/api/articles?limit=1'"
run "curl -s -H 'X-Mock-Fault: truncate' 'http://127.0.0.1:8080/api/articles?limit=1'; echo \" (curl exit \$?)\""
run "curl -s -o /dev/null -w '%{size_download} %{time_total}\n' -H 'X-Mock-Fault: drip=32/20ms' 'http://127.0.0.1:8080/api/articles?limit=2' | awk '{ print \$1, \"bytes,\", (\$2 >= 0.14 ? \"after 0.14 s or more\" : \"too soon\") }'"
run "curl -s -H 'X-Mock-Fault: drift=2' 'http://127.0.0.1:8080/api/articles?limit=4' | jq -c '[.[].id]'"
run "curl -s -H 'X-Mock-Fault: drift=2' 'http://127.0.0.1:8080/api/articles?limit=4&offset=4' | jq -c '[.[].id]'"
run "curl -s -H 'X-Mock-Fault: remove=2' 'http://127.0.0.1:8080/api/articles?limit=4' | jq -c '[.[].id]'"
run "curl -s 'http://127.0.0.1:8080/api/articles?limit=20' | jq -c '[.[].id]'"
run "curl -s -H 'X-Mock-Fault: remove=0' 'http://127.0.0.1:8080/api/articles'"
run "curl -s -H 'X-Mock-Fault: explode' 'http://127.0.0.1:8080/api/articles'"
run "curl -s 'http://127.0.0.1:8080/api/articles?tag=%zz'"
run "curl -s 'http://127.0.0.1:8080/api/articles?limit=lots'"
run "curl -s -X DELETE 'http://127.0.0.1:8080/api/articles'"
run "curl -s 'http://127.0.0.1:8080/api/nope'"

block mock-faults-log
mock_log

block mock-loops
serve "pagegen-mock specs/slack.pagegen.yaml --items 10"
run "curl -s -H 'Authorization: Bearer demo' -H 'X-Mock-Fault: loop' 'http://127.0.0.1:8080/api/users.list?limit=3' | jq -c '{ids: [.members[].id], response_metadata}'"
run "curl -s -H 'Authorization: Bearer demo' -H 'X-Mock-Fault: loop' 'http://127.0.0.1:8080/api/users.list?limit=3&cursor=djF8c3xhMTY5MmM4OQ' | jq -c '{ids: [.members[].id], response_metadata}'"
run "curl -s -H 'Authorization: Bearer demo' -H 'X-Mock-Fault: body-error' 'http://127.0.0.1:8080/api/users.list' | jq -c '{ok, error}'"
echo
serve "pagegen-mock specs/github.pagegen.yaml --items 10"
run "curl -si -H 'Authorization: Bearer demo' -H 'X-Mock-Fault: loop' 'http://127.0.0.1:8080/repos/a/b/issues?per_page=3&page=2' | grep Link"
stop_mock
