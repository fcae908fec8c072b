#include "sim/cli/drive_scenario.h"

#include <atomic>
#include <chrono>

#include "analysis/precision.h"
#include "sim/cli/interrupt.h"
#include "sim/cli/progress.h"
#include "sim/engine/distributed.h"

namespace leth {

DrivenScenario drive_scenario(const PlannedScenario& p, const RunSettings& settings,
                              const ScenarioPlace& place, int threads, bool quiet) {
  const LoadedScenario& ls = p.loaded;
  DrivenScenario d{p.start};
  Checkpoint& cp = d.cp;
  const std::string cp_path = checkpoint_path(p.out_dir);
  const DrivePlan rest = cp.rest();
  uint64_t chunks_done = chunk_schedule(cp.plan()).size() - chunk_schedule(rest).size();
  const std::optional<PrecisionTarget> target = precision_target(settings, ls.scenario);
  const uint64_t died = metrics_of(ls).end_mask(EndKind::Died);
  std::atomic<uint64_t> done{0};
  const auto t0 = std::chrono::steady_clock::now();
  const double elapsed_before = cp.elapsed_s;
  auto elapsed = [&] {
    return elapsed_before +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  ProgressSpec ps;
  ps.label = ls.scenario.name;
  ps.index = static_cast<int>(place.index + 1);
  ps.count = static_cast<int>(place.count);
  // The progress line counts this session's trials, so that its rate and ETA are true after
  // a resume and for a shard.
  ps.total = place.session_trials;
  ps.batch_after = place.batch_after;
  ps.total_is_cap = target.has_value();
  ps.live = !quiet;
  ps.log_every_s = settings.log_every_s;
  {
    ProgressLine progress(ps, done);
    // At each chunk boundary: a checkpoint every checkpoint_chunks chunks (counted in the
    // shard's schedule from its start, so the same whatever the threads or interruptions),
    // and on Ctrl-C a stop (the checkpoint is saved by the caller).
    cp.tally = drive_ranks(
        ls, cp.seed, cp.tally, rest,
        [&](const RunTally& so_far) {
          ++chunks_done;
          progress.set_deaths(so_far.variants.front().ends_in(died),
                              so_far.variants.front().trials);
          if (target) {
            // This session's share of the estimated need (a resume started part-way).
            const uint64_t need = trials_needed(*target, so_far, died);
            const uint64_t now = done.load(), all = so_far.trials();
            const uint64_t before = all > now ? all - now : 0;
            progress.set_goal(need > before ? need - before : 1);
          }
          // --precision: the run is done once every variant's interval is narrow enough.
          if (target && precise_enough(*target, so_far, died)) return !(d.precise = true);
          if (StopOnSignal::requested()) return false;
          if (chunks_done % settings.checkpoint_chunks == 0) {
            cp.tally = so_far;
            cp.elapsed_s = elapsed();
            cp.threads = threads;
            write_file_atomically(cp_path, checkpoint_text(cp));
          }
          return true;
        },
        &done, &StopOnSignal::flag());
  }
  cp.elapsed_s = elapsed();
  cp.threads = threads;
  // Ctrl-C: the runner stopped after the trials in hand, at a boundary or inside a chunk;
  // the checkpoint holds exactly those trials (a resume runs the rest of that chunk first).
  d.stopped = StopOnSignal::requested() != 0;
  if (d.stopped && !d.complete()) write_file_atomically(cp_path, checkpoint_text(cp));
  return d;
}

}  // namespace leth
