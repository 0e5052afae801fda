#!/bin/bash
# Where the features' time goes: per level and per half (loopsub.gl.timeHalves), with and without the
# fused pass (loopsub.gl.fuse=false), against the same mesh without them (bigguy_charts, vt stripped).
set -u
J=.device/bin/loopsub.jar
G=/tmp/benchmeshes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
java -cp $J org.loopsub.samples.meshes.BenchMeshes $G > /dev/null 2>&1
sed -e '/^vt /d' -e 's#/[0-9]*##g' $G/bigguy_charts.obj > $G/charts_novt.obj
prof() {  # label, java flags, bench arguments
  local label=$1 flags=$2; shift 2
  java $flags -jar $J bench "$@" --backend gl --warmup 1 --reps 1 > /dev/null 2>&1
  java $flags -Dloopsub.gl.timeHalves=true -jar $J bench "$@" --backend gl --warmup 3 --reps 10 > /tmp/p.txt 2>&1
  echo "== $label: $(grep '^kernel time' /tmp/p.txt | cut -c1-40) | $(grep '^end to end' /tmp/p.txt | cut -c1-30)"
  sed -n '/^level  *kernel ms/,/^total/p' /tmp/p.txt | awk '{print $1, $2, $4 $5}' | tr '\n' '|'; echo
  sed -n '/^pass  *kernel ms/,/^kernel time/p' /tmp/p.txt | grep -v '^pass\|^kernel' | awk '{print $1, $2}' | tr '\n' '|'; echo
}
prof plain-d7 "" $G/charts_novt.obj --levels 7
prof plain-d7-nofuse "-Dloopsub.gl.fuse=false" $G/charts_novt.obj --levels 7
prof limit-d7 "" $G/charts_novt.obj --levels 7 --limit
prof limit-d7-nofuse "-Dloopsub.gl.fuse=false" $G/charts_novt.obj --levels 7 --limit
prof linear-d7 "" $G/bigguy_charts.obj --levels 7 --uv linear
prof smooth-d7 "" $G/bigguy_charts.obj --levels 7 --uv smooth
prof smooth-d6 "" $G/bigguy_charts.obj --levels 6 --uv smooth
prof plain-d6 "" $G/charts_novt.obj --levels 6
prof highvalence-d6 "" $G/highvalence.obj --levels 6
