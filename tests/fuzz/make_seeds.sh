#!/usr/bin/env bash
# Writes the seeds that are made by Kernel Atlas itself from the hand-written
# ones: a small index of the fact extractor's Python seeds (index_loader/) and
# the stored facts of its files (facts_codec/). Run again after a change of
# the index schema or of the facts encoding:
#   bash tests/fuzz/make_seeds.sh build/app/katlas
set -euo pipefail

katlas=$(realpath "$1")
seeds=$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/fuzz" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/repo/pkg"
touch "$work/repo/pkg/__init__.py"
cp "$seeds"/fact_extractor/*.py "$work/repo/pkg/"
"$katlas" index --db "$work/seed.katlas" --repo demo="$work/repo" \
    --profile "$seeds/profile_loader/small.json" >/dev/null

# Small pages keep the seed small; the header's ids and versions stay.
sqlite3 "$work/seed.katlas" "PRAGMA page_size=512; VACUUM;"
cp "$work/seed.katlas" "$seeds/index_loader/small.katlas"

# Each file's three blobs, framed as tests/fuzz/blob_framing.h reads them.
le32() { printf "\\x$(printf %02x $(($1 & 255)))\\x$(printf %02x $(($1 >> 8 & 255)))\\x$(printf %02x $(($1 >> 16 & 255)))\\x$(printf %02x $(($1 >> 24 & 255)))"; }
rm -f "$seeds"/facts_codec/*.facts
sqlite3 "$work/seed.katlas" "SELECT path FROM file ORDER BY path" | while read -r path; do
    name=$(basename "$path" .py)
    for column in facts locals calls; do
        : > "$work/$column" # writefile() writes no file for an empty blob
        sqlite3 "$work/seed.katlas" "SELECT writefile('$work/$column', $column) FROM file WHERE path = '$path'" >/dev/null
    done
    { le32 "$(stat -c %s "$work/facts")"; le32 "$(stat -c %s "$work/locals")"
      cat "$work/facts" "$work/locals" "$work/calls"; } > "$seeds/facts_codec/$name.facts"
done
ls -l "$seeds/index_loader" "$seeds/facts_codec"
