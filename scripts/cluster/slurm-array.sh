#!/usr/bin/env bash
# slurm-array.sh - `evocube batch` on a Slurm cluster: one array job of N tasks, task k running
# shard k+1 of N into its own file, then one job that runs `evocube report` on them once every
# task has ended.
#
#   scripts/cluster/slurm-array.sh -n N -o DIR [-r "REPORT OPTIONS"] [-s "SBATCH OPTIONS"] -- BATCH OPTIONS...
#   e.g. scripts/cluster/slurm-array.sh -n 16 -o results/t7 -r "--paper hugo-table7" -s "-p short -t 2:00:00" -- \
#          --solver hugo --file table7.txt --seeds 1..10 --param preset=performance
#
# Task k (SLURM_ARRAY_TASK_ID, 0-based) runs `evocube batch BATCH OPTIONS --shard
# $((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT --out DIR/shard-<k+1>-of-N.jsonl
# --no-progress`. The array is submitted with --requeue: a task that is preempted, requeued by
# hand (scontrol requeue) or whose node fails starts again and resumes its shard from its file
# (batch --out keeps the finished lines). The report job (--dependency=afterany on the array)
# writes DIR/report.md (its stderr names missing jobs, exit 1 then); Slurm's own logs are
# DIR/slurm-<array job>_<task>.log (appended across requeues) and DIR/slurm-report-<job>.log.
# Prints the array's and the report's job ids. EVOCUBE (default: node and this checkout's
# scripts/cli/evocube.mjs) is the command the tasks run; DIR must be on a file system every node
# sees, and so must this checkout (built: web/gen).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
n= out= report= extra=
while [ $# -gt 0 ]; do
  case $1 in
    -n) n=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -r) report=$2; shift 2 ;;
    -s) extra=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "slurm-array.sh: unknown option $1 (usage: slurm-array.sh -n N -o DIR [-r REPORT_OPTIONS] [-s SBATCH_OPTIONS] -- BATCH_OPTIONS...)" >&2; exit 2 ;;
  esac
done
[[ "$n" =~ ^[1-9][0-9]{0,4}$ ]] || { echo "slurm-array.sh: -n must be the number of shards, 1 or more (got \"$n\")" >&2; exit 2; }
[ -n "$out" ] || { echo "slurm-array.sh: -o DIR names the folder of the shard files" >&2; exit 2; }
[ $# -gt 0 ] || { echo "slurm-array.sh: give the batch's options after --, e.g. -- --solver twes --random-state 100" >&2; exit 2; }
for a in "$@"; do
  case $a in --shard|--out) echo "slurm-array.sh: $a is the script's to give (one shard per task, each its own file in -o DIR)" >&2; exit 2 ;; esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
evocube=${EVOCUBE:-node $(printf %q "$root/scripts/cli/evocube.mjs")}
q=$(printf %q "$out")

# the task: its shard of the batch, into its own file (resumed after a requeue)
cat >"$out/task.sh" <<EOF
#!/usr/bin/env bash
set -euo pipefail
i=\$((SLURM_ARRAY_TASK_ID+1)); n=\$SLURM_ARRAY_TASK_COUNT
exec $evocube batch "\$@" --shard "\$i/\$n" --out $q/"shard-\$i-of-\$n.jsonl" --no-progress
EOF
# the report, once every task of the array (its argument) has ended: a task requeued just as the
# others end can let the dependency go while it waits to start again. Ended: squeue lists no task
# in a state but the final ones (any other, CONFIGURING or REQUEUE_HOLD too, is waited for), or
# no longer knows the array; a failing squeue (slurmctld busy) is asked again, up to 60 times.
cat >"$out/report.sh" <<EOF
#!/usr/bin/env bash
err=\$(mktemp); tries=0
while :; do
  if s=\$(squeue -h -r -j "\$1" -t all -o %T 2>"\$err"); then
    printf '%s\\n' "\$s" | grep -qvE '^(COMPLETED|CANCELLED|FAILED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|PREEMPTED|BOOT_FAIL|DEADLINE)?\$' || break
  elif grep -q 'Invalid job id' "\$err" || [ \$((tries += 1)) -ge 60 ]; then
    break
  fi
  sleep 5
done
rm -f "\$err"
exec $evocube report $q/shard-*-of-$n.jsonl $report >$q/report.md
EOF
chmod +x "$out/task.sh" "$out/report.sh"

# shellcheck disable=SC2086  # -s's options are words
array=$(sbatch --parsable --job-name=evocube-batch --array=0-$((n - 1)) --requeue --open-mode=append \
  --output="$out/slurm-%A_%a.log" $extra "$out/task.sh" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
rep=$(sbatch --parsable --job-name=evocube-report --dependency=afterany:"$array" --output="$out/slurm-report-%j.log" $extra "$out/report.sh" "$array")
echo "array job $array ($n shards into $out), report job ${rep%%;*} (writes $out/report.md)"
