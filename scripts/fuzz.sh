#!/usr/bin/env bash
# npm run fuzz (and npm test's short run): builds the libFuzzer drivers of cpp/fuzz/ (cmake --preset fuzz: clang-14,
# AddressSanitizer and UndefinedBehaviorSanitizer) and runs them one after the other, each on a fresh temporary
# copy of its seed corpus (cpp/fuzz/corpus/<driver>/ is never grown by a run).
#   bash scripts/fuzz.sh           each driver until POSLAB_FUZZ_RUNS inputs (1000000) or POSLAB_FUZZ_SECONDS (1800)
#   bash scripts/fuzz.sh --short   POSLAB_FUZZ_SHORT_SECONDS (60) of fuzzing in all, shared evenly by the drivers
#   … [driver …]                   only those drivers (gpt2_tokenizer word_tokenizer vocabulary sliding_windows word2vec)
# Prints, per driver, the inputs run, the time and the findings. A finding (crash, sanitizer report, broken
# property, leak, timeout, out-of-memory) keeps its input under build/fuzz/findings/<driver>/, prints its path and
# how to replay it, and makes the script exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=long
if [ "${1:-}" = --short ]; then mode=short; shift; fi
drivers=(gpt2_tokenizer word_tokenizer vocabulary sliding_windows word2vec)
if [ $# -gt 0 ]; then
  for driver in "$@"; do
    [ -f "cpp/fuzz/$driver.cpp" ] || { echo "fuzz: no driver '$driver' (${drivers[*]})" >&2; exit 2; }
  done
  drivers=("$@")
fi

bash scripts/setup-system.sh test

# The GPT-2 driver reads tiktoken's gpt2.json from @dqbd/tiktoken (npm ci), unless POSLAB_GPT2_JSON names a copy.
if [ -z "${POSLAB_GPT2_JSON:-}" ]; then
  [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci
  export POSLAB_GPT2_JSON="$PWD/node_modules/@dqbd/tiktoken/encoders/gpt2.json"
fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"

if [ "$mode" = short ]; then
  per_driver=$(( ${POSLAB_FUZZ_SHORT_SECONDS:-60} / ${#drivers[@]} ))
  # A fixed seed: npm test replays the same inputs on every machine (npm run fuzz explores with random ones).
  limits=(-max_total_time="$per_driver" -seed="${POSLAB_FUZZ_SEED:-1}")
else
  limits=(-runs="${POSLAB_FUZZ_RUNS:-1000000}" -max_total_time="${POSLAB_FUZZ_SECONDS:-1800}")
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/poslab-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A few lines of the source texts (never committed), when they are here, as extra seeds for the text drivers:
# eight seeds of two short lines from each.
data="$(node scripts/data-dir.mjs 2>/dev/null || true)"
if [ -n "$data" ]; then
  mkdir -p "$work/texts"
  for text in "$data"/*.txt; do
    grep -v '^[[:space:]]*$' "$text" | head -n 8 | fold -s -w 100 | head -n 16 |
      split -l 2 - "$work/texts/$(basename "$text" .txt)-" || true
  done
fi

failed=0
summary=()
for driver in "${drivers[@]}"; do
  corpus="$work/corpus/$driver"
  findings="build/fuzz/findings/$driver"
  mkdir -p "$corpus" "$findings"
  cp cpp/fuzz/corpus/"$driver"/* "$corpus"/
  # Inputs up to 1 KiB (a piece past 256 bytes, where BPE changes method, fits); vocabulary files up to 2 KiB.
  max_len=1024
  [ "$driver" = vocabulary ] && max_len=2048
  options=(-print_final_stats=1 -timeout=30 -rss_limit_mb=2048 -max_len=$max_len -artifact_prefix="$findings/")
  [ -f "cpp/fuzz/$driver.dict" ] && options+=(-dict="cpp/fuzz/$driver.dict")
  extra=()
  case "$driver" in gpt2_tokenizer | word_tokenizer) [ -d "$work/texts" ] && extra=("$work/texts") ;; esac

  before="$(ls "$findings" | grep -v '^slow-unit-' | sort || true)"
  log="$work/$driver.log"
  started=$(date +%s%N)
  status=0
  "build/fuzz/poslab_fuzz_$driver" "${options[@]}" "${limits[@]}" "$corpus" "${extra[@]}" >"$log" 2>&1 || status=$?
  seconds=$(awk "BEGIN { printf \"%.1f\", ($(date +%s%N) - $started) / 1e9 }")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')  # a crash may print no stats
  new="$(comm -13 <(echo "$before") <(ls "$findings" | grep -v '^slow-unit-' | sort || true) | grep -v '^$' || true)"
  count=$(printf '%s' "$new" | grep -c . || true)
  if [ "$status" -ne 0 ] && [ "$count" -eq 0 ]; then count=1; fi  # a failure that wrote no input still counts
  line=$(printf '%-16s %10s inputs in %7s s (%s/s), corpus %s inputs, %s finding(s)' "$driver" "${runs:-?}" \
    "$seconds" "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)" "$(ls "$corpus" | wc -l)" "$count")
  echo "fuzz: $line"
  summary+=("$line")
  if [ "$count" -ne 0 ]; then
    failed=1
    report='^==[0-9]+==|fuzz property failed|^SUMMARY|ERROR: libFuzzer'
    if grep -q -E "$report" "$log"; then grep -E -A 30 "$report" "$log" | head -n 60 >&2 || true; else tail -n 40 "$log" >&2; fi
    for input in $new; do
      echo "fuzz: $driver finding kept in $findings/$input; replay: build/fuzz/poslab_fuzz_$driver $findings/$input" >&2
    done
  fi
done

echo "fuzz ($mode run, libFuzzer + AddressSanitizer + UndefinedBehaviorSanitizer):"
printf '  %s\n' "${summary[@]}"
exit "$failed"
