#!/usr/bin/env bash
# Finds or builds the Pulumi CLI for this repo, offline.
#
#   PATH="$(scripts/toolchain/pulumi-cli.sh | tail -n 1):$PATH"   # then: pulumi up, pulumi preview, ...
#   scripts/toolchain/pulumi-cli.sh pulumi version                 # or: run one command with that PATH
#
# Prints, as the LAST line of stdout, a PATH prefix of two absolute directories joined by ':'
#   1. the folder with `pulumi`, `pulumi-language-nodejs`, `pulumi-language-yaml`,
#      `pulumi-language-go`, `pulumi-language-python` and `pulumi-resource-pulumi-nodejs` (the
#      host of pulumi.dynamic providers; for a build, copied from node_modules/@pulumi/pulumi,
#      where it resolves @pulumi/pulumi from the program's folder);
#   2. this repo's node_modules/.bin (Node 22 from the `node` devDependency: the language host
#      and the dynamic-provider host run the first `node` on PATH).
# Progress goes to stderr. With arguments, runs them with that prefix on PATH instead.
#
# Where the CLI comes from, first match wins:
#   a. `pulumi` on PATH whose version is >= the @pulumi/pulumi SDK version in node_modules
#      (the one pinned in package.json), with `pulumi-language-nodejs`, `pulumi-language-yaml`,
#      `pulumi-language-go` and `pulumi-language-python` on PATH too (a regular install has all);
#   b. the binaries built earlier, cached in
#      ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-collectors/pulumi-<engine version>-<source hash>/;
#   c. a build from Go modules through the wrapper module scripts/toolchain/pulumi-cli/ (go.mod pins
#      github.com/pulumi/pulumi/pkg/v3 and sdk/v3; first build: several minutes on 2 cores);
#   d. otherwise it says how to install the Pulumi CLI and exits 1.
# With (b) and (c), each language host has a cache folder of its own, keyed on its sources, so
# that editing one rebuilds it alone: ours for Node.js from scripts/toolchain/pulumi-cli/languagehost/
# (.../pulumi-language-nodejs-<engine version>-<source hash>/), ours for Go from
# scripts/toolchain/pulumi-cli/golanghost/ (.../pulumi-language-go-<engine version>-<source hash>/; it
# compiles Go programs with the `go` on PATH, else /usr/local/go/bin/go), ours for Python from
# scripts/toolchain/pulumi-cli/pythonhost/ (.../pulumi-language-python-<engine version>-<source hash>/,
# with the two files of the Pulumi Python SDK's sources it and the engine run, copied from the
# sdk/v3 module the engine is built from: `pulumi-language-python-exec`, which runs a program,
# and `pulumi-resource-pulumi-python`, the host of Python dynamic providers), and the YAML one from
# the wrapper module scripts/toolchain/pulumi-yaml/ (pins github.com/pulumi/pulumi-yaml and serves its host
# with the Link RPC v1.25.0 lacks; .../pulumi-language-yaml-<version>-<source hash>/). Each is
# then linked beside `pulumi`, where the engine looks for the language hosts it bundles (one found
# only on PATH makes every run print a warning).
# PULUMI_CLI_SKIP_PATH=1 skips (a), to always use the engine built from scripts/toolchain/pulumi-cli/;
# GO=/path/to/go picks the Go toolchain for the builds.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
module="$repo/scripts/toolchain/pulumi-cli"
yaml_module="$repo/scripts/toolchain/pulumi-yaml"

log() { printf 'pulumi-cli: %s\n' "$*" >&2; }

# version_ge A B: true when version A >= version B (leading "v" ignored).
version_ge() {
  local a="${1#v}" b="${2#v}"
  [ "$(printf '%s\n%s\n' "$a" "$b" | sort -V | head -n 1)" = "$b" ]
}

# The pinned version: the installed @pulumi/pulumi SDK, else package.json's devDependency.
sdk_json="$repo/node_modules/@pulumi/pulumi/package.json"
if [ -f "$sdk_json" ]; then
  pinned="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$sdk_json" | head -n 1)"
else
  pinned="$(sed -n 's/^ *"@pulumi\/pulumi": *"[~^]\{0,1\}\([0-9][^"]*\)".*/\1/p' "$repo/package.json" |
    head -n 1)"
fi
if [ -z "$pinned" ]; then
  log "cannot read the @pulumi/pulumi version from node_modules or package.json"
  exit 1
fi

extra="$repo/node_modules/.bin"
dynamic_host="$repo/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
if [ ! -x "$extra/node" ] || [ ! -f "$dynamic_host" ]; then
  log "node_modules is incomplete (no .bin/node or @pulumi/pulumi): run npm ci first"
  exit 1
fi

finish() {
  local bindir="$1"
  shift
  local prefix="$bindir:$extra"
  if [ $# -gt 0 ]; then
    PATH="$prefix:$PATH" exec "$@"
  fi
  printf '%s\n' "$prefix"
  exit 0
}

# The cache folder of (b): its name carries the engine version and a hash of the wrapper module's
# sources, so a change to the pins or to our language host builds a new folder.
engine="$(sed -n 's/^[[:space:]]*github.com\/pulumi\/pulumi\/pkg\/v3 \(v[^ ]*\).*/\1/p' "$module/go.mod" |
  head -n 1)"
sdk="$(sed -n 's/^[[:space:]]*github.com\/pulumi\/pulumi\/sdk\/v3 \(v[^ ]*\).*/\1/p' "$module/go.mod" |
  head -n 1)"
if [ -z "$engine" ] || [ "$engine" != "$sdk" ]; then
  log "scripts/toolchain/pulumi-cli/go.mod must require pkg/v3 and sdk/v3 at one version (got '$engine', '$sdk')"
  exit 1
fi
hash="$(cat "$module/go.mod" "$module/go.sum" "$dynamic_host" | sha256sum | cut -c1-12)"
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-collectors"
dir="$cache_root/pulumi-$engine-$hash"

# Our language hosts (Go packages of the wrapper module) each have a cache folder keyed on the
# module, their own sources and the package they share (hostkit/), so that editing one rebuilds
# that host alone, not the engine.
host_dir() { # host_dir NAME PACKAGE-FOLDER
  local h
  h="$(cat "$module/go.mod" "$module/go.sum" "$module/$2"/*.go "$module"/hostkit/*.go |
    sha256sum | cut -c1-12)"
  printf '%s\n' "$cache_root/$1-$engine-$h"
}
node_dir="$(host_dir pulumi-language-nodejs languagehost)"
go_dir="$(host_dir pulumi-language-go golanghost)"
python_dir="$(host_dir pulumi-language-python pythonhost)"

# The YAML language host's cache folder, keyed the same way on its own wrapper module.
yaml_version="$(sed -n 's/^[[:space:]]*github.com\/pulumi\/pulumi-yaml \(v[^ ]*\).*/\1/p' \
  "$yaml_module/go.mod" | head -n 1)"
if [ -z "$yaml_version" ]; then
  log "scripts/toolchain/pulumi-yaml/go.mod must require github.com/pulumi/pulumi-yaml"
  exit 1
fi
yaml_hash="$(cat "$yaml_module/go.mod" "$yaml_module/go.sum" "$yaml_module"/languagehost/*.go |
  sha256sum | cut -c1-12)"
yaml_dir="$cache_root/pulumi-language-yaml-$yaml_version-$yaml_hash"

# The language hosts, each from its cache folder; and the folder the engine runs from: `pulumi`,
# the dynamic-provider host and these, hard-linked, one folder per combination of cache folders.
# Clones whose hosts differ (a branch editing one) then never swap each other's hosts beside a
# shared `pulumi` while the other's commands run.
hosts=("$node_dir/pulumi-language-nodejs" "$go_dir/pulumi-language-go"
  "$python_dir/pulumi-language-python" "$python_dir/pulumi-language-python-exec"
  "$python_dir/pulumi-resource-pulumi-python" "$yaml_dir/pulumi-language-yaml")
bin_dir="$cache_root/bin-$engine-$(printf '%s\n' "$dir" "${hosts[@]}" | sha256sum | cut -c1-12)"

cli_cached() { [ -x "$dir/pulumi" ] && [ -x "$dir/pulumi-resource-pulumi-nodejs" ]; }
node_cached() { [ -x "$node_dir/pulumi-language-nodejs" ]; }
go_cached() { [ -x "$go_dir/pulumi-language-go" ]; }
python_cached() { [ -x "$python_dir/pulumi-resource-pulumi-python" ]; }
yaml_cached() { [ -x "$yaml_dir/pulumi-language-yaml" ]; }

# (a) A Pulumi CLI already installed.
if [ "${PULUMI_CLI_SKIP_PATH:-}" != "1" ] && command -v pulumi >/dev/null 2>&1 &&
  [ "$(command -v pulumi)" != "$bin_dir/pulumi" ]; then
  have="$(PULUMI_SKIP_UPDATE_CHECK=true pulumi version 2>/dev/null | tail -n 1 || true)"
  if [ -n "$have" ] && version_ge "$have" "$pinned" &&
    command -v pulumi-language-nodejs >/dev/null 2>&1 &&
    command -v pulumi-language-yaml >/dev/null 2>&1 &&
    command -v pulumi-language-go >/dev/null 2>&1 &&
    command -v pulumi-language-python >/dev/null 2>&1; then
    log "using $(command -v pulumi) ($have >= $pinned)"
    finish "$(cd "$(dirname "$(command -v pulumi)")" && pwd -P)" "$@"
  fi
  log "ignoring $(command -v pulumi) (${have:-unknown version}): need >= $pinned with" \
    "pulumi-language-nodejs, pulumi-language-yaml, pulumi-language-go and pulumi-language-python"
fi

# $GO names the go command to use; otherwise go on PATH, else Go's default install folder.
go_bin="${GO-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
need_go() {
  if [ -n "$go_bin" ] && command -v "$go_bin" >/dev/null 2>&1; then
    return 0
  fi
  cat >&2 <<EOM
pulumi-cli: no Pulumi CLI >= $pinned on PATH with its Node.js, YAML, Go and Python language hosts,
none cached in $dir and $yaml_dir, and no Go toolchain to build them.
Install the Pulumi CLI (version $pinned or newer) and put it on PATH:
    https://www.pulumi.com/docs/iac/download-install/
    (for example: curl -fsSL https://get.pulumi.com | sh   or   brew install pulumi/tap/pulumi)
or install Go (1.25 or newer) so this script can build the CLI from Go modules.
EOM
  exit 1
}

build_cli() {
  local out="$1"
  if ! version_ge "${engine#v}" "$pinned"; then
    log "note: building engine $engine, older than @pulumi/pulumi $pinned: the newest" \
      "github.com/pulumi/pulumi/pkg/v3 the Go module proxy serves here (see scripts/toolchain/pulumi-cli/go.mod)"
  fi
  log "building the Pulumi CLI $engine with $("$go_bin" env GOVERSION) into $dir" \
    "(first time: several minutes)"
  local ldflags="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$engine"
  (
    cd "$module"
    export GOFLAGS=-mod=readonly
    nice -n 10 "$go_bin" build -trimpath -ldflags "$ldflags" -o "$out/pulumi" \
      github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  ) >&2
  # Next to `pulumi` the engine takes it as the bundled dynamic-provider host, without the
  # "using pulumi-resource-pulumi-nodejs from $PATH" warning it prints for one found on PATH.
  cp "$dynamic_host" "$out/pulumi-resource-pulumi-nodejs"
  chmod 755 "$out/pulumi-resource-pulumi-nodejs"
  "$out/pulumi" version >/dev/null
}

# build_host BINARY PACKAGE OUT: one of our language hosts, a package of the wrapper module.
build_host() {
  log "building our language host $1 (./$2)"
  (
    cd "$module"
    export GOFLAGS=-mod=readonly
    nice -n 10 "$go_bin" build -trimpath \
      -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$engine" \
      -o "$3/$1" "./$2"
  ) >&2
}
build_node() { build_host pulumi-language-nodejs languagehost "$1"; }
build_go() { build_host pulumi-language-go golanghost "$1"; }
# The Python host, and beside it the two scripts of the Python SDK (in the sdk/v3 module's
# python/ folder, found as Go resolves it from go.mod) at the engine's version.
build_python() {
  build_host pulumi-language-python pythonhost "$1"
  local sdk_dir
  sdk_dir="$(cd "$module" && GOFLAGS=-mod=readonly "$go_bin" list -m -f '{{.Dir}}' \
    github.com/pulumi/pulumi/sdk/v3)"
  install -m 755 "$sdk_dir/python/cmd/pulumi-language-python-exec" "$1/"
  install -m 755 "$sdk_dir/python/dist/pulumi-resource-pulumi-python" "$1/"
}

build_yaml() {
  local out="$1"
  log "building the YAML language host $yaml_version with $("$go_bin" env GOVERSION) into" \
    "$yaml_dir (first time: about a minute with the CLI's modules downloaded)"
  (
    cd "$yaml_module"
    export GOFLAGS=-mod=readonly
    nice -n 10 "$go_bin" build -trimpath \
      -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=$yaml_version" \
      -o "$out/pulumi-language-yaml" ./languagehost
  ) >&2
}

# build_once DIR CACHED BUILD: unless CACHED passes, runs `BUILD <temporary folder>` and renames
# that folder to DIR. One build at a time (flock on DIR.lock): whoever waited finds DIR complete.
# A reader sees either no DIR or a complete one.
building=""
trap '[ -z "$building" ] || rm -rf "$building"' EXIT
build_once() {
  local target="$1" cached="$2" build="$3"
  if "$cached"; then
    log "using cached $target"
    return 0
  fi
  mkdir -p "$cache_root"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$target.lock"
    if ! flock -n 9; then
      log "another process is building $target; waiting for it"
      flock 9
    fi
  fi
  if ! "$cached"; then
    need_go
    local start
    start=$(date +%s)
    building="$(mktemp -d "$cache_root/.build-XXXXXX")"
    "$build" "$building"
    chmod 755 "$building"
    if ! mv -T "$building" "$target" 2>/dev/null; then
      "$cached" || { log "could not move the build to $target"; exit 1; }
    fi
    building=""
    log "built in $(($(date +%s) - start)) s: $target"
  fi
  exec 9>&- # release the lock
}

# link_beside_pulumi BINARY: the engine looks beside `pulumi` for the language hosts it bundles:
# found there, a host runs without the "using pulumi-language-X from $PATH" warning on every run.
# A hard link (a copy on a file system without them), renamed into place so that a reader never
# misses it.
link_beside_pulumi() {
  local binary="$1" name
  name="$(basename "$binary")"
  if ! [ "$bin_dir/$name" -ef "$binary" ] && ! cmp -s "$bin_dir/$name" "$binary"; then
    local link="$bin_dir/.$name.$$"
    ln -f "$binary" "$link" 2>/dev/null || cp "$binary" "$link"
    # mv refuses to rename a file onto itself: a concurrent run linked the same one first.
    mv -f "$link" "$bin_dir/$name" 2>/dev/null || [ "$bin_dir/$name" -ef "$binary" ]
    rm -f "$link"
  fi
}

# (b) built before, or (c) build it; then `pulumi` and the hosts, linked into $bin_dir.
build_once "$dir" cli_cached build_cli
build_once "$node_dir" node_cached build_node
build_once "$go_dir" go_cached build_go
build_once "$python_dir" python_cached build_python
build_once "$yaml_dir" yaml_cached build_yaml
mkdir -p "$bin_dir"
for binary in "$dir/pulumi" "$dir/pulumi-resource-pulumi-nodejs" "${hosts[@]}"; do
  link_beside_pulumi "$binary"
done
finish "$bin_dir" "$@"
