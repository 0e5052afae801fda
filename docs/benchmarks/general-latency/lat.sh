#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name variant props args
  local name=$1 v=$2 p=$3; shift 3
  local cp=$J; [ "$v" != main ] && [ "$v" != mainL ] && cp=.device/cz/$v.zip:$J
  echo "$name $v $(java $p -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 \
     | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%)' | awk '{print $1, $2, $3}' | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/bigguy_holes.obj --levels 7"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  run $name main "" $c
  run $name G0 "" $c
  run $name G1 "" $c
  run $name R "" $c
  run $name mainL "-Dloopsub.gl.listGeneral=true" $c
  run $name main "" $c
done
for c in "$M/rookT.obj --levels 5" "$G/bigguy_holes.obj --levels 5 --limit"; do
  echo "verify R $c: $(java -cp .device/cz/R.zip:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -i 'result' | head -1)"
done
