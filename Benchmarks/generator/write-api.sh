#!/usr/bin/env bash
# Writes one synthetic paginated API in two forms: an OpenAPI 3 document (for
# swift-openapi-generator) and a Pagegen spec, for the generator benchmark.
#
# N resources; each has a paged list endpoint (`page`, `per_page`; an envelope of
# `total_elements`, `page_number`, `per_page` and `data`) and a get-by-id endpoint,
# and the same 8 fields: `id` String, `count` Int64, `active` Bool, `score` Double,
# `created_at` date-time, `description` String?, a nested `owner` object
# {`login`, `id`, `site_admin`?} and `tags` [String].
#
# Usage: Benchmarks/generator/write-api.sh N DIR
#   writes DIR/openapi.yaml and DIR/synthetic.pagegen.yaml
set -euo pipefail

if [ $# -ne 2 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 N DIR   (N resources, a positive number)" >&2
    exit 2
fi
n="$1"
dir="$2"
mkdir -p "$dir"

# The OpenAPI document. The owner is an inline object, as APIs usually write it.
{
    printf 'openapi: 3.0.3\ninfo:\n  title: Synthetic\n  version: 1.0.0\n'
    printf 'servers:\n  - url: https://api.example.com/v1\npaths:\n'
    for ((i = 0; i < n; i++)); do
        printf '%s' "  /resources${i}:
    get:
      operationId: listResources${i}
      summary: One page of resources ${i}.
      parameters:
        - { name: page, in: query, required: false, schema: { type: integer } }
        - { name: per_page, in: query, required: false, schema: { type: integer } }
      responses:
        '200':
          description: A page of resources ${i}.
          content:
            application/json:
              schema: { \$ref: '#/components/schemas/Resource${i}Page' }
  /resources${i}/{id}:
    get:
      operationId: getResource${i}
      summary: The resource ${i} with an id.
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The resource ${i}.
          content:
            application/json:
              schema: { \$ref: '#/components/schemas/Resource${i}' }
"
    done
    printf 'components:\n  schemas:\n'
    for ((i = 0; i < n; i++)); do
        printf '%s' "    Resource${i}:
      type: object
      required: [id, count, active, score, created_at, owner, tags]
      properties:
        id: { type: string }
        count: { type: integer, format: int64 }
        active: { type: boolean }
        score: { type: number, format: double }
        created_at: { type: string, format: date-time }
        description: { type: string }
        owner:
          type: object
          required: [login, id]
          properties:
            login: { type: string }
            id: { type: integer, format: int64 }
            site_admin: { type: boolean }
        tags: { type: array, items: { type: string } }
    Resource${i}Page:
      type: object
      required: [total_elements, page_number, per_page, data]
      properties:
        total_elements: { type: integer }
        page_number: { type: integer }
        per_page: { type: integer }
        data: { type: array, items: { \$ref: '#/components/schemas/Resource${i}' } }
"
    done
} > "$dir/openapi.yaml"

# The Pagegen spec. A model is declared by name, so the owner is a model of its own.
{
    printf 'pagegen: 1\nname: Synthetic\nnamespace: SyntheticAPI\nbaseURL: https://api.example.com/v1\n'
    printf 'models:\n'
    for ((i = 0; i < n; i++)); do
        printf '%s' "  Resource${i}:
    id: String
    count: Int64
    active: Bool
    score: Double
    created_at: Date
    description: String?
    owner: Resource${i}Owner
    tags: [String]
  Resource${i}Owner:
    login: String
    id: Int64
    site_admin: Bool?
  Resource${i}Page:
    total_elements: Int
    page_number: Int
    per_page: Int
    data: [Resource${i}]
"
    done
    printf 'endpoints:\n'
    for ((i = 0; i < n; i++)); do
        printf '%s' "  resources${i}:
    summary: One page of resources ${i}.
    get: /resources${i}
    returns: Resource${i}Page
    paging:
      page: { param: page, first: 1 }
      size: { param: per_page, default: 30, max: 100 }
      items: data
      total: total_elements
  resource${i}:
    summary: The resource ${i} with an id.
    get: /resources${i}/{id}
    path: { id: String }
    returns: Resource${i}
"
    done
} > "$dir/synthetic.pagegen.yaml"
