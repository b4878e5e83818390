//! What a sampler is, and the list of samplers.
//!
//! A sampler owns only its reads: given a group of read numbers it runs them and
//! says what each found. The driver (`solve` in `mod.rs`) owns everything around
//! them: batches on the worker pool, the stop rules (cancel, time limit, target),
//! the traces and lowest-energy updates for live plots, and the merge of states in
//! read order. Adding a sampler is a file with its settings type implementing
//! [`Sampler`] and [`SamplerInfo`] (its settings described in `PARAMS`), and
//! two lines in `mod.rs`: the module and its line in the `samplers!` list.

use super::params::{Param, ParamValue};
use super::rng::Rng;
use super::{SamplerKind, SolveUpdate, Solver};
use crate::qubo::Qubo;
use crate::run::CancelFlag;
use crate::run::Instant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What one read produced.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadResult {
    /// States to count (SA: the final state; tabu: each search's best).
    pub found: Vec<(Vec<u8>, f64)>,
    /// The read's answer: its final (SA) or best (tabu) energy.
    pub energy: f64,
    /// Work done, in the sampler's unit (SA: flip attempts; tabu: flip evaluations).
    pub flips: u64,
    /// The read ran to its end (or reached the target); false when cut short.
    pub complete: bool,
}

impl ReadResult {
    /// A read that never started (the run was stopping).
    pub fn not_run() -> ReadResult {
        ReadResult {
            found: Vec::new(),
            energy: f64::INFINITY,
            flips: 0,
            complete: false,
        }
    }
}

/// A sampler's settings, able to run reads of a model.
pub trait Sampler: Sync {
    /// Checks the settings alone (a session may hold anything): the limits
    /// that hold for every model.
    fn check(&self) -> Result<(), String>;
    /// Checks the settings against the model before any work starts.
    fn validate(&self, q: &Qubo) -> Result<(), String> {
        let _ = q;
        self.check()
    }
    /// What the run will do differently from the settings on this model
    /// (a default capped because the model is large), in words.
    fn notes(&self, _q: &Qubo) -> Vec<String> {
        Vec::new()
    }
    /// The value setting `name` takes on `q` when left to auto (none: the
    /// setting has no auto). Cheap formulas on the model; see [`Solver::model_value`].
    fn auto_value(&self, _name: &str, _q: &Qubo) -> Option<ParamValue> {
        None
    }
    /// Whether a read cut short by the clock still counts the states it found
    /// (tabu: each finished search is an answer; SA: a half-annealed state is not).
    fn keeps_unfinished(&self) -> bool;
    /// The settings in a few words, for reports ("SA with 1000 sweeps").
    fn describe(&self) -> String;
    /// Per-run preparation shared by every read (SA: the kernel and β schedule).
    fn prepare<'q>(&'q self, q: &'q Qubo) -> Box<dyn SamplerRun + 'q>;
}

/// Names and defaults of a sampler's settings type, for menus, flags and reports.
pub trait SamplerInfo: Sampler + Default {
    /// Short name in reports, JSON and `--solver` ("sa", "tabu").
    const NAME: &'static str;
    /// Name for people ("Simulated annealing").
    const LABEL: &'static str;
    /// What one step of a read's energy trace is (the x axis of the trace plot).
    const STEP: &'static str;
    /// Every setting, described: the Solver room's fields, `solve`'s flags.
    /// Each is a serde field of the settings; `check` asks each one's [`Param::check`].
    const PARAMS: &'static [Param];
}

/// A prepared run of one sampler on one model.
pub trait SamplerRun: Sync {
    /// Splits reads `first..last` into groups run together (first read, count).
    /// A read's result never depends on its group; this only decides speed.
    fn groups(&self, first: usize, last: usize, _threads: usize) -> Vec<(usize, usize)> {
        (first..last).map(|r| (r, 1)).collect()
    }
    /// Runs reads `first..first + count`, one result each, in read order.
    fn run_group(&self, first: usize, count: usize, ctx: &ReadContext<'_>) -> Vec<ReadResult>;
}

/// What the driver lends a running group: the random streams, the stop rules
/// and the trace sink.
pub struct ReadContext<'a> {
    pub(super) seed: u64,
    pub(super) traces: usize,
    pub(super) target: Option<f64>,
    pub(super) time_limit: Option<Duration>,
    pub(super) started: Instant,
    pub(super) timed_out: AtomicBool,
    pub(super) cancel: &'a CancelFlag,
    pub(super) update: &'a (dyn Fn(SolveUpdate) + Sync),
    pub(super) goal: Option<super::Goal<'a>>,
}

impl ReadContext<'_> {
    /// Read `read`'s own random stream (from the run's seed: thread counts and
    /// groupings never change it).
    pub fn stream(&self, read: usize) -> Rng {
        Rng::for_read(self.seed, read as u64)
    }

    /// The run was cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// The time limit has passed (remembered, so every read sees it from then on).
    pub fn out_of_time(&self) -> bool {
        let over = self.time_limit.is_some_and(|l| self.started.elapsed() >= l);
        if over {
            self.timed_out.store(true, Ordering::Relaxed);
        }
        over
    }

    /// Cancelled or out of time already: a group about to start should not.
    pub fn stopping(&self) -> bool {
        self.cancelled() || self.timed_out.load(Ordering::Relaxed)
    }

    /// This energy reaches the run's target (within rounding).
    pub fn target_hit(&self, energy: f64) -> bool {
        self.target.is_some_and(|t| energy <= t + 1e-9)
    }

    /// This state (with this energy) ends the run: the target energy, or a state
    /// the caller looks for.
    pub fn reached(&self, state: &[u8], energy: f64) -> bool {
        self.target_hit(energy) || self.goal.is_some_and(|g| g(state))
    }

    /// A trace for read `read` (it records nothing unless the read is traced).
    pub fn trace(&self, read: usize) -> Trace<'_> {
        Trace {
            ctx: self,
            read,
            points: Vec::new(),
        }
    }
}

/// One read's energy trace, sent to the plots in blocks of 16 points and the
/// rest when dropped.
pub struct Trace<'a> {
    ctx: &'a ReadContext<'a>,
    read: usize,
    points: Vec<[f64; 2]>,
}

impl Trace<'_> {
    /// Whether this read's trace is shown at all.
    pub fn wanted(&self) -> bool {
        self.read < self.ctx.traces
    }

    /// Energy `energy` after `step` steps.
    pub fn point(&mut self, step: usize, energy: f64) {
        if self.wanted() {
            self.points.push([step as f64, energy]);
            if self.points.len() >= 16 {
                self.flush();
            }
        }
    }

    fn flush(&mut self) {
        if !self.points.is_empty() {
            (self.ctx.update)(SolveUpdate::Trace {
                read: self.read,
                points: std::mem::take(&mut self.points),
            });
        }
    }
}

impl Drop for Trace<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

/// Declares every sampler once (the list is in `mod.rs`, beside the module
/// lines): the settings enum [`Solver`] and its fieldless twin [`SamplerKind`]
/// (what a session saves as "which sampler"), with names and settings by name.
/// A line is `Variant = module::SettingsType`, after its doc comment and, for a
/// sampler behind a Cargo feature, a `#[cfg(..)]` (repeated on every arm; a
/// session naming a sampler the build lacks is refused as an unknown variant).
macro_rules! samplers {
    ($($(#[doc = $doc:expr])* $(#[cfg($cfg:meta)])* $variant:ident = $params:ty),+ $(,)?) => {
        /// Which sampler, with its settings.
        #[derive(Clone, Debug, PartialEq, ::serde::Serialize, ::serde::Deserialize)]
        pub enum Solver {
            $($(#[doc = $doc])* $(#[cfg($cfg)])* $variant($params)),+
        }

        /// Which sampler, without settings (the first is the default).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        pub enum SamplerKind {
            $($(#[doc = $doc])* $(#[cfg($cfg)])* $variant),+
        }

        impl Solver {
            /// The sampler behind these settings.
            pub fn sampler(&self) -> &dyn $crate::solve::Sampler {
                match self {
                    $($(#[cfg($cfg)])* Solver::$variant(p) => p),+
                }
            }

            /// Which sampler this is.
            pub fn kind(&self) -> SamplerKind {
                match self {
                    $($(#[cfg($cfg)])* Solver::$variant(_) => SamplerKind::$variant),+
                }
            }

            /// The value of setting `name` (none if this sampler has no such setting).
            pub fn get(&self, name: &str) -> Option<$crate::solve::ParamValue> {
                match self {
                    $($(#[cfg($cfg)])* Solver::$variant(p) => $crate::solve::params::get_field(p, name)),+
                }
            }

            /// Sets setting `name`; refuses a name this sampler lacks and a value of
            /// the wrong kind (the limits are its `check`).
            pub fn set(&mut self, name: &str, value: $crate::solve::ParamValue) -> Result<(), String> {
                let sampler = self.name();
                match self {
                    $($(#[cfg($cfg)])* Solver::$variant(p) => {
                        $crate::solve::params::set_field(p, sampler, name, value)
                    }),+
                }
            }
        }

        impl SamplerKind {
            /// Every sampler, in menu order.
            pub const ALL: &'static [SamplerKind] = &[$($(#[cfg($cfg)])* SamplerKind::$variant),+];

            /// Short name ("sa", "tabu").
            pub fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])* SamplerKind::$variant => <$params as $crate::solve::SamplerInfo>::NAME),+
                }
            }

            /// Name for people.
            pub fn label(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])* SamplerKind::$variant => <$params as $crate::solve::SamplerInfo>::LABEL),+
                }
            }

            /// What one step of a trace is.
            pub fn step_label(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])* SamplerKind::$variant => <$params as $crate::solve::SamplerInfo>::STEP),+
                }
            }

            /// Its settings, described (names, limits, words).
            pub fn params(self) -> &'static [$crate::solve::Param] {
                match self {
                    $($(#[cfg($cfg)])* SamplerKind::$variant => <$params as $crate::solve::SamplerInfo>::PARAMS),+
                }
            }

            /// This sampler with its default settings.
            pub fn default_solver(self) -> Solver {
                match self {
                    $($(#[cfg($cfg)])* SamplerKind::$variant => Solver::$variant(<$params>::default())),+
                }
            }
        }
    };
}

pub(super) use samplers;

impl Solver {
    /// Short name ("sa", "tabu").
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Its settings, described.
    pub fn params(&self) -> &'static [Param] {
        self.kind().params()
    }

    /// What setting `name` would be on `q` if left to auto, inside its limits:
    /// the number a field starts from when the user turns auto off.
    pub fn model_value(&self, name: &str, q: &Qubo) -> Option<ParamValue> {
        let p = self.params().iter().find(|p| p.name == name)?;
        Some(p.kind.clamp(self.sampler().auto_value(name, q)?))
    }
}

impl Default for SamplerKind {
    fn default() -> Self {
        SamplerKind::ALL[0]
    }
}

impl std::fmt::Display for SamplerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SamplerKind {
    type Err = String;

    /// A sampler by its short name ("sa", "tabu"; "anneal" also reads as SA).
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        let s = if s == "anneal" { "sa" } else { s.as_str() };
        SamplerKind::ALL.iter().copied().find(|k| k.name() == s).ok_or_else(|| {
            let names: Vec<&str> = SamplerKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown sampler '{s}' (expected {})", names.join(" or "))
        })
    }
}
