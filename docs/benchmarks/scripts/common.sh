# Sourced by every script in this folder. Run from the repository root. Sets the jar ($JAR, default
# the GPU machine's copy), the meshes, where the raw output goes, and prints a header naming the
# date, the commit, the GPU and driver and the Java runtime, so that a raw output says what it measured.
set -u
J=${JAR:-.device/bin/loopsub.jar}
M=testdata/meshes
G=${BENCH_MESHES:-/tmp/benchmeshes}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# With $OUT set, everything the script prints goes to $OUT/<script>.txt as well.
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"
  exec > >(tee "$OUT/$(basename "$0" .sh).txt") 2>&1
fi

header() {
  echo "# $(basename "$0"), $(date -u '+%Y-%m-%d %H:%M UTC'), commit ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}, jar $J"
  if command -v nvidia-smi > /dev/null 2>&1; then
    echo "# $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader)"
  fi
  echo "# $(java -version 2>&1 | grep -v '^Picked up' | head -1), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs)"
}

# BenchMeshes' meshes (fixed seeds: the same bytes every run) and bigguy_charts without its uvs
# (charts_novt: the same surface, to price the uvs against).
meshes() {
  java -cp "$J" org.loopsub.samples.meshes.BenchMeshes "$G" > /dev/null 2>&1
  sed -e '/^vt /d' -e 's#/[0-9]*##g' "$G/bigguy_charts.obj" > "$G/charts_novt.obj"
}

# The camera of every screen-space figure: bigguyT seen along +z, the bounding sphere filling a 45°
# view at 1920 x 1080.
EYE=0.536435,1.05354,41.9797
TGT=0.536435,1.05354,0.0729135
SCREEN="--eye $EYE --target $TGT --fov 45 --viewport 1920x1080"
