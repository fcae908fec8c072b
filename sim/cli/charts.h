// The charts of a results folder as gnuplot scripts (docs/outputs.md "Plots and report"): one Chart
// per picture, its commands without a terminal, so one script renders both the SVG and the PNG.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/cli/results_folder.h"

namespace leth {

inline constexpr int kChartWidth = 900, kChartHeight = 500;

struct Chart {
  std::string name;           // the file's stem: "plot-death-rate" -> plot-death-rate.svg / .png
  std::string title;          // a heading for report.html
  std::string body;           // gnuplot commands after `set terminal`
  int height = kChartHeight;  // pixels; kChartWidth wide
};

// Every chart the folder's files allow: death rate per variant, deaths over time, a CDF per
// duration other than time_to_death, sequela frequencies (when any), a campaign's survival,
// what its survivors carry and a party's members (when any), the sweep (when any).
std::vector<Chart> charts_of(const ResultsFolder& r);

enum class ImageFormat { Svg, Png };
// A whole script: terminal (900 x the chart's height, white, no enhanced text: names keep
// their `_`) + body.
std::string chart_script(const Chart& c, ImageFormat f);

// How variant i (in the file's order) is drawn in every chart: ten distinct colours, then
// colours spread around the hue circle, and a dash type for each ten, so that no two of the
// 128 variants a scenario may have share a style.
struct VariantStyle {
  std::string colour;  // "#1f77b4"
  int dash = 1;        // gnuplot dash type 1..5
};
VariantStyle variant_style(size_t i);

// A curve from a duration histogram: (t, share in %) at each bin's upper end, the share of
// `denominator` with a time <= t. Exact at every bin edge (a bin [low, high] holds only times
// in it); times before `left` (the log axis' left end: 0 s among them) are placed at `left`,
// and the curve starts at (left, 0) when nothing happened by then.
std::vector<std::pair<double, double>> cumulative_curve(const std::vector<Bin>& bins,
                                                        double denominator, double left = 1);

// How many of the histogram's entries are <= t, and whether that is exact (false when a bin
// straddles t: the count then leaves out that bin, a lower bound).
struct CountBy {
  double count;
  bool exact;
};
CountBy count_by(const std::vector<Bin>& bins, double t);

// A gnuplot single-quoted string ('' for a quote: no other escapes in single quotes).
std::string gp_quote(const std::string& s);

}  // namespace leth
