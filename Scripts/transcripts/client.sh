# docs/client.md: pagegen-mock serving the numbers spec, with a request from a list.
setup "cp -R '$REPO/specs' specs"

block client-mock
serve_listing "pagegen-mock specs/numbers.pagegen.yaml --port 8089 --items 10000 --latency 150ms"
quiet "curl -s -o /dev/null 'http://127.0.0.1:8089/api/numbers/window?around=5000'"
mock_log | grep -v '^Stopped\.$'
