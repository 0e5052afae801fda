#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
run() { # name variant args
  local name=$1 v=$2; shift 2
  local cp=$J; [ "$v" != main ] && cp=.device/cz/$v.zip:$J
  echo "$name $v $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 \
     | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%|.*rror)' | awk '{print $1, $2, $3}' | tr '\n' '|')"
}
for c in "$M/bigguyT.obj --levels 7" "$M/rookT.obj --levels 7" "$G/highvalence.obj --levels 6" "$G/bigguy_holes.obj --levels 7" "$G/bigguy_corners.obj --levels 7" "$M/monsterfrogT.obj --levels 7"; do
  name=$(basename $(echo $c | cut -d' ' -f1) .obj)
  for v in main ER main ER; do run $name $v $c; done
done
for c in "$M/bigguyT.obj --levels 7 --limit" "$G/bigguy_charts.obj --levels 6 --uv smooth" "$M/rookT.obj --levels 7 --limit"; do
  name="$(basename $(echo $c | cut -d' ' -f1) .obj)$(echo $c | cut -d' ' -f2- | tr -d ' -')"
  for v in main ER; do run $name $v $c; done
done
for v in ER; do
for c in "$M/rookT.obj --levels 5" "$G/highvalence.obj --levels 5" "$G/bigguy_charts.obj --levels 4 --uv smooth --limit" "$G/bigguy_corners.obj --levels 5 --limit"; do
  echo "verify $v $c: $(java -cp .device/cz/$v.zip:$J org.loopsub.samples.cli.LoopsubCommand verify $c 2>&1 | grep -i '^result' | head -1)"
done
done
