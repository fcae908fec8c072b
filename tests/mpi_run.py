#!/usr/bin/env python3
"""`mpirun -np 2 lethality run ...` against one process: the same CSV files byte for byte and
the same run.json but for its measured fields, for a fixed trial count, a --precision target
(the stopping point is decided on rank 0 at the same chunk boundary), a batch of two
scenarios, a --resume of a checkpoint left by a single process that was SIGKILLed part-way
(checkpoints are rank 0's, in the single process's format), and of one left by a SIGTERM
inside a chunk.

usage: mpi_run.py MPIRUN LETHALITY SCENARIO_A SCENARIO_B WORK_DIR   (run by ctest; exit 0 = pass)
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

mpirun, binary, scen_a, scen_b, work = sys.argv[1:6]
CSV = ["summary.csv", "end_states.csv", "histograms.csv", "sequelae.csv", "examples.csv",
       "comparisons.csv"]
MEASURED = ["elapsed_s", "threads", "trials_per_second", "peak_memory_mib"]
# As root in a container: OpenMPI's documented switches (docs/long-runs.md, "On a cluster with
# MPI", and docs/design.md, "Facts about the platform").
env = dict(os.environ, OMPI_MCA_btl_vader_single_copy_mechanism="none",
           OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
MPI = [mpirun, "--oversubscribe", "-np", "2"]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []


def run(cmd, what):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit("%s failed (%d):\n%s\n%s" % (what, r.returncode, r.stdout[-2000:],
                                               r.stderr[-2000:]))
    return r


def read(path):
    with open(path, "rb") as f:
        return f.read()


def run_json(folder):
    with open(os.path.join(folder, "run.json")) as f:
        j = json.load(f)
    for k in MEASURED:
        if k not in j:
            failures.append("%s/run.json lacks %s" % (folder, k))
        j.pop(k, None)
    return j


def same(a, b, what):
    for name in CSV:
        if read(os.path.join(a, name)) != read(os.path.join(b, name)):
            failures.append("%s: %s differs between one process and two ranks" % (what, name))
    if run_json(a) != run_json(b):
        failures.append("%s: run.json differs beyond its measured fields" % what)


def both(args, what):
    one, two = os.path.join(work, what + "-1"), os.path.join(work, what + "-2")
    run([binary, "run"] + args + ["--out", one, "--quiet"], what + ", one process")
    r = run(MPI + [binary, "run"] + args + ["--out", two], what + ", two ranks")
    # Rank 0 alone prints: the results table once.
    if r.stdout.count(" trials, seed ") != (2 if what == "batch" else 1):
        failures.append("%s: the table is not printed exactly once per scenario:\n%s" %
                        (what, r.stdout))
    return one, two


# A fixed count over several chunks (65,536 trials each), one thread per rank.
one, two = both([scen_a, "--trials", "400000", "--threads", "1"], "trials")
same(one, two, "trials")

# A precision target: both stop at the same chunk boundary.
one, two = both([scen_a, "--precision", "4%", "--threads", "1"], "precision")
same(one, two, "precision")
with open(os.path.join(two, "run.json")) as f:
    if json.load(f)["stopped"] != "precision":
        failures.append("precision: the run did not stop on its target")

# A batch: the ranks go through the scenarios together; one summary.csv across them.
one, two = both([scen_a, scen_b, "--trials", "200000", "--threads", "1"], "batch")
for name in os.listdir(one):
    if os.path.isdir(os.path.join(one, name)):
        same(os.path.join(one, name), os.path.join(two, name), "batch " + name)
if read(os.path.join(one, "summary.csv")) != read(os.path.join(two, "summary.csv")):
    failures.append("batch: the combined summary.csv differs")

# A checkpoint left by a single process killed part-way, resumed by two ranks.
killed = os.path.join(work, "resume-2")
checkpoint = killed + ".checkpoint.json"
p = subprocess.Popen([binary, "run", scen_a, "--trials", "2e6", "--threads", "1",
                      "--checkpoint-every", "65536", "--out", killed, "--quiet"], env=env)
deadline = time.monotonic() + 120
while not os.path.exists(checkpoint) and p.poll() is None and time.monotonic() < deadline:
    time.sleep(0.05)
if p.poll() is not None or not os.path.exists(checkpoint):
    sys.exit("the single process ended (or wrote no checkpoint) before it could be killed")
p.send_signal(signal.SIGKILL)
p.wait()
run(MPI + [binary, "run", scen_a, "--trials", "2e6", "--threads", "1", "--out", killed,
           "--resume", "--quiet"], "resume on two ranks")
whole = os.path.join(work, "resume-1")
run([binary, "run", scen_a, "--trials", "2e6", "--threads", "1", "--out", whole, "--quiet"],
    "uninterrupted")
same(whole, killed, "resume")
if os.path.exists(checkpoint):
    failures.append("resume: the checkpoint was left behind after a complete run")

# A checkpoint left by a single process stopped by SIGTERM inside a chunk (its ranges end off
# a chunk boundary), resumed by two ranks: rank 0 runs the rest of that chunk first.
stopped = os.path.join(work, "inside-2")
checkpoint = stopped + ".checkpoint.json"
p = subprocess.Popen([binary, "run", scen_a, "--trials", "2e6", "--threads", "1", "--out",
                      stopped, "--quiet", "--log-every", "0"], env=env, stdout=subprocess.DEVNULL)
time.sleep(0.5)
p.send_signal(signal.SIGTERM)
p.wait()
with open(checkpoint) as f:
    ranges = json.load(f)["body"]["tally"]["ranges"]
if ranges[-1][1] % 65536 == 0:  # stopped at a boundary after all: still a resume to check
    print("note: the single process stopped at a chunk boundary (%r)" % ranges)
run(MPI + [binary, "run", scen_a, "--trials", "2e6", "--threads", "1", "--out", stopped,
           "--resume", "--quiet"], "resume inside a chunk on two ranks")
same(whole, stopped, "resume inside a chunk")

if failures:
    sys.exit("\n".join(failures))
print("two ranks match one process: trials, precision, batch, resume, resume inside a chunk")
