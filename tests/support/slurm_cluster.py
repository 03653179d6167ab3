"""Test support: a real single-node Slurm cluster on this machine, for as long as a `with`
block lasts. munged runs as user munge with its own key and socket; slurmctld and slurmd run
from a generated slurm.conf whose state and spool are in a temporary folder. Each daemon is
started in the foreground as a child, and stopped by its pid when the block ends.

    with SlurmCluster() as cluster:
        cluster.run(["sbatch", "--wait", ...])

Needs root (slurmd starts jobs as their user) and the Debian packages slurm-wlm and munge."""
import os
import pathlib
import pwd
import shutil
import socket
import subprocess
import tempfile
import time


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _memory_mb():
    for line in pathlib.Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) // 1024
    raise RuntimeError("no MemTotal in /proc/meminfo")


class SlurmCluster:
    def __init__(self, cpus=None):
        self.cpus = cpus or os.cpu_count()
        self.daemons = []  # (name, Popen), stopped in reverse order

    def __enter__(self):
        missing = [p for p in ("munged", "mungekey", "slurmctld", "slurmd", "sbatch") if not shutil.which(p)]
        if missing:
            raise SystemExit(f"a real Slurm needs the Debian packages slurm-wlm and munge: no {' '.join(missing)} "
                             "(scripts/deps.sh kit installs them)")
        if os.geteuid() != 0:
            raise SystemExit("a real Slurm test runs as root: slurmd starts each job as its user")
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="bloom-slurm-"))
        self.tmp.chmod(0o755)  # munged, as munge, must reach its own folder below
        try:
            self._start_munge()
            self._write_conf()
            self._start("slurmctld", ["slurmctld", "-D", "-i", "-f", self.conf])
            self._start("slurmd", ["slurmd", "-D", "-f", self.conf, "-N", "localhost"])
            self._wait_for_node()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        for name, process in reversed(self.daemons):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.daemons.clear()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _start(self, name, argv, **kwargs):
        log = open(self.tmp / f"{name}.out", "wb")
        self.daemons.append((name, subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                                    env=self.env(), **kwargs)))

    def _start_munge(self):
        munge = pwd.getpwnam("munge")
        home = self.tmp / "munge"
        home.mkdir(mode=0o700)
        os.chown(home, munge.pw_uid, munge.pw_gid)
        self.munge_socket = home / "munge.socket"
        key = home / "munge.key"
        subprocess.run(["mungekey", "--create", "--keyfile", key], check=True, user=munge.pw_uid)
        self._start("munged", ["munged", "--foreground", "--force", f"--socket={self.munge_socket}",
                               f"--key-file={key}", f"--log-file={home / 'munged.log'}",
                               f"--pid-file={home / 'munged.pid'}", f"--seed-file={home / 'munged.seed'}"],
                    user=munge.pw_uid, group=munge.pw_gid)
        for _ in range(100):
            if self.munge_socket.exists():
                return
            time.sleep(0.1)
        raise RuntimeError(f"munged did not start: {self.log('munged')}")

    def _write_conf(self):
        for folder in ("state", "spool", "logs"):
            (self.tmp / folder).mkdir()
        self.conf = self.tmp / "slurm.conf"
        self.conf.write_text(f"""ClusterName=bloomtest
SlurmctldHost=localhost
SlurmUser=root
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
AuthType=auth/munge
AuthInfo=socket={self.munge_socket}
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
KillWait=5
StateSaveLocation={self.tmp / 'state'}
SlurmdSpoolDir={self.tmp / 'spool'}
SlurmctldPidFile={self.tmp / 'slurmctld.pid'}
SlurmdPidFile={self.tmp / 'slurmd.pid'}
SlurmctldLogFile={self.tmp / 'logs' / 'slurmctld.log'}
SlurmdLogFile={self.tmp / 'logs' / 'slurmd.log'}
NodeName=localhost CPUs={self.cpus} RealMemory={_memory_mb() - 1024} State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
""")

    def env(self):
        return {**os.environ, "SLURM_CONF": str(self.conf) if hasattr(self, "conf") else ""}

    def log(self, name):
        for path in (self.tmp / f"{name}.out", self.tmp / "logs" / f"{name}.log", self.tmp / "munge" / "munged.log"):
            if path.exists() and name in path.name:
                return path.read_text(errors="replace")[-3000:]
        return ""

    def run(self, argv, **kwargs):
        return subprocess.run([str(a) for a in argv], capture_output=True, text=True, env=self.env(), **kwargs)

    def _wait_for_node(self):
        for _ in range(120):
            for name, process in self.daemons:
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited {process.returncode}: {self.log(name)}")
            state = self.run(["sinfo", "-h", "-N", "-o", "%T"]).stdout.strip()
            if state in ("idle", "mixed", "allocated"):
                return
            time.sleep(0.5)
        raise RuntimeError(f"the node never became idle: {self.log('slurmd')}\n{self.log('slurmctld')}")
