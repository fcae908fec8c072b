// `lethality plot`: how histogram bins become curves, the CSV reader, the charts of a real run
// of a bundled scenario as valid images (PNG header, SVG root), sequelae and a sweep from small
// hand-written files, report.html, and bad input (exit 2, nothing written).
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/csv.h"
#include "sim/cli/charts.h"
#include "sim/cli/results_folder.h"
#include "sim/core/error.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace fs = std::filesystem;

namespace {

uint32_t big_endian(const std::string& s, size_t at) {
  uint32_t x = 0;
  for (size_t i = 0; i < 4; ++i) x = x << 8 | static_cast<unsigned char>(s.at(at + i));
  return x;
}

// A PNG: the 8-byte signature, then the IHDR chunk first, with the terminal's size.
void check_png(const std::string& path) {
  INFO(path);
  const std::string png = read_file(path);
  REQUIRE(png.size() > 33);
  CHECK(png.substr(0, 8) == "\x89PNG\r\n\x1a\n");
  CHECK(png.substr(12, 4) == "IHDR");
  CHECK(big_endian(png, 16) == 900);  // width
  CHECK(big_endian(png, 20) == 500);  // height
}

void check_svg(const std::string& path) {
  INFO(path);
  const std::string svg = read_file(path);
  REQUIRE(svg.rfind("<?xml", 0) == 0);
  CHECK_THAT(svg, Catch::Contains("<svg") && Catch::Contains("</svg>"));
}

// A results folder of a real run of a bundled pf2 scenario, once for the whole file.
const std::string& real_run() {
  static const std::string dir = [] {
    const std::string d = fresh_path("plot-no-mercy");
    const auto r = cli({"run", test::source_path("scenarios/examples/pf2-no-mercy.toml"),
                        "--trials", "20000", "--out", d, "--quiet"});
    REQUIRE(r.status == 0);
    return d;
  }();
  return dir;
}

std::string copy_of_real_run(const std::string& name) {
  const std::string d = fresh_path(name);
  fs::copy(real_run(), d);
  return d;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("bins become a cumulative curve that is exact at every bin edge", "[plot]") {
  // Deaths at 0 s (drawn at 1 s on the log axis), 6 s, 12 s, and 4 in a wide bin [200, 203].
  const std::vector<Bin> bins = {{0, 0, 1}, {6, 6, 2}, {12, 12, 0}, {13, 13, 3}, {200, 203, 4}};
  const auto c = cumulative_curve(bins, 20);
  REQUIRE(c.size() == 4);
  CHECK(c[0] == std::pair<double, double>{1, 5});     // 1 of 20 by 1 s
  CHECK(c[1] == std::pair<double, double>{6, 15});    // 3 by round 1
  CHECK(c[2] == std::pair<double, double>{13, 30});   // an empty bin adds no step
  CHECK(c[3] == std::pair<double, double>{203, 50});  // the wide bin counts at its upper end
  // Nothing by 1 s: the curve starts at (1 s, 0).
  CHECK(cumulative_curve({{6, 6, 1}}, 4).front() == std::pair<double, double>{1, 0});
  CHECK(cumulative_curve(bins, 0).empty());

  CHECK(count_by(bins, 12).count == 3);
  CHECK(count_by(bins, 12).exact);
  CHECK(count_by(bins, 201).count == 6);   // the bin [200, 203] straddles 201: left out,
  CHECK_FALSE(count_by(bins, 201).exact);  // and the count is marked a lower bound
  CHECK(count_by(bins, 203).count == 10);
  CHECK(count_by(bins, 203).exact);
}

TEST_CASE("the CSV reader reads RFC 4180 back and locates a damaged row", "[plot]") {
  const CsvTable t =
      CsvTable::parse("a,b,c\r\n1,\"x, \"\"y\"\"\",\r\n2,\"two\r\nlines\",3.5\r\n", "t.csv");
  REQUIRE(t.rows() == 2);
  CHECK(t.at(0, "b") == "x, \"y\"");
  CHECK(std::isnan(t.number(0, "c")));
  CHECK(t.at(1, "b") == "two\r\nlines");
  CHECK(t.number(1, "c") == 3.5);
  CHECK(test::error_of([] { CsvTable::parse("a,b\n1,2\n1,2,3\n", "d.csv"); }) ==
        "d.csv:3:1: error: a row with 3 fields; the header has 2 (the file is damaged: write it "
        "again with `lethality run`)");
  CHECK_THAT(test::error_of([&] { t.at(0, "nope"); }), Catch::Contains("no column 'nope'"));
  // A p-value the run wrote, below the smallest normal double, reads back (strtod's ERANGE on an
  // underflow is a number; found by a designer whose sweep's plot was refused).
  CHECK(CsvTable::parse("p\n3.162020133e-322\n", "p.csv").number(0, "p") > 0);
  CHECK(CsvTable::parse("p\n1e-400\n", "p.csv").number(0, "p") == 0);
  CHECK_THAT(test::error_of([] { CsvTable::parse("p\n1e400\n", "p.csv").number(0, "p"); }),
             Catch::Contains("is not a number"));
  CHECK_THAT(test::error_of([] { CsvTable::parse("a\nx\n", "n.csv").number(0, "a"); }),
             Catch::Contains("n.csv:2:1: error: a: 'x' is not a number"));
}

TEST_CASE("plot draws a real run's charts as valid PNG and SVG, and report.html", "[plot]") {
  const std::string d = copy_of_real_run("plot-real");
  const auto r = cli({"plot", d});
  INFO(r.err);
  REQUIRE(r.status == 0);
  for (const char* chart : {"plot-death-rate", "plot-deaths-over-time", "plot-cdf-downtime",
                            "plot-cdf-time-out-of-action"}) {
    check_png(d + "/" + chart + ".png");
    check_svg(d + "/" + chart + ".svg");
    CHECK_THAT(r.out, Catch::Contains(d + "/" + chart + ".svg"));
  }
  // The variants' names are text in the SVG (a legend or an axis), not outlines.
  for (const char* v : {"baseline", "literal-reading", "player-core"}) {
    CHECK_THAT(read_file(d + "/plot-death-rate.svg"), Catch::Contains(std::string(">") + v + "<"));
    CHECK_THAT(read_file(d + "/plot-deaths-over-time.svg"), Catch::Contains(v));
  }
  // pf2 declares no sequelae and there is no sweep: no such chart.
  CHECK_FALSE(fs::exists(d + "/plot-sequelae.svg"));
  CHECK_FALSE(fs::exists(d + "/plot-sweep.svg"));

  const std::string html = read_file(d + "/report.html");
  CHECK_THAT(html, Catch::StartsWith("<!DOCTYPE html>"));
  CHECK_THAT(html, Catch::Contains("<td class=\"name\">literal-reading</td>"));
  CHECK_THAT(html, Catch::Contains("[[variants]]"));  // the scenario's text (its hash matched)
  CHECK_THAT(html, Catch::Contains("id=\"c1-gnuplot_canvas\""));  // ids kept apart per chart
  CHECK_THAT(html, !Catch::Contains("<?xml"));
  CHECK_THAT(html, !Catch::Contains("<script"));

  // Deaths by the end of rounds 1-3 (a death at 6k s happens at the start of round k + 1),
  // counted from the histogram by hand.
  const ResultsFolder folder = read_results_folder(d);
  const std::vector<Bin> bins = histogram_of(folder, "baseline", "time_to_death");
  double by[3] = {0, 0, 0}, last = 0;
  for (const Bin& b : bins) {
    REQUIRE(b.low == b.high);  // exact times: the counts below are exact
    for (int k = 0; k < 3; ++k)
      if (b.high < 6 * (k + 1)) by[k] += b.count;
    last = std::max(last, b.high);
  }
  const Metric died = summary_metric(folder, "baseline", "death_rate");
  auto pct = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", 100 * x);
    return std::string(buf);
  };
  CHECK(by[0] == 0);  // with this seed nobody dies in round 1: the table starts at round 2
  CHECK(by[1] > 0);
  CHECK(by[2] > by[1]);
  REQUIRE(last < 60);  // every death within the minute: the table ends there
  CHECK_THAT(html, Catch::Contains("<tr><th>variant</th><th>round 2</th><th>round 3</th>"
                                   "<th>1 min</th><th>in all</th></tr>"));
  CHECK_THAT(html, Catch::Contains("<tr><td>baseline</td><td>" + pct(by[1] / died.n) + "</td><td>" +
                                   pct(by[2] / died.n) + "</td><td>" + pct(died.estimate) +
                                   "</td><td>" + pct(died.estimate) + "</td></tr>"));
  // Each duration's population beside it: the trials that recovered, and their share.
  const Metric downtime = summary_metric(folder, "baseline", "downtime_median_s");
  char population[64];
  std::snprintf(population, sizeof population, "<td>%.0f (%.1f%%)</td>", downtime.n,
                100 * downtime.n / died.n);
  CHECK_THAT(html, Catch::Contains(population));
  // How the trials ended: every declared end, its help on hover.
  CHECK_THAT(html, Catch::Contains("<h2>How the trials ended</h2>"));
  CHECK_THAT(html, Catch::Contains(">died_combat</th>"));

  // Charts are titled in the ruleset's own words (run.json's declaration), not pf2's: the
  // time out of action over whom the shared definition says.
  const std::string out_of_action = read_file(d + "/plot-cdf-time-out-of-action.svg");
  CHECK_THAT(out_of_action, Catch::Contains(">over the trials out of action at least once"));
  CHECK_THAT(out_of_action, !Catch::Contains("first fall"));
  CHECK_THAT(read_file(d + "/plot-cdf-time-dying.svg"),
             Catch::Contains(">pf2-no-mercy: time dying<") &&
                 Catch::Contains(">over the trials that were ever dying<"));
  // Each curve's legend says how many trials it is over.
  char legend[96];
  std::snprintf(legend, sizeof legend, ">baseline: %.0f of %.0f trials (%.1f%%)<", downtime.n,
                died.n, 100 * downtime.n / died.n);
  CHECK_THAT(read_file(d + "/plot-cdf-downtime.svg"), Catch::Contains(legend));
  // Every legend sits outside the plot (tests/chart_layout.py measures where it lands).
  for (const char* chart :
       {"plot-deaths-over-time", "plot-cdf-downtime", "plot-cdf-time-out-of-action"}) {
    INFO(chart);
    const std::string svg = read_file(d + "/" + chart + ".svg");
    CHECK_THAT(svg, Catch::Contains(">baseline"));
  }

  SECTION("--format svg writes no PNG; the folder stays one `run` may replace") {
    const std::string e = copy_of_real_run("plot-svg-only");
    REQUIRE(cli({"plot", e, "--format", "svg"}).status == 0);
    CHECK(fs::exists(e + "/plot-death-rate.svg"));
    CHECK_FALSE(fs::exists(e + "/plot-death-rate.png"));
    const auto again = cli({"run", test::source_path("scenarios/examples/pf2-no-mercy.toml"),
                            "--trials", "1000", "--out", e, "--quiet"});
    CHECK(again.status == 0);
    CHECK_FALSE(fs::exists(e + "/report.html"));  // replaced whole: no stale report
  }
  SECTION("a scenario file that changed since the run is not shown as if it had made it") {
    const std::string e = copy_of_real_run("plot-changed");
    const std::string f = test::write_file("changed.toml", "name = \"other\"\n");
    const auto bad = cli({"plot", e, "--scenario", f});
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("is not the scenario file of the run"));
    CHECK_FALSE(fs::exists(e + "/report.html"));
  }
}

TEST_CASE("plot draws sequelae and a sweep with its crossing from the files' columns", "[plot]") {
  const std::string d = copy_of_real_run("plot-sweep");
  write(d + "/sequelae.csv",
        "scenario,variant,sequela,trials_with,rate,ci_low,ci_high,total_count,unit,"
        "total_magnitude\r\n"
        "s,baseline,scar,300,0.015,0.0134,0.0168,310,,\r\n"
        "s,literal-reading,scar,200,0.01,0.0087,0.0115,205,,\r\n"
        "s,player-core,lost_eye,20,0.001,0.0006,0.0015,20,,\r\n");
  // A one-parameter sweep (y empty) of two variants in rounds, with a lasting injury, and
  // where each crosses the target.
  std::string sweep =
      "scenario,variant,x_name,x,x_unit,x_s,y_name,y,y_unit,y_s,metric,estimate,ci_low,"
      "ci_high,n,estimate_text\r\n";
  for (int x = 1; x <= 6; ++x)
    for (const char* v : {"baseline", "player-core"}) {
      const double p = v[0] == 'p' ? 0.01 * x / 6 : 1 / (1 + std::exp(-(-4 + 0.8 * x)));
      const std::string at = std::string("s,") + v + ",aftercare.help_arrives," +
                             std::to_string(x) + ",rounds," + std::to_string(6 * x) + ",,,,,";
      sweep += at + "death_rate," + std::to_string(p) + "," + std::to_string(p * 0.9) + "," +
               std::to_string(p * 1.1) + ",10000,\r\n";
      sweep += at + "knocked_out_rate,0.5,0.49,0.51,10000,\r\n";
      sweep += at + "sequela_scar_rate," + std::to_string(0.002 * x) + ",0," +
               std::to_string(0.004 * x) + ",10000,\r\n";
    }
  write(d + "/sweep.csv", sweep);
  write(d + "/crossing.csv",
        "scenario,variant,x_name,x_unit,y_name,y,y_unit,target,trend,answer,bracket_low,"
        "bracket_high,crossing,crossing_low,crossing_high,bracket_low_s,bracket_high_s,"
        "crossing_s,crossing_low_s,crossing_high_s,answer_text\r\n"
        "s,baseline,aftercare.help_arrives,rounds,,,,0.05,rising,crossed,1,2,1.32,1,2,6,12,"
        "7.92,6,12,\"deaths cross 5% between 1 and 2 rounds (3.92% at 1, 8.03% at 2): help must "
        "arrive within 1.32 rounds (95% interval 1 to 2 rounds) to keep deaths under 5%\"\r\n"
        "s,player-core,aftercare.help_arrives,rounds,,,,0.05,rising,below,,,,,,,,,,,"
        "deaths stay below 5% at every point swept\r\n");
  const auto r = cli({"plot", d});
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_png(d + "/plot-sequelae.png");
  check_svg(d + "/plot-sequelae.svg");
  check_png(d + "/plot-sweep.png");
  check_svg(d + "/plot-sweep.svg");
  check_png(d + "/plot-sweep-sequelae.png");
  check_svg(d + "/plot-sweep-sequelae.svg");
  const std::string q = read_file(d + "/plot-sequelae.svg");
  CHECK_THAT(q, Catch::Contains(">scar<") && Catch::Contains(">lost_eye<"));
  // (That the points stay out of the per-variant charts is checked on a real sweep below.)
  const std::string s = read_file(d + "/plot-sweep.svg");
  // One key entry per curve: its name and what its points say of the target.
  CHECK_THAT(s, Catch::Contains(">baseline: crosses 5% between 1 and 2 rounds: about 1.32 rounds "
                                "(95% interval 1 to 2)<"));
  CHECK_THAT(s, Catch::Contains(">player-core: stays below 5% at every point<"));
  CHECK_THAT(s, Catch::Contains("target 5%"));
  CHECK_THAT(s, Catch::Contains("aftercare.help_arrives (rounds)"));
  const std::string qs = read_file(d + "/plot-sweep-sequelae.svg");
  CHECK_THAT(qs, Catch::Contains("scar (baseline)") && Catch::Contains("scar (player-core)"));
  CHECK_THAT(qs, Catch::Contains("aftercare.help_arrives (rounds)"));
  const std::string html = read_file(d + "/report.html");
  CHECK_THAT(html, Catch::Contains("scar 1.50%"));
  CHECK_THAT(html, Catch::Contains("<tr><td>baseline</td><td>5.00%</td><td>between 1 and 2 "
                                   "rounds</td><td>1.32 rounds</td><td>1 to 2 rounds</td></tr>"));
  CHECK_THAT(html, Catch::Contains("<tr><td>player-core</td><td>5.00%</td><td>no: below it at "
                                   "every point</td>"));
  CHECK_THAT(html, Catch::Contains("<li>baseline: deaths cross 5% between 1 and 2 rounds"));
}

TEST_CASE("plot refuses bad input with status 2 and writes nothing", "[plot]") {
  SECTION("not a results folder") {
    const std::string d = fresh_path("plot-empty");
    fs::create_directories(d);
    const auto r = cli({"plot", d});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("not a results folder"));
    CHECK(fs::is_empty(d));
  }
  SECTION("--scenario with a batch's folder") {
    const std::string d = fresh_path("plot-batch-scenario");
    fs::create_directories(d);
    fs::copy(real_run(), d + "/pf2-no-mercy");
    const auto r =
        cli({"plot", d, "--scenario", test::source_path("scenarios/examples/pf2-no-mercy.toml")});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("this is a batch's folder"));
    CHECK_FALSE(fs::exists(d + "/pf2-no-mercy/report.html"));
  }
  SECTION("a damaged CSV is located") {
    const std::string d = copy_of_real_run("plot-damaged");
    write(d + "/summary.csv", read_file(d + "/summary.csv") + "x,y\r\n");
    const auto r = cli({"plot", d});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("/summary.csv:92:1: error: a row with 2 fields"));
    CHECK_FALSE(fs::exists(d + "/report.html"));
  }
  SECTION("an unknown format") {
    const auto r = cli({"plot", real_run(), "--format", "gif"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("--format: 'gif' is not png, svg or both"));
  }
  SECTION("gnuplot missing: what to install") {
    const std::string d = copy_of_real_run("plot-no-gnuplot");
    const std::string path = std::getenv("PATH");
    ::setenv("PATH", "/nonexistent", 1);
    const auto r = cli({"plot", d});
    ::setenv("PATH", path.c_str(), 1);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("gnuplot is not installed") &&
                          Catch::Contains("apt-get install gnuplot-nox"));
    CHECK_FALSE(fs::exists(d + "/report.html"));
    CHECK_FALSE(fs::exists(d + "/plot-death-rate.svg"));
  }
}

TEST_CASE("plot of a batch's folder plots each scenario's folder and a page for the batch",
          "[plot]") {
  // A real batch: two rulesets, whose variants both include a "baseline"; the batch's own
  // summary.csv at the top must not be drawn as if it were one scenario's.
  const std::string d = fresh_path("plot-batch");
  REQUIRE(cli({"run", test::source_path("scenarios/examples/pf2-lone-fighter-ambush.toml"),
               test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"), "--trials", "2000",
               "--out", d, "--quiet"})
              .status == 0);
  REQUIRE(fs::exists(d + "/summary.csv"));
  const auto r = cli({"plot", d, "--format", "svg"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  for (const char* s : {"pf2-lone-fighter-ambush", "dnd5e-goblin-ambush"}) {
    const std::string sub = d + "/" + s;
    CHECK_THAT(r.out, Catch::Contains(sub + "/report.html"));
    check_svg(sub + "/plot-death-rate.svg");
    // Each chart is its own scenario's: titled by it, with its variants only.
    const std::string chart = read_file(sub + "/plot-death-rate.svg");
    CHECK_THAT(chart, Catch::Contains(std::string(s) + ": deaths per variant"));
    CHECK_THAT(read_file(sub + "/report.html"), Catch::Contains(s));
  }
  CHECK_THAT(read_file(d + "/pf2-lone-fighter-ambush/plot-death-rate.svg"),
             !Catch::Contains("plain-5e"));
  CHECK_THAT(read_file(d + "/dnd5e-goblin-ambush/plot-death-rate.svg"),
             !Catch::Contains("player-core"));
  CHECK_FALSE(fs::exists(d + "/plot-death-rate.svg"));
  // The batch's own page: every scenario and variant of its summary.csv, linked.
  CHECK_THAT(r.out, Catch::Contains(d + "/report.html"));
  const std::string page = read_file(d + "/report.html");
  CHECK_THAT(page, Catch::Contains("A batch of 2 scenarios"));
  for (const char* link : {"<a href=\"pf2-lone-fighter-ambush/report.html\">",
                           "<a href=\"dnd5e-goblin-ambush/report.html\">"})
    CHECK_THAT(page, Catch::Contains(link));
  for (const char* v : {">player-core<", ">mild-injuries<", ">plain-5e<"})
    CHECK_THAT(page, Catch::Contains(v));

  // The next batch into the folder makes that page stale, so the run removes it; a
  // report.html that plot did not write is left alone.
  const std::vector<std::string> again = {
      "run",
      test::source_path("scenarios/examples/pf2-lone-fighter-ambush.toml"),
      test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"),
      "--trials",
      "1000",
      "--out",
      d,
      "--quiet"};
  REQUIRE(cli(again).status == 0);
  CHECK_FALSE(fs::exists(d + "/report.html"));
  write(d + "/report.html", "<html>mine</html>");
  REQUIRE(cli(again).status == 0);
  CHECK(read_file(d + "/report.html") == "<html>mine</html>");
}

TEST_CASE("no two of 128 variants share a style", "[plot]") {
  std::set<std::pair<std::string, int>> seen;
  for (size_t i = 0; i < 128; ++i) {
    const VariantStyle v = variant_style(i);
    INFO(i << " " << v.colour << " dt " << v.dash);
    CHECK(v.colour.size() == 7);
    CHECK(v.colour[0] == '#');
    CHECK(v.dash >= 1);
    CHECK(v.dash <= 5);
    CHECK(seen.insert({v.colour, v.dash}).second);
  }
  CHECK(variant_style(0).colour == "#1f77b4");  // the first ten keep their familiar colours
  CHECK(variant_style(0).dash == 1);
  CHECK(variant_style(10).dash == 2);
}

TEST_CASE("plot: a chart's words come from run.json's declaration; an identical curve is named",
          "[plot]") {
  const std::string d = copy_of_real_run("plot-declared");
  // Another ruleset's words for time_dying, and player-core's deaths made the baseline's.
  nlohmann::json run = nlohmann::json::parse(read_file(d + "/run.json"));
  for (auto& x : run["metrics"]["durations"])
    if (x["name"] == "time_dying")
      x["help"] = "from the first wince until the last; over the brave";
  write(d + "/run.json", run.dump(2));
  const CsvTable h = *CsvTable::read(d + "/histograms.csv");
  std::string text =
      "scenario,variant,quantity,bin_low_s,bin_high_s,count,bin_low_h,bin_high_h,bin_text\r\n";
  // Nobody dies under literal-reading, and five baseline trials take 0 s to full health.
  text += "pf2-no-mercy,baseline,downtime,0,0,5,,,\r\n";
  for (const char* v : {"baseline", "literal-reading", "player-core"})
    for (size_t i = 0; i < h.rows(); ++i) {
      const std::string& from = h.at(i, "variant");
      const bool death = h.at(i, "quantity") == "time_to_death";
      if (death && std::string(v) == "literal-reading") continue;
      const bool copy = std::string(v) == "player-core" && death;
      if (from != (copy ? std::string("baseline") : std::string(v))) continue;
      text += h.at(i, "scenario") + "," + v + "," + h.at(i, "quantity") + "," +
              h.at(i, "bin_low_s") + "," + h.at(i, "bin_high_s") + "," + h.at(i, "count") +
              ",,,\r\n";
    }
  write(d + "/histograms.csv", text);
  const auto r = cli({"plot", d, "--format", "svg"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string dying = read_file(d + "/plot-cdf-time-dying.svg");
  CHECK_THAT(dying, Catch::Contains(">over the brave<"));
  CHECK_THAT(dying, Catch::Contains(">from the first wince until the last<"));
  const std::string deaths = read_file(d + "/plot-deaths-over-time.svg");
  CHECK_THAT(deaths, Catch::Contains(">player-core (the same as baseline)<"));
  CHECK_THAT(deaths, Catch::Contains(">literal-reading (nobody died)<"));
  // The axis starts at the data's first positive time; 0 s is drawn at its left edge, said.
  CHECK_THAT(read_file(d + "/plot-cdf-downtime.svg"),
             Catch::Contains(", 0 s among them, are drawn at the left edge)<"));
}

TEST_CASE("plot: many variants get a row each, names at the left, the chart grows", "[plot]") {
  // A sweep's folder: 18 variants, names as long as a sweep makes them.
  const std::string d = fresh_path("plot-many");
  REQUIRE(cli({"run", test::source_path("scenarios/examples/pf2-cleric-arrival-sweep.toml"),
               "--trials", "2000", "--out", d, "--quiet"})
              .status == 0);
  const auto r = cli({"plot", d});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string png = read_file(d + "/plot-death-rate.png");
  CHECK(big_endian(png, 16) == 900);
  CHECK(big_endian(png, 20) == 110 + 24 * 18);
  const std::string svg = read_file(d + "/plot-death-rate.svg");
  CHECK_THAT(svg, Catch::Contains(">player-core@help_arrives=8rounds<"));
  // The charts of one curve per variant show the variants as written; the points are the
  // sweep's chart's.
  const std::string cdf = read_file(d + "/plot-cdf-downtime.svg");
  CHECK_THAT(cdf, Catch::Contains(">player-core: "));
  CHECK_THAT(cdf, !Catch::Contains("@help_arrives"));
}
