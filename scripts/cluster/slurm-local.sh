#!/usr/bin/env bash
# slurm-local.sh - a single-node Slurm cluster on this machine, all its state in one folder, for
# the tests (tests/js/slurm.test.mjs) and for trying scripts/cluster/slurm-array.sh by hand:
#   slurm-local.sh start DIR   writes DIR/slurm.conf for this host (proctrack/pgid, task/none,
#                              select/cons_tres, no accounting, free ports), a fresh munge key,
#                              and starts munged (as the munge user), slurmctld and slurmd
#                              directly (no systemd), each with its pid file in DIR; waits until
#                              the node is idle. Prints "export SLURM_CONF=DIR/slurm.conf".
#   slurm-local.sh stop DIR    stops the daemons DIR's pid files name (TERM, then KILL), and
#                              nothing else. DIR itself is the caller's to remove.
# Needs root (slurmd runs jobs as their users) and Debian's munge, slurmctld, slurmd and
# slurm-client (scripts/setup.sh --test installs them). Exit 3 with the reason when this machine
# cannot run it (not root, a package missing), so a caller can skip with that reason.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: slurm-local.sh start|stop DIR" >&2; exit 2; }

stop() {
  for f in slurmd.pid slurmctld.pid munge/munged.pid; do
    [ -f "$dir/$f" ] || continue
    pid=$(cat "$dir/$f")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
}
if [ "$cmd" = stop ]; then stop; exit 0; fi
[ "$cmd" = start ] || { echo "slurm-local.sh: unknown command $cmd" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || { echo "slurm-local.sh: needs root (slurmd starts jobs as their users)" >&2; exit 3; }
for b in munged slurmctld slurmd sbatch; do
  command -v $b >/dev/null 2>&1 || [ -x /usr/sbin/$b ] || { echo "slurm-local.sh: $b is not installed (scripts/setup.sh --test installs munge, slurmctld, slurmd, slurm-client)" >&2; exit 3; }
done
export PATH=$PATH:/usr/sbin
dir=$(cd "$dir" && pwd)
host=$(hostname -s)
# two free TCP ports (the controller's and the node daemon's)
read -r p1 p2 < <(node -e "const n=require('net');const a=[];let k=2;for(let i=0;i<2;i++){const s=n.createServer();s.listen(0,'127.0.0.1',()=>{a.push(s.address().port);s.close();if(--k===0)console.log(a.join(' '))})}")

mkdir -p "$dir/munge" "$dir/ctld" "$dir/d"
chmod 755 "$dir"
su -s /bin/sh munge -c "test -x '$dir'" || { echo "slurm-local.sh: the munge user cannot reach $dir (a folder above it is closed); give a folder every user can pass through" >&2; exit 3; }
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chown -R munge: "$dir/munge"
chmod 700 "$dir/munge"
chmod 600 "$dir/munge/munge.key"
cat >"$dir/slurm.conf" <<EOF
ClusterName=evocube-test
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=$p1
SlurmdPort=$p2
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
KillWait=2
MinJobAge=300
NodeName=$host CPUs=4 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
trap 'stop' ERR
su -s /bin/sh munge -c "munged --key-file='$dir/munge/munge.key' --socket='$dir/munge/munge.socket' --pid-file='$dir/munge/munged.pid' --log-file='$dir/munge/munged.log' --seed-file='$dir/munge/munged.seed' --force"
slurmctld -f "$dir/slurm.conf" -i
slurmd -f "$dir/slurm.conf"
for _ in $(seq 100); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
  [ "$state" = idle ] && { echo "export SLURM_CONF=$dir/slurm.conf"; exit 0; }
  sleep 0.2
done
echo "slurm-local.sh: the node did not become idle in 20 s (state: ${state:-none}); logs in $dir" >&2
stop
exit 1
