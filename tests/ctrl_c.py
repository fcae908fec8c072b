#!/usr/bin/env python3
"""Ctrl-C on a running `lethality run` whose progress line shows on a terminal: the output must
end on a fresh line, the program must die of SIGINT as before, and no results folder appears.

usage: ctrl_c.py LETHALITY SCENARIO OUT_DIR   (run by ctest; exit 0 = pass)
"""
import os
import pty
import select
import shutil
import signal
import sys
import time

binary, scenario, out_dir = sys.argv[1:4]
shutil.rmtree(out_dir, ignore_errors=True)

pid, fd = pty.fork()  # the child's stdin, stdout and stderr are the pseudo-terminal
if pid == 0:
    os.execv(binary, [binary, "run", scenario, "--trials", "1e12", "--threads", "1",
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
if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGINT):
    failures.append("expected death by SIGINT, got status %r" % status)
if not got.endswith(b"\n"):  # the terminal turns "\n" into "\r\n"
    failures.append("the output does not end on a fresh line: %r" % got[-120:])
if os.path.exists(out_dir):
    failures.append("a results folder appeared: " + out_dir)
if failures:
    sys.exit("\n".join(failures))
print("ok: %r" % got[-80:])
