#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name variant args
  local name=$1 v=$2; shift 2
  local cp=$J; [ "$v" != main ] && cp=.device/cz/$v.zip:$J
  echo "$name $v $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl 2>&1 \
     | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%|.*rror)' | awk '{print $1, $2, $3, $4, $5, $6, $7}' | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  for v in main X2 X3 P1 P2 main; do run $name $v $c --warmup 3 --reps 10; done
done
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/bigguy_holes.obj --levels 7"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  run $name-first main $c --warmup 0 --reps 1
  run $name-first main $c --warmup 0 --reps 1
  run $name-steady main $c --warmup 3 --reps 10
done
