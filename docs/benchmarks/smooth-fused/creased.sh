#!/bin/bash
# bigguy_charts with crease tags on the first edge of every 40th face (sharpness 1.5, 6.5, 10 in
# turn: decayed before, during and after the last two levels): smooth uvs beside creases.
awk 'BEGIN { split("1.5 6.5 10", s, " ") }
     { print }
     /^f / { n++; if (n % 40 == 1) { split($2, a, "/"); split($3, b, "/"); t[++m] = a[1] " " b[1] } }
     END { for (i = 1; i <= m; i++) print "t crease 2/1/0 " t[i] " " s[(i % 3) + 1] }' "$1" > "$2"
