#!/bin/sh
# Install amqcert's Debian 12 dependencies when missing: as root via apt-get, otherwise
# print the exact apt-get line and fail.
#   sh tools/deps.sh build    the library, the CLI and the tests (make, make check; cracklib-runtime:
#                             the password list of examples/password-screen; the checker's peers and
#                             plots: libbloom, gnuplot; node and npm only when no `node` is on the
#                             PATH: a newer one may be installed)
#   sh tools/deps.sh prove    the prover stack (make prove, make certify)
#   sh tools/deps.sh bench    the peers measured by make bench; valgrind for its instruction counts
#   sh tools/deps.sh fuzz     clang and its libFuzzer runtime (make fuzz)
#   sh tools/deps.sh mpi      Open MPI, for build/amq-mpi (make MPI=1; optional)
# Several groups may be given at once.
BUILD="build-essential pkg-config libgmp-dev libmpfr-dev libmpfi-dev libxxhash-dev libcmocka-dev cracklib-runtime libbloom-dev gnuplot-nox"
PROVE="frama-c-base why3 z3 cvc4 cvc5 python3"
BENCH="libbloom-dev valgrind"
FUZZ="clang libclang-rt-14-dev"
MPI="openmpi-bin libopenmpi-dev"
[ $# -gt 0 ] || set -- build
PKGS=""
for group in "$@"; do
    case $group in
        build) PKGS="$PKGS $BUILD"
               command -v node >/dev/null 2>&1 || PKGS="$PKGS nodejs npm" ;;
        prove) PKGS="$PKGS $PROVE" ;;
        bench) PKGS="$PKGS $BENCH" ;;
        fuzz) PKGS="$PKGS $FUZZ" ;;
        mpi) PKGS="$PKGS $MPI" ;;
        *) echo "deps: unknown group '$group' (build, prove, bench, fuzz, mpi)" >&2; exit 2 ;;
    esac
done
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
