#include "sim/engine/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "scenarios/scenario.h"
#include "sim/core/sha256.h"
#include "sim/engine/bounded_json.h"

namespace leth {

namespace fs = std::filesystem;

namespace {

const char* const kFormat = "lethality-checkpoint";

[[noreturn]] void fail(const std::string& what) {
  throw CheckpointError(what);
}

nlohmann::json body_of(const Checkpoint& c) {
  return {{"tool_version", c.tool_version},
          {"scenario", {{"name", c.scenario}, {"file", c.file}, {"sha256", c.sha256}}},
          {"seed", c.seed},
          {"chunk_trials", c.chunk_trials},
          {"trials_planned", c.trials_planned},
          {"shard", {c.shard, c.shards}},
          {"stopping", c.stopping},
          {"elapsed_s", c.elapsed_s},
          {"threads", c.threads},
          {"tally", c.tally.to_json()}};
}

// A count of the format, read only if written as one: a float converted to an integer type
// is undefined behaviour when out of range (1.8e19 as a seed).
uint64_t count_of(const nlohmann::json& j, const char* what) {
  if (!j.is_number_unsigned()) fail(std::string(what) + " is not a whole number of 0 or more");
  return j.get<uint64_t>();
}

// Whether a tally's JSON holds a float anywhere: it holds only whole numbers and text.
bool holds_float(const nlohmann::json& j) {
  if (j.is_number_float()) return true;
  if (j.is_structured())  // nested at most kMaxJsonDepth levels: parse_bounded_json
    for (const auto& e : j)
      if (holds_float(e)) return true;
  return false;
}

void sync_fd(int fd, const std::string& what) {
  if (::fsync(fd) != 0) fail("cannot sync " + what + ": " + std::strerror(errno));
}

}  // namespace

DrivePlan Checkpoint::plan() const {
  return DrivePlan{0, trials_planned, chunk_trials, shard - 1, shards};
}

std::string Checkpoint::difference(const Checkpoint& o) const {
  auto diff = [](const std::string& what, const std::string& a, const std::string& b) {
    return what + " " + a + " vs " + b;
  };
  auto num = [](uint64_t x) { return std::to_string(x); };
  if (tool_version != o.tool_version) return diff("tool version", tool_version, o.tool_version);
  if (scenario != o.scenario) return diff("scenario", scenario, o.scenario);
  if (sha256 != o.sha256)
    return diff("scenario file sha256", sha256.substr(0, 12), o.sha256.substr(0, 12));
  if (seed != o.seed) return diff("seed", num(seed), num(o.seed));
  if (trials_planned != o.trials_planned)
    return diff("trials planned", num(trials_planned), num(o.trials_planned));
  if (chunk_trials != o.chunk_trials)
    return diff("chunk size", num(chunk_trials), num(o.chunk_trials));
  if (shards != o.shards) return diff("shard count", num(shards), num(o.shards));
  if (stopping != o.stopping)
    return diff("stopping rule", stopping.empty() ? "\"a fixed trial count\"" : "\"" + stopping + "\"",
                o.stopping.empty() ? "\"a fixed trial count\"" : "\"" + o.stopping + "\"");
  return "";
}

DrivePlan Checkpoint::rest() const {
  // The tally must hold the first m chunks of the plan whole, and perhaps some trials of
  // chunk m (a run stopped inside it), nothing else. Checked range by range against the
  // schedule computed, never listed: the work is that of the ranges the file holds.
  const ChunkSchedule chunks(plan());
  auto refuse = [&] {
    fail("its trials " + tally.ranges.text() + " are not the first chunks of shard " +
         std::to_string(shard) + "/" + std::to_string(shards) + " of " +
         std::to_string(trials_planned) + " trials");
  };
  uint64_t whole = 0;                   // chunks [0, whole) are held whole
  uint64_t open = ChunkSchedule::npos;  // chunk `whole`, begun and not finished
  for (const auto& [a, b] : tally.ranges.ranges()) {
    const uint64_t j = chunks.index_of(a), k = chunks.index_of(b - 1);
    if (j == ChunkSchedule::npos || k == ChunkSchedule::npos) refuse();
    if (k != j && shards > 1) refuse();  // a shard's chunks are never adjacent
    if (open != ChunkSchedule::npos) {   // only more of the open chunk may follow it
      if (j != open || k != open) refuse();
      continue;
    }
    if (j != whole) refuse();
    if (a != chunks[j].first) {  // its first trials missing: begun out of order, and open
      if (k != j) refuse();
      open = j;
      continue;
    }
    whole = b == chunks[k].second ? k + 1 : k;  // chunks j..k-1 whole, and k if b ends it
    if (whole == k) open = k;
  }
  DrivePlan p = plan();
  const uint64_t next = open != ChunkSchedule::npos ? open : whole;
  p.first = next < chunks.size() ? chunks[next].first : trials_planned;
  p.count = trials_planned - p.first;
  p.continues_chunk = open != ChunkSchedule::npos;
  return p;
}

bool Checkpoint::complete() const {
  return chunk_schedule(rest()).empty();
}

uint64_t Checkpoint::trials_left() const {
  const DrivePlan p = rest();
  const ChunkSchedule left(p);
  if (!p.continues_chunk || left.empty()) return left.trials();
  uint64_t missing = 0;  // the interrupted chunk's trials not in the tally yet
  for (const auto& [a, b] : missing_trials(tally, left[0])) missing += b - a;
  return left.trials() - (left[0].second - left[0].first) + missing;
}

std::string checkpoint_text(const Checkpoint& c) {
  const nlohmann::json body = body_of(c);
  const nlohmann::json doc = {{"format", kFormat},
                              {"format_version", kCheckpointFormatVersion},
                              {"body", body},
                              {"body_sha256", sha256_hex(body.dump())}};
  return doc.dump(1) + "\n";
}

Checkpoint parse_checkpoint(const std::string& text) {
  nlohmann::json doc;
  try {
    doc = parse_bounded_json(text);
  } catch (const nlohmann::json::exception&) {
    fail("not a complete JSON document (truncated or damaged)");
  } catch (const JsonTooDeep& e) {
    fail(std::string("not a checkpoint: its JSON is ") + e.what() + " (damaged)");
  }
  Checkpoint c;
  try {
    if (!doc.is_object() || doc.value("format", "") != kFormat)
      fail("not a lethality checkpoint (no \"format\": \"" + std::string(kFormat) + "\")");
    const int version = doc.at("format_version").get<int>();
    if (version != kCheckpointFormatVersion)
      fail("checkpoint format version " + std::to_string(version) + ", this tool reads " +
           std::to_string(kCheckpointFormatVersion));
    const nlohmann::json& body = doc.at("body");
    if (sha256_hex(body.dump()) != doc.at("body_sha256").get<std::string>())
      fail("its checksum does not match its contents (the file was altered or damaged)");
    c.tool_version = body.at("tool_version").get<std::string>();
    c.scenario = body.at("scenario").at("name").get<std::string>();
    c.file = body.at("scenario").at("file").get<std::string>();
    c.sha256 = body.at("scenario").at("sha256").get<std::string>();
    c.seed = count_of(body.at("seed"), "seed");
    c.chunk_trials = count_of(body.at("chunk_trials"), "chunk_trials");
    c.trials_planned = count_of(body.at("trials_planned"), "trials_planned");
    c.shard = count_of(body.at("shard").at(0), "shard");
    c.shards = count_of(body.at("shard").at(1), "shard count");
    c.stopping = body.value("stopping", "");  // absent before precision runs could resume
    c.elapsed_s = body.at("elapsed_s").get<double>();
    if (!body.at("threads").is_number_integer()) fail("threads is not a whole number");
    c.threads = body.at("threads").get<int>();
    if (holds_float(body.at("tally"))) fail("its tally holds a number that is not a whole number");
    c.tally = RunTally::from_json(body.at("tally"));
  } catch (const nlohmann::json::exception& e) {
    fail(std::string("a field is missing or of the wrong type: ") + e.what());
  } catch (const TallyMismatch& e) {
    fail(std::string("its tally does not add up: ") + e.what());
  }
  // Bounds a run of this tool keeps, checked before the plan is used: a forged header with a
  // recomputed checksum must not plan 2^64 trials or report a negative time.
  if (c.chunk_trials == 0 || c.chunk_trials > Scenario::kMaxTrials || c.shards == 0 ||
      c.shards > kMaxShards || c.shard == 0 || c.shard > c.shards)
    fail("its chunk size or shard is impossible");
  const TallyIdentity& id = c.tally.identity;
  if (c.trials_planned == 0 || c.trials_planned > Scenario::kMaxTrials)
    fail("it plans " + std::to_string(c.trials_planned) + " trials; a run makes 1 to 10^12");
  if (!is_valid_name(c.scenario)) fail("its scenario name cannot name a results folder");
  if (!std::isfinite(c.elapsed_s) || c.elapsed_s < 0 || c.elapsed_s > kMaxElapsed)
    fail("its elapsed time " + std::to_string(c.elapsed_s) + " s is impossible");
  if (c.threads < 0 || c.threads > kMaxThreads)
    fail("its thread count " + std::to_string(c.threads) + " is impossible");
  if (id.tool_version != c.tool_version || id.scenario != c.scenario ||
      id.scenario_sha256 != c.sha256 || id.seed != c.seed)
    fail("its tally belongs to another run than its header says");
  c.rest();  // the tally must be a prefix of the plan's chunks
  return c;
}

void write_file_atomically(const std::string& path, const std::string& contents) {
  fs::path target = fs::path(path);
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) fail("cannot create " + dir.string() + ": " + ec.message());
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create " + tmp + ": " + std::strerror(errno));
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    const ssize_t w = ::write(fd, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      fail("cannot write " + tmp + ": " + why);
    }
    p += w;
    left -= static_cast<size_t>(w);
  }
  try {
    sync_fd(fd, tmp);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    fail("cannot rename " + tmp + " to " + path + ": " + why);
  }
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) fail("cannot open " + dir.string() + " to sync it: " + std::strerror(errno));
  const int r = ::fsync(dfd);
  ::close(dfd);
  if (r != 0) fail("cannot sync " + dir.string() + ": " + std::strerror(errno));
}

Checkpoint read_checkpoint(const std::string& path) {
  // What can be checked before reading: a regular file (not /dev/zero), of a bounded size.
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec) fail(path + ": cannot read it: " + ec.message());
  if (!fs::is_regular_file(st)) fail(path + ": not a regular file");
  const uintmax_t size = fs::file_size(path, ec);
  if (ec) fail(path + ": cannot read it: " + ec.message());
  if (size > kMaxCheckpointBytes)
    fail(path + ": " + std::to_string(size >> 20) + " MiB, larger than any checkpoint (at most " +
         std::to_string(kMaxCheckpointBytes >> 20) + " MiB)");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path + ": cannot read it");
  std::string text(static_cast<size_t>(size) + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxCheckpointBytes) fail(path + ": it grew while being read");
  try {
    return parse_checkpoint(text);
  } catch (const CheckpointError& e) {
    fail(path + ": " + e.what());
  }
}

}  // namespace leth
