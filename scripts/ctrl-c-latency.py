#!/usr/bin/env python3
"""How long a fleetscope command takes to end after Ctrl+C.

Usage: scripts/ctrl-c-latency.py BINARY RUNS DELAY_SECONDS ARGS...

Starts `BINARY ARGS...` RUNS times, sends SIGINT after DELAY_SECONDS and
prints, per run, the milliseconds from the signal to the process's exit with
its exit code and last line of stderr, then the median and the largest.
Every command should end within 100 ms with exit code 2 and "cancelled".
Load on the machine lengthens the figures: the load average is printed too.
"""
import os
import signal
import statistics
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 5:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    binary, runs, delay, args = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
    times = []
    for _ in range(runs):
        child = subprocess.Popen(
            [binary, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace"
        )
        time.sleep(delay)
        if child.poll() is not None:
            print(f"  ended before the signal (exit {child.returncode}): use a longer job or a shorter delay")
            continue
        sent = time.perf_counter()
        os.kill(child.pid, signal.SIGINT)
        try:
            err = child.communicate(timeout=60)[1]
        except subprocess.TimeoutExpired:
            child.kill()
            print("  still running 60 s after Ctrl+C: killed")
            continue
        ms = (time.perf_counter() - sent) * 1000
        times.append(ms)
        last = err.strip().splitlines()[-1] if err.strip() else ""
        print(f"  {ms:.0f} ms, exit {child.returncode}: {last[-80:]}", flush=True)
    if not times:
        return 1
    load = os.getloadavg()[0]
    print(
        f"after {delay} s: median {statistics.median(times):.0f} ms, largest {max(times):.0f} ms "
        f"over {len(times)} runs (load {load:.1f}): {' '.join(args)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
