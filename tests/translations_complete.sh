#!/usr/bin/env bash
# Runs lupdate over the sources into a copy of the zh_CN catalogue and fails
# if any user-visible string is new or untranslated.
set -euo pipefail
lupdate=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/translations/kernel_atlas_zh_CN.ts" "$work/zh_CN.ts"
(cd "$src" && find core views app -name '*.cpp' | sort) | sed "s|^|$src/|" > "$work/sources.lst"
"$lupdate" -silent -no-obsolete -locations none "@$work/sources.lst" -ts "$work/zh_CN.ts"
unfinished=$(grep -c 'type="unfinished"' "$work/zh_CN.ts" || true)
if [ "$unfinished" != "0" ]; then
  echo "FAIL: $unfinished untranslated strings; run the katlas_translations_lupdate target and translations/fill_zh_CN.py"
  grep -B2 'type="unfinished"' "$work/zh_CN.ts" | grep '<source>' | head -20
  exit 1
fi
echo "1 passed, 0 failed"
