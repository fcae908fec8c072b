#!/usr/bin/env python3
"""Every CSV of a results folder reads back with Python's standard csv module and no options:
the header names docs/outputs.md documents, and every row has the header's number of fields (so
pandas' read_csv and R's read.csv read them as they are).

usage: results_csv.py LETHALITY SCENARIO OUT_DIR
Runs the scenario into OUT_DIR, then checks each *.csv in it."""
import csv
import os
import shutil
import subprocess
import sys

HEADERS = {
    "summary.csv": "scenario,ruleset,variant,metric,estimate,ci_low,ci_high,n,share_of_trials,"
                   "estimate_h,ci_low_h,ci_high_h,estimate_text,member",
    "end_states.csv": "scenario,variant,end,detail,count,rate,ci_low,ci_high",
    "histograms.csv": "scenario,variant,quantity,bin_low_s,bin_high_s,count,bin_low_h,bin_high_h,"
                      "bin_text,member",
    "sequelae.csv": "scenario,variant,sequela,trials_with,rate,ci_low,ci_high,total_count,unit,"
                    "total_magnitude,survivors,rate_survivors,ci_low_survivors,"
                    "ci_high_survivors",
    "examples.csv": "scenario,variant,kind,name,trial",
    "comparisons.csv": "scenario,variant,reference,metric,difference,ci_low,ci_high,n,"
                       "only_reference,only_variant,p_value,variance_ratio,member",
    "sweep.csv": "scenario,variant,x_name,x,x_unit,x_s,y_name,y,y_unit,y_s,metric,estimate,"
                 "ci_low,ci_high,n,estimate_text",
    "crossing.csv": "scenario,variant,x_name,x_unit,y_name,y,y_unit,target,trend,answer,"
                    "bracket_low,bracket_high,crossing,crossing_low,crossing_high,bracket_low_s,"
                    "bracket_high_s,crossing_s,crossing_low_s,crossing_high_s,answer_text",
}
# Columns that hold a number in every row (empty = missing is allowed where noted).
NUMERIC = {"estimate", "ci_low", "ci_high", "n", "share_of_trials", "estimate_h", "ci_low_h", "ci_high_h",
           "bin_low_h", "bin_high_h", "count", "rate", "survivors", "rate_survivors",
           "ci_low_survivors", "ci_high_survivors", "bin_low_s", "bin_high_s",
           "trials_with", "total_count", "total_magnitude", "trial", "difference",
           "only_reference", "only_variant", "p_value", "variance_ratio", "x", "x_s", "y",
           "y_s", "target", "bracket_low", "bracket_high", "crossing", "crossing_low",
           "crossing_high", "bracket_low_s", "bracket_high_s", "crossing_s", "crossing_low_s",
           "crossing_high_s"}


def check_file(path):
    name = os.path.basename(path)
    with open(path, newline="", encoding="utf-8") as f:
        raw = f.read()
    assert raw.endswith("\r\n"), f"{name}: the last line must end with CRLF"
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows, f"{name}: empty, a header row was expected"
    header = rows[0]
    if name in HEADERS:
        assert header == HEADERS[name].split(","), f"{name}: header {header}"
    assert len(set(header)) == len(header), f"{name}: a column name twice: {header}"
    assert all(h and h == h.strip() for h in header), f"{name}: a blank or padded column name"
    for i, row in enumerate(rows[1:], start=2):
        assert len(row) == len(header), f"{name}:{i}: {len(row)} fields, header has {len(header)}"
        for h, v in zip(header, row):
            if h in NUMERIC and v != "":
                float(v)  # raises on a non-number; "inf" reads as infinity in pandas and R too
    return len(rows) - 1


def main():
    lethality, scenario, out = sys.argv[1:4]
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([lethality, "run", scenario, "--trials", "20000", "--out", out, "--quiet"],
                   check=True)
    files = sorted(f for f in os.listdir(out) if f.endswith(".csv"))
    expected = ["comparisons.csv", "end_states.csv", "examples.csv", "histograms.csv",
                "sequelae.csv", "summary.csv"]
    assert all(f in files for f in expected), f"missing CSV files: {files}"
    for f in files:
        n = check_file(os.path.join(out, f))
        print(f"{f}: header and {n} rows read back")
    # The files are tidy: summary.csv has one row per variant and metric.
    with open(os.path.join(out, "summary.csv"), newline="") as f:
        keys = [(r["variant"], r["metric"]) for r in csv.DictReader(f)]
    assert len(keys) == len(set(keys)), "summary.csv: a (variant, metric) twice"
    shutil.rmtree(out)


if __name__ == "__main__":
    main()
