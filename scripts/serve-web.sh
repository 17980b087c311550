#!/usr/bin/env bash
# Serves the web build on localhost: `scripts/serve-web.sh [FOLDER] [PORT]`
# (default dist/web on port 8080), then open http://localhost:8080/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh web
exec node web/serve.mjs "${1:-dist/web}" "${2:-8080}"
