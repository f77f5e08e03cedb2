#!/bin/sh
# Install amqcert's Debian 12 dependencies when missing: as root via apt-get,
# otherwise print the exact apt-get line and fail.
PKGS="build-essential pkg-config libgmp-dev libmpfr-dev libxxhash-dev libcmocka-dev frama-c-base why3 z3 cvc4 cvc5"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "deps: installing:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
        echo "deps: apt-get install failed for:$missing" >&2; exit 1; }
else
    echo "deps: missing Debian packages:$missing" >&2
    echo "deps: run as root:  apt-get install -y$missing" >&2
    exit 1
fi
