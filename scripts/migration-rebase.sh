#!/usr/bin/env bash
# Moves this branch's new migration after the migrations of another ref (main), for when both added one
# with the same number: `git merge main` (or merging the branch into main), then
#
#   scripts/migration-rebase.sh <the branch's migration file> [<ref whose migrations stay, default main>]
#
# It keeps the ref's journal and snapshots, removes the branch's migration with its snapshot, generates
# the branch's schema change again on top (drizzle-kit, under the same name and the next free number),
# and carries over what was written by hand below the file's `-- hand-written below` line (exclusion
# constraints, triggers), which drizzle-kit does not know. server/db/hand-written-sql.db.test.ts then
# checks that every constraint and trigger the app relies on is still there.
set -euo pipefail
cd "$(dirname "$0")/.."
file="$1"
ref="${2:-main}"
[ -f "$file" ] || { echo "No such migration: $file" >&2; exit 2; }
tag="$(basename "$file" .sql)"
name="${tag#*_}"
hand_written="$(awk 'below { print } /^-- hand-written below/ { below = 1 }' "$file")"

git checkout "$ref" -- drizzle/meta/_journal.json
snapshot="drizzle/meta/${tag%%_*}_snapshot.json"
if git cat-file -e "$ref:$snapshot" 2>/dev/null; then git checkout "$ref" -- "$snapshot"; else rm -f "$snapshot"; fi
git rm -q -f --ignore-unmatch "$file" >/dev/null
rm -f "$file"

npx drizzle-kit generate --name="$name"
generated="$(ls drizzle/[0-9]*_"$name".sql | sort | tail -n 1)"
if [ -n "$hand_written" ]; then printf -- '--> statement-breakpoint\n-- hand-written below\n%s\n' "$hand_written" >>"$generated"; fi
git add drizzle
echo "Regenerated as $generated; check it, then run server/db/hand-written-sql.db.test.ts."
