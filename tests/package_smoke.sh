#!/usr/bin/env bash
# Builds the .deb with CPack, unpacks it into a throwaway root, and runs the
# installed CLI there: --version, then an index of the installed demo.
# Outputs are captured before they are searched: `producer | grep -q` under
# pipefail fails whenever grep stops reading before the producer is done.
set -euo pipefail
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpack --config "$build/CPackConfig.cmake" -B "$work/pkg" >/dev/null
deb=$(ls "$work"/pkg/*.deb)
info=$(dpkg-deb --info "$deb")
grep -q "Depends:.*libqt6" <<<"$info" || { echo "FAIL: no Qt dependency in $deb"; exit 1; }
dpkg -x "$deb" "$work/root"
root=$work/root/usr
for f in bin/katlas bin/kernel-atlas share/applications/io.github.kernel_atlas.KernelAtlas.desktop \
         share/metainfo/io.github.kernel_atlas.KernelAtlas.metainfo.xml \
         share/icons/hicolor/scalable/apps/io.github.kernel_atlas.KernelAtlas.svg \
         share/kernel-atlas/profiles/sglang.json share/kernel-atlas/demo/profile.json; do
  [ -e "$root/$f" ] || { echo "FAIL: $f is not installed"; exit 1; }
done
desktop-file-validate "$root/share/applications/io.github.kernel_atlas.KernelAtlas.desktop" || { echo "FAIL: desktop-file-validate"; exit 1; }
appstreamcli validate --no-net "$root/share/metainfo/io.github.kernel_atlas.KernelAtlas.metainfo.xml" >/dev/null || { echo "FAIL: appstreamcli validate"; exit 1; }
version=$("$root/bin/katlas" --version)
grep -q "^katlas " <<<"$version" || { echo "FAIL: katlas --version"; exit 1; }
demo=$root/share/kernel-atlas/demo
KATLAS_CACHE_DIR=$work/cache "$root/bin/katlas" index --db "$work/demo.katlas" \
  --repo tinyserve="$demo/tinyserve" --repo quickinfer="$demo/quickinfer" --profile "$demo/profile.json" | tee "$work/out.txt"
grep -q "Indexed .* files" "$work/out.txt" || { echo "FAIL: installed katlas index"; exit 1; }
KATLAS_CACHE_DIR=$work/cache "$root/bin/katlas" kernels --db "$work/demo.katlas" >"$work/kernels.txt"
grep -q cutlass_mla_decode "$work/kernels.txt" || { echo "FAIL: kernels"; exit 1; }
echo "1 passed, 0 failed"
