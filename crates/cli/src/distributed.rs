//! `zgame solve` across the processes of an MPI job (built with the `mpi` feature).
//!
//! When an MPI launcher (`mpirun`, `srun`, ...) started the program, [`start`] initialises MPI
//! and [`world`] gives the job's communicator as the tiered solver's [`Exchange`]: every process
//! solves its share of each tier and receives from the others what it needs of theirs. Without the feature, or
//! outside such a launcher, there is no world and everything runs as one process.

pub use imp::{start, world};

/// Whether this process is one of an MPI job's other processes than the first (which alone
/// prints answers and errors the whole job shares).
pub fn is_secondary() -> bool {
    use zecklab_engines::Exchange;
    world().is_some_and(|w| w.me() != 0)
}

#[cfg(feature = "mpi")]
mod imp {
    use mpi::datatype::{Partition, PartitionMut};
    use mpi::topology::SimpleCommunicator;
    use mpi::traits::*;
    use mpi::{Count, Threading};
    use zecklab_engines::Exchange;

    /// MPI, while it is running (finalised when dropped, at the end of `main`).
    pub struct Session {
        _universe: Option<mpi::environment::Universe>,
    }

    /// Environment variables that MPI launchers set in the processes they start (Open MPI, the
    /// PMI and PMIx interfaces that MPICH, Intel MPI and Slurm's `srun` use).
    const LAUNCHER_VARIABLES: [&str; 3] = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"];

    /// Initialises MPI when a launcher started this process (only the main thread talks to MPI;
    /// the solver's worker threads do not).
    pub fn start() -> Session {
        let launched = LAUNCHER_VARIABLES.iter().any(|v| std::env::var_os(v).is_some());
        let universe =
            launched.then(|| mpi::initialize_with_threading(Threading::Funneled)).flatten().map(|(u, _)| u);
        Session { _universe: universe }
    }

    /// The MPI job this process belongs to, when MPI is running.
    pub struct World(SimpleCommunicator);

    /// The job's communicator, when MPI was started.
    pub fn world() -> Option<World> {
        (mpi::environment::is_initialized() && !mpi::environment::is_finalized())
            .then(|| World(SimpleCommunicator::world()))
    }

    impl Exchange for World {
        fn me(&self) -> usize {
            self.0.rank() as usize
        }

        fn processes(&self) -> usize {
            self.0.size() as usize
        }

        fn all_gather(&mut self, mine: &[u64], counts: &[usize]) -> Vec<u64> {
            let (counts, displacements) = layout(counts);
            let mut all = vec![0u64; counts.iter().map(|&c| c as usize).sum()];
            {
                let mut partition = PartitionMut::new(&mut all[..], &counts[..], &displacements[..]);
                self.0.all_gather_varcount_into(mine, &mut partition);
            }
            all
        }

        fn all_to_all(&mut self, sends: &[u64], send_counts: &[usize], receive_counts: &[usize]) -> Vec<u64> {
            let (send_counts, send_displacements) = layout(send_counts);
            let (receive_counts, receive_displacements) = layout(receive_counts);
            let mut received = vec![0u64; receive_counts.iter().map(|&c| c as usize).sum()];
            {
                let sent = Partition::new(sends, &send_counts[..], &send_displacements[..]);
                let mut partition =
                    PartitionMut::new(&mut received[..], &receive_counts[..], &receive_displacements[..]);
                self.0.all_to_all_varcount_into(&sent, &mut partition);
            }
            received
        }
    }

    /// MPI's counts and displacements of consecutive pieces of `counts` words.
    fn layout(counts: &[usize]) -> (Vec<Count>, Vec<Count>) {
        let count = |c: usize| Count::try_from(c).expect("fewer than 2^31 words a wave");
        let counts: Vec<Count> = counts.iter().map(|&c| count(c)).collect();
        let displacements = counts
            .iter()
            .scan(0 as Count, |at, &c| {
                let start = *at;
                *at = at.checked_add(c).expect("fewer than 2^31 words a wave");
                Some(start)
            })
            .collect();
        (counts, displacements)
    }
}

#[cfg(not(feature = "mpi"))]
mod imp {
    use zecklab_engines::Exchange;

    /// Nothing to start without the `mpi` feature.
    pub struct Session;

    /// Without the `mpi` feature every run is one process.
    pub fn start() -> Session {
        Session
    }

    /// No MPI job exists without the `mpi` feature.
    pub enum World {}

    /// Always `None` without the `mpi` feature.
    pub fn world() -> Option<World> {
        None
    }

    impl Exchange for World {
        fn me(&self) -> usize {
            match *self {}
        }
        fn processes(&self) -> usize {
            match *self {}
        }
        fn all_gather(&mut self, _: &[u64], _: &[usize]) -> Vec<u64> {
            match *self {}
        }
        fn all_to_all(&mut self, _: &[u64], _: &[usize], _: &[usize]) -> Vec<u64> {
            match *self {}
        }
    }
}
