#include "sim/engine/ranks.h"

#include <cstdlib>
#include <initializer_list>

#ifdef LETHALITY_MPI
#include <mpi.h>
#endif

namespace leth {

namespace {

int g_rank = 0;
int g_size = 1;
bool g_started = false;

// Launched by an MPI launcher: OpenMPI's mpirun, or a PMI/PMIx launcher such as Slurm's srun.
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(v) != nullptr) return true;
  return false;
}

}  // namespace

Ranks::Ranks(int* argc, char*** argv) {
#ifdef LETHALITY_MPI
  if (!launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  g_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
#else
  (void)argc;
  (void)argv;
  (void)launched_by_mpi;
#endif
}

Ranks::~Ranks() {
#ifdef LETHALITY_MPI
  if (g_started) MPI_Finalize();
#endif
  g_started = false;
  g_rank = 0;
  g_size = 1;
}

int Ranks::rank() {
  return g_rank;
}

int Ranks::size() {
  return g_size;
}

bool Ranks::built_with_mpi() {
#ifdef LETHALITY_MPI
  return true;
#else
  return false;
#endif
}

bool Ranks::all(bool mine) {
#ifdef LETHALITY_MPI
  if (g_size > 1) {
    int in = mine ? 1 : 0, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return out == 1;
  }
#endif
  return mine;
}

int Ranks::broadcast(int value) {
#ifdef LETHALITY_MPI
  if (g_size > 1) MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
  return value;
}

}  // namespace leth
