#!/bin/bash
# Level 0's upload in pieces, each tiled as soon as it is copied, the copy spread over threads (up.zip,
# first on the class path; -Dloopsub.gl.uploadPieces=N, a property of this experiment's build only)
# against main's jar (one piece, one thread); end to end. Then group sizes for --limit and linear uvs
# (main's jar, loopsub.gl.* tuning properties).
set -u
J=.device/bin/loopsub.jar
Z=.device/cz/up.zip:$J
G=/tmp/benchmeshes
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
L() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep -A1 -e '^kernel time' -e '^end to end' | cut -c1-240; }
K() { java -cp "$@" --backend gl --warmup 3 --reps 10 2>&1 | grep '^kernel time' | cut -c1-60; }
for c in "$G/highvalence.obj --levels 6" "$G/open_grid.obj --levels 7"; do
  for r in 1 2; do
    echo "== main $c"; L $J org.loopsub.samples.cli.LoopsubCommand bench $c
    for p in 1 4 8; do echo "== pieces $p $c"; L $Z -Dloopsub.gl.uploadPieces=$p org.loopsub.samples.cli.LoopsubCommand bench $c; done
  done
done
for c in "$G/charts_novt.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 7 --uv linear"; do
  for t in "" "-Dloopsub.gl.splitGroup=64" "-Dloopsub.gl.splitGroup=256" "-Dloopsub.gl.generalGroupLimit=16" "-Dloopsub.gl.generalGroupLimit=64" \
           "-Dloopsub.gl.generalGroup=128" "-Dloopsub.gl.listGeneral=false" "-Dloopsub.gl.listGeneral=true" ""; do
    echo "$c [$t]: $(K $J $t org.loopsub.samples.cli.LoopsubCommand bench $c)"
  done
done
for c in "$G/highvalence.obj --levels 5" "$G/open_grid.obj --levels 5" "$M/bigguyT.obj --levels 5"; do
  echo "verify up $c: $(java -cp $Z org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep '^result')"
done
