#include "sim/engine/distributed.h"

#include <stdexcept>

#include "sim/engine/ranks.h"

#ifdef LETHALITY_MPI
#include <mpi.h>

#include <chrono>
#include <cstring>
#include <exception>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <vector>
#endif

namespace leth {

#ifdef LETHALITY_MPI

namespace {

enum Tag : int { kWork = 1, kStop = 2, kResult = 3 };

// A chunk's result: its index in the schedule, then its tally as JSON.
std::string encode(uint64_t index, const RunTally& t) {
  std::string bytes(sizeof index, '\0');
  std::memcpy(bytes.data(), &index, sizeof index);
  bytes += t.to_json().dump();
  return bytes;
}

void send_work(int rank, uint64_t index, const TrialRanges::Range& chunk) {
  uint64_t work[3] = {index, chunk.first, chunk.second};
  MPI_Send(work, 3, MPI_UINT64_T, rank, kWork, MPI_COMM_WORLD);
}

}  // namespace

RunTally drive_ranks(const LoadedScenario& s, uint64_t seed, RunTally start, DrivePlan plan,
                     const ChunkHook& hook, std::atomic<uint64_t>* done,
                     const std::atomic<int>* stop) {
  if (!Ranks::distributed()) return drive(s, seed, std::move(start), plan, hook, done, stop);
  if (Ranks::rank() != 0) throw std::logic_error("drive_ranks runs on rank 0");
  // Refuse a wrong start before any rank spends time on trials, as drive() does.
  check_start(s, seed, start, plan);
  if (plan.continues_chunk) {
    // The rest of an interrupted chunk, here, before the others are handed out whole.
    DrivePlan first = plan;
    first.count = chunk_schedule(plan)[0].second - plan.first;
    bool go_on = true;
    auto release = [] {  // the other ranks wait for work or a stop: a stop, before leaving
      for (int r = 1; r < Ranks::size(); ++r)
        MPI_Send(nullptr, 0, MPI_BYTE, r, kStop, MPI_COMM_WORLD);
    };
    try {
      start = drive(
          s, seed, std::move(start), first,
          [&](const RunTally& t) { return go_on = !hook || hook(t); }, done);
    } catch (...) {
      release();
      throw;
    }
    if (!go_on) {
      release();
      return start;
    }
    plan.count -= first.count;
    plan.first += first.count;
    plan.continues_chunk = false;
  }
  const auto chunks = chunk_schedule(plan);
  const int ranks = Ranks::size();
  size_t next = 0;        // the next chunk to hand out
  size_t folded = 0;      // chunks merged into `start`, in order
  bool stopping = false;  // the hook said stop: hand out nothing more
  int busy = 0;           // ranks other than 0 with a chunk in hand
  std::map<size_t, RunTally> arrived;  // results ahead of the fold
  for (int r = 1; r < ranks && next < chunks.size(); ++r, ++busy, ++next)
    send_work(r, next, chunks[next]);
  // Rank 0's own chunk, computed on another thread while this one keeps the messages moving.
  std::future<RunTally> local;
  size_t local_index = 0;
  auto start_local = [&] {
    if (stopping || next >= chunks.size()) return;
    local_index = next++;
    const auto [lo, hi] = chunks[local_index];
    local = std::async(std::launch::async, [&s, seed, lo, hi, done] {
      return run_trials(s, seed, lo, hi - lo, done);
    });
  };
  start_local();
  std::string buffer;
  std::exception_ptr failure;
  while (busy > 0 || local.valid()) {
    bool progressed = false;
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      int bytes = 0;
      MPI_Get_count(&status, MPI_BYTE, &bytes);
      buffer.resize(static_cast<size_t>(bytes));
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, status.MPI_SOURCE, kResult, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      uint64_t index = 0;
      std::memcpy(&index, buffer.data(), sizeof index);
      RunTally t = RunTally::from_json(nlohmann::json::parse(buffer.begin() + sizeof index, buffer.end()));
      if (done) *done += t.trials();
      arrived.emplace(index, std::move(t));
      if (!stopping && next < chunks.size()) {
        send_work(status.MPI_SOURCE, next, chunks[next]);
        ++next;
      } else {
        --busy;
      }
      progressed = true;
    }
    // An exception (a checkpoint that cannot be written, from the hook) stops the handing out;
    // the chunks in hand are collected and every rank released before it is thrown on.
    try {
      if (local.valid() && local.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        arrived.emplace(local_index, local.get());
        start_local();
        progressed = true;
      }
      // Fold in chunk order; the hook sees exactly the tallies drive() would show it.
      for (auto it = arrived.find(folded); !stopping && it != arrived.end();
           it = arrived.find(folded)) {
        start.merge(it->second);
        arrived.erase(it);
        ++folded;
        if (hook && !hook(start)) stopping = true;
      }
    } catch (...) {
      if (!failure) failure = std::current_exception();
      stopping = true;
    }
    if (!progressed) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  for (int r = 1; r < ranks; ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, kStop, MPI_COMM_WORLD);
  if (failure) std::rethrow_exception(failure);
  return start;
}

void serve_ranks(const LoadedScenario& s, uint64_t seed) {
  for (;;) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == kStop) {
      MPI_Recv(nullptr, 0, MPI_BYTE, 0, kStop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return;
    }
    uint64_t work[3];
    MPI_Recv(work, 3, MPI_UINT64_T, 0, kWork, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    const std::string bytes = encode(work[0], run_trials(s, seed, work[1], work[2] - work[1]));
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, kResult, MPI_COMM_WORLD);
  }
}

#else

RunTally drive_ranks(const LoadedScenario& s, uint64_t seed, RunTally start, DrivePlan plan,
                     const ChunkHook& hook, std::atomic<uint64_t>* done,
                     const std::atomic<int>* stop) {
  return drive(s, seed, std::move(start), plan, hook, done, stop);
}

void serve_ranks(const LoadedScenario&, uint64_t) {
  throw std::logic_error("serve_ranks: this build has no MPI");
}

#endif

}  // namespace leth
