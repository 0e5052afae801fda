#!/bin/bash
# A change to the adaptive frame against its baseline, in one call on one card: two builds ($BASE, the
# baseline's jar, and $JAR, the change's; a jar of the change's org/loopsub classes alone may go first on a
# class path before the baseline's: JAR=new.jar:base.jar), run alternately so that clocks and heat treat
# them alike. Per build and round: bench bigguyT --adaptive at 1 and 4 px (kernels, end to end and
# the time of each pass), and the demo's frames at 1 px (refine GPU and host, triangles). Then, for
# the change: verify of both bench cases, the demo's own frames checked against the Java back end
# (--check-frames, with and without --limit), and OpenSubdiv's frame where .device/osd_frames is there
# (the peer of docs/benchmarks/README.md). Per-run output under $OUT (else a temporary folder).
# Run: . .device/on-device.sh; BASE=.device/bin/base.jar JAR=.device/bin/new.jar:.device/bin/base.jar \
#      bash docs/benchmarks/scripts/adaptive-ab.sh
. "$(dirname "$0")/common.sh"
header
BASE=${BASE:?BASE: the baseline jar}
MAIN=org.loopsub.samples.cli.LoopsubCommand
ROUNDS=${ROUNDS:-2}
FRAMES=${FRAMES:-200}
R=${OUT:-$T}/adaptive-ab
mkdir -p $R
D="demo --sample bigguy --headless --orbit 0.6 --size 1920x1080 --max-depth 8 --no-hud"
# A first process on a fresh machine runs slower (clocks, shader cache): one untimed run first.
java -cp "$BASE" $MAIN demo --headless --sample bigguy --frames 5 > /dev/null 2>&1
for round in $(seq 1 $ROUNDS); do
  for build in base change; do
    cp=$BASE; [ $build = change ] && cp=$J
    for px in 1 4; do
      f=$R/bench-$build-px$px-$round.txt
      java -cp "$cp" $MAIN bench $M/bigguyT.obj --adaptive --screen-px $px $SCREEN --max-depth 8 --backend gl \
          --warmup 3 --reps 10 > $f 2>&1
      echo "bench $build px$px round $round: $(grep -E '^(kernel time|end to end)' $f | cut -c1-70 | tr '\n' '|')"
      grep -E '^(loop_|scan_|select_)' $f | awk '{printf "%s %s | ", $1, $2} END {print ""}'
    done
    f=$R/demo-$build-px1-$round.json
    java -Dloopsub.gl.frameStats=true -cp "$cp" $MAIN $D --screen-px 1 --frames $FRAMES --stats-json $f > /dev/null 2>&1
    echo "demo $build px1 round $round: $(grep -oE '"(refine_host_ms_median|refine_gpu_ms_median|frame_ms_median|triangles_median)" *: *[0-9.]+' $f | tr '\n' ' ')"
  done
done
for px in 1 4; do
  echo "verify px$px: $(java -cp "$J" $MAIN verify $M/bigguyT.obj --adaptive --screen-px $px $SCREEN --max-depth 8 2>&1 | grep '^result')"
done
for limit in "" --limit; do
  echo "demo --check-frames 3 $limit: $(java -cp "$J" $MAIN $D --screen-px 1 --frames 5 --check-frames 3 $limit 2>&1 | grep -E 'demo: frame [0-9]+:' | cut -c1-160 | tr '\n' '|')"
done
if [ -x .device/osd_frames/run.sh ]; then
  echo "OpenSubdiv's frame (osd_frames, FRAMES=$FRAMES):"
  FRAMES=$FRAMES bash .device/osd_frames/run.sh 2>&1 | tail -2
fi
