#!/usr/bin/env bash
# Until the first release, the schema is one initial migration regenerated from server/db/schema
# whenever feature branches meet. After the first release, never run this: add migrations instead.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf drizzle
npx drizzle-kit generate --name init
