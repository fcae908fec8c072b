#!/usr/bin/env python3
"""Ctrl-C on a running `lethality run` whose progress line shows on a terminal: the output must
end on a fresh line, and the program must stop after the trials in hand, write a checkpoint
and the results of the trials done marked partial (run.json "partial": true, and "PARTIAL" on
the terminal), and exit with status 130. Resuming from that checkpoint then gives the CSV
files of an uninterrupted run, byte for byte.

usage: ctrl_c.py LETHALITY SCENARIO OUT_DIR   (run by ctest; exit 0 = pass)
"""
import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time

binary, scenario, out_dir = sys.argv[1:4]
checkpoint = out_dir.rstrip("/") + ".checkpoint.json"
whole_dir = out_dir.rstrip("/") + "-whole"
TRIALS = "4e6"  # seconds on one thread: the progress line shows long before the end
CSV = ["summary.csv", "end_states.csv", "histograms.csv", "sequelae.csv", "examples.csv",
       "comparisons.csv"]
shutil.rmtree(whole_dir, ignore_errors=True)
shutil.rmtree(out_dir, ignore_errors=True)
if os.path.exists(checkpoint):
    os.remove(checkpoint)

pid, fd = pty.fork()  # the child's stdin, stdout and stderr are the pseudo-terminal
if pid == 0:
    os.execv(binary, [binary, "run", scenario, "--trials", TRIALS, "--threads", "1",
                      "--out", out_dir])


def read_some(timeout):
    """Bytes from the terminal, b"" at its end (every slave closed), None on a timeout."""
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return None
    try:
        return os.read(fd, 4096)
    except OSError:  # EIO: the child is gone
        return b""


got = b""
deadline = time.monotonic() + 60  # the line is drawn every 200 ms; generous for a loaded machine
while b"trials/s" not in got:
    if time.monotonic() > deadline:
        os.kill(pid, signal.SIGKILL)
        sys.exit("no progress line within 60 s: %r" % got[-200:])
    chunk = read_some(1.0)
    if chunk == b"":
        sys.exit("lethality ended before it was interrupted: %r" % got[-200:])
    got += chunk or b""

os.kill(pid, signal.SIGINT)
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    chunk = read_some(1.0)
    if chunk == b"":
        break
    got += chunk or b""
else:
    os.kill(pid, signal.SIGKILL)
    sys.exit("lethality did not stop within 30 s of SIGINT")

_, status = os.waitpid(pid, 0)
failures = []
if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 130):
    failures.append("expected exit status 130, got wait status %r" % status)
if not got.endswith(b"\n"):  # the terminal turns "\n" into "\r\n"
    failures.append("the output does not end on a fresh line: %r" % got[-120:])
if b"PARTIAL" not in got:
    failures.append("the terminal does not say the results are partial: %r" % got[-400:])
try:
    with open(os.path.join(out_dir, "run.json")) as f:
        run = json.load(f)
    if run.get("partial") is not True:
        failures.append("run.json is not marked partial")
except OSError as e:
    failures.append("no partial results: %s" % e)
if not os.path.exists(checkpoint):
    failures.append("no checkpoint: " + checkpoint)
if failures:
    sys.exit("\n".join(failures))


def read(path):
    with open(path, "rb") as f:
        return f.read()


subprocess.run([binary, "run", scenario, "--trials", TRIALS, "--out", out_dir, "--resume",
                "--quiet"], check=True)
subprocess.run([binary, "run", scenario, "--trials", TRIALS, "--out", whole_dir, "--quiet"],
               check=True)
for name in CSV:
    if read(os.path.join(out_dir, name)) != read(os.path.join(whole_dir, name)):
        failures.append("resumed %s differs from an uninterrupted run's" % name)
if os.path.exists(checkpoint):
    failures.append("the finished run left its checkpoint")
if failures:
    sys.exit("\n".join(failures))
print("ok: %r" % got[-80:])
