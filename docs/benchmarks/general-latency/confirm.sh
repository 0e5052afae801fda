#!/bin/bash
set -u
J=.device/bin/loopsub.jar
M=testdata/meshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1 v=$2; shift 2; local cp=$J; [ "$v" != main ] && cp=.device/cz/$v.zip:$J
  echo "$name $v $(java -cp $cp org.loopsub.samples.cli.LoopsubCommand bench "$@" --backend gl --warmup 3 --reps 10 2>&1 \
     | grep -E '^(kernel time|[0-9] +[0-9.]+ +[0-9.]+%|.*rror)' | awk '{print $1, $2, $3}' | tr '\n' '|')"; }
for v in main base main base; do run rookT $v $M/rookT.obj --levels 7; done
for v in main base; do run rookTlimit $v $M/rookT.obj --levels 7 --limit; done
echo "verify rookT d5: $(java -jar $J verify $M/rookT.obj --levels 5 2>&1 | grep '^result')"
echo "verify rookT d5 --limit: $(java -jar $J verify $M/rookT.obj --levels 5 --limit 2>&1 | grep '^result')"
