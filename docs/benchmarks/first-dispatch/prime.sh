#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name props args
  local name=$1 p=$2; shift 2
  echo "$name $p $(java $p -cp .device/cz/PR.zip:$J org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl 2>&1 \
     | grep -E '^(kernel time|end to end|  of it|[0-9] +[0-9.]+ +[0-9.]+%|.*rror)' | cut -c1-110 | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  run $name-steady "-Dx=1" $c --warmup 3 --reps 10
  for p in "-Dx=1" "-Dloopsub.gl.prime=true" "-Dloopsub.gl.prime=true -Dloopsub.gl.primeAll=true"; do
    run $name-first "$p" $c --warmup 0 --reps 1
    run $name-first "$p" $c --warmup 0 --reps 1
  done
done
