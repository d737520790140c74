#!/usr/bin/env bash
# Regenerates the Terraform fixture of the from-terraform tests (test/support/terraform-fixture.ts
# reads it; IDs depend on the order Terraform creates objects in, so tests take them from the state):
# applies test/fixtures/terraform/main.tf with the upstream Terraform provider against a fresh
# emulator, then writes beside main.tf
#   terraform.tfstate    the state Terraform wrote (format version 4), sensitive values scrubbed;
#   emulator-state.json  the emulator's durable state (--data) holding exactly those objects, without
#                        any API token (a test's emulator adds its own).
# Not run in CI. Needs, besides this checkout built (`npm run build`):
#   terraform          v1.11 or later on PATH;
#   TF_PROVIDER_DIR    a directory holding a built terraform-provider-linode (v3.13.0 was used), taken
#                      through a dev_overrides CLI config (no registry download);
#   RENAME_PROXY       a Node script that sits between that provider and the emulator and renames the
#                      upstream API's paths and names to this API's and back (`/linode/instances` to
#                      `/compute/instances`, `linode_id` to `compute_id`, ...): env UPSTREAM (the
#                      emulator's origin), PORT=0, LOG (a JSONL file); its first line on stdout is
#                      "proxy listening on http://127.0.0.1:PORT"; DELETE_EVENT_FINISHED=1 is set.
# Usage: RENAME_PROXY=... TF_PROVIDER_DIR=... test/support/terraform-fixture.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/test/fixtures/terraform"
: "${TF_PROVIDER_DIR:?a directory holding terraform-provider-linode}"
: "${RENAME_PROXY:?the rename proxy script}"
[ -x "$TF_PROVIDER_DIR/terraform-provider-linode" ] || { echo "no terraform-provider-linode in $TF_PROVIDER_DIR" >&2; exit 1; }
command -v terraform > /dev/null || { echo "terraform is not on PATH" >&2; exit 1; }
source "$ROOT/scripts/env" > /dev/null
[ -f "$ROOT/dist/emulator/cli.js" ] || { echo "build first: npm run build" >&2; exit 1; }

WORK="$(mktemp -d -t terraform-fixture.XXXXXX)"
EPID= PPID_=
cleanup() {
  [ -n "$PPID_" ] && kill "$PPID_" 2> /dev/null || true
  [ -n "$EPID" ] && kill "$EPID" 2> /dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# A throwaway token: it reaches the emulator's data file only, and is dropped from it below.
TOKEN="$(node -e 'console.log(require("crypto").randomBytes(16).toString("hex"))')"
node "$ROOT/dist/emulator/cli.js" --host 127.0.0.1 --port 0 --token "$TOKEN" --real-shapes \
  --data "$WORK/emulator.json" > "$WORK/emulator.out" 2>&1 &
EPID=$!
until grep -q listening "$WORK/emulator.out" 2> /dev/null; do
  kill -0 "$EPID" 2> /dev/null || { cat "$WORK/emulator.out" >&2; exit 1; }
  sleep 0.1
done
EMU="$(grep -o 'http://[0-9.:]*' "$WORK/emulator.out" | head -1)"
DELETE_EVENT_FINISHED=1 UPSTREAM="$EMU" PORT=0 LOG="$WORK/proxy.jsonl" node "$RENAME_PROXY" > "$WORK/proxy.out" 2>&1 &
PPID_=$!
until grep -q listening "$WORK/proxy.out" 2> /dev/null; do
  kill -0 "$PPID_" 2> /dev/null || { cat "$WORK/proxy.out" >&2; exit 1; }
  sleep 0.1
done
PROXY="$(grep -o 'http://[0-9.:]*' "$WORK/proxy.out" | head -1)"

mkdir "$WORK/tf"
cp "$OUT/main.tf" "$WORK/tf/"
printf 'provider_installation {\n  dev_overrides {\n    "linode/linode" = "%s"\n  }\n  direct {}\n}\n' \
  "$TF_PROVIDER_DIR" > "$WORK/cli.tfrc"
(
  cd "$WORK/tf"
  export TF_CLI_CONFIG_FILE="$WORK/cli.tfrc" LINODE_URL="$PROXY" LINODE_API_VERSION=v4 LINODE_TOKEN="$TOKEN"
  export TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1 LINODE_EVENT_POLL_MS=200
  terraform apply -auto-approve -no-color -input=false
  terraform plan -detailed-exitcode -no-color -input=false > /dev/null # 0: what was written is what it reads back
)
kill "$PPID_" "$EPID"
wait "$EPID" 2> /dev/null || true
PPID_= EPID=

TS_NODE_PROJECT="$ROOT/tsconfig.json" ts-node --transpile-only "$ROOT/test/support/terraform-fixture-scrub.ts" "$WORK/tf/terraform.tfstate" "$WORK/emulator.json" "$OUT"
prettier --log-level warn --write "$OUT/terraform.tfstate" "$OUT/emulator-state.json" --parser json
echo "wrote $OUT/terraform.tfstate and $OUT/emulator-state.json"
