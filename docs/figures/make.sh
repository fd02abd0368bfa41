#!/usr/bin/env bash
# Draws the gallery: every figure of `zecklab plot` as SVG and PNG, with the commands the
# README shows. Run from the repository root: bash docs/figures/make.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p zecklab
zecklab=target/release/zecklab
out=docs/figures
# An empty store, so that every figure is computed the same way on any machine.
export ZECKLAB_STORE="$(mktemp -d)"
draw() {
  local name=$1
  shift
  for ext in svg png; do
    "$zecklab" plot "$name" "$@" --out "$out/$name.$ext" > /dev/null
  done
}
# A figure drawn under a file name of its own: draw_as FILE FIGURE ARGS...
draw_as() {
  local file=$1
  shift
  local name=$1
  shift
  for ext in svg png; do
    "$zecklab" plot "$name" "$@" --out "$out/$file.$ext" > /dev/null
  done
}
draw nim-reach --heap 20
draw nim-census --to 120
draw nim-thresholds --to 5000
draw nim-grundy --to 60
draw wythoff-grundy --size 100
draw zgame-growth --to 200
# The published record (docs/data), however far it reaches.
draw_as zgame-growth-record zgame-growth --data docs/data
draw zgame-tiers --data docs/data
draw zgame-lengths --n 100
draw zgame-random --to 100
draw zgame-position "1^3 2^2 5^7"
draw family-winners --to 150
draw zgame-grundy --to 150
draw zgame-certificates --to 80
draw zgame-minimal --to 40
# Random play's laws from the published lines (n = 10 to 300 take 13 minutes to compute).
draw zgame-random-laws --from docs/data/random-laws.jsonl
draw zgame-rule-curve --to 30
draw black-hole-table --m 4 --size 30
draw zgame-p-structure --to 120
draw zgame-p-largest --to 120
rm -rf "$ZECKLAB_STORE"
