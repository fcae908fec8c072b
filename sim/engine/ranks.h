// The processes of a run: one, or the ranks of an MPI job (`mpirun -np R lethality run ...`,
// `srun lethality run ...`). MPI is started only when the program was launched by an MPI
// launcher (its environment says so), so a plain `lethality` never touches MPI, and only in a
// build with MPI (LETHALITY_MPI: OpenMPI was found at configure time).
#pragma once

namespace leth {

class Ranks {
 public:
  // Starts MPI (MPI_THREAD_FUNNELED: TBB runs inside each rank, only the main thread calls MPI)
  // if launched by mpirun/srun; finalises it when destroyed. One per process, in main().
  Ranks(int* argc, char*** argv);
  ~Ranks();
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;

  // This process's rank and the job's size (0 and 1 without MPI).
  static int rank();
  static int size();
  static bool distributed() { return size() > 1; }
  // Whether this build can run on several ranks.
  static bool built_with_mpi();

  // Collective operations over every rank (no-ops on one process).
  static bool all(bool mine);        // true when every rank's `mine` is true
  static int broadcast(int value);   // rank 0's value, on every rank
};

}  // namespace leth
