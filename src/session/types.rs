use crate::cover::Engine;
use crate::geometry::BinaryMatrix;
use crate::geometry::TouchRule;
use crate::qubo::PinMode;
use crate::solve::{AnnealParams, Solver, TabuParams};
use fleetscope_run::setup::{Setup, check_name};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Version written into every session file. Bump it (and add a migration in
/// `io.rs`) when a change is not covered by `#[serde(default)]` fields.
pub const FORMAT_VERSION: u32 = 2;

/// Settings of the Boards room that are worth keeping with the work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardsSettings {
    /// Seed of the last "Random fleet", shown so a layout can be reproduced.
    pub random_seed: u64,
    /// Draw row and column sums along the edges of square boards.
    pub show_xray: bool,
}

impl Default for BoardsSettings {
    fn default() -> Self {
        BoardsSettings {
            random_seed: 1,
            show_xray: true,
        }
    }
}

/// Settings of the Counter room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CounterSettings {
    pub engine: Engine,
    /// Worker threads, 0 = all cores.
    pub threads: usize,
    /// A touch rule for this room's counts in place of the setup's (None: the setup's).
    pub touch_override: Option<TouchRule>,
    /// Version-1 sessions kept the touch rule here; read only to give it to the setups.
    #[serde(rename = "rule", skip_serializing)]
    pub legacy_rule: TouchRule,
    /// The strategy lab's settings.
    pub lab: LabSettings,
    /// The Play tab's choices.
    pub play: PlaySettings,
}

/// The Play tab's choices (Counter room), kept with the session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct PlaySettings {
    /// The seed of the next fleet the computer hides (and of a computer's hunt).
    pub seed: u64,
    /// Show the exact map while you hunt.
    pub peek: bool,
}

/// The strategy lab (Counter room, Strategies tab).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LabSettings {
    pub strategies: Vec<crate::hunting::StrategyKind>,
    /// Games per strategy.
    pub games: usize,
    pub seed: u64,
    /// Hunt the slowest fleets for the exact player among this many random ones (none: random fleets).
    pub adversarial_pool: Option<usize>,
}

impl Default for LabSettings {
    fn default() -> Self {
        LabSettings {
            strategies: crate::hunting::StrategyKind::ALL.to_vec(),
            games: 20,
            seed: 1,
            adversarial_pool: None,
        }
    }
}

impl LabSettings {
    pub fn validate(&self) -> Result<(), String> {
        let max = crate::hunting::MAX_GAMES;
        if !(1..=max).contains(&self.games) {
            return Err(format!("lab games must be 1 to {max}, not {}", self.games));
        }
        if let Some(k) = self
            .strategies
            .iter()
            .enumerate()
            .find_map(|(i, k)| self.strategies[..i].contains(k).then_some(k))
        {
            return Err(format!("lab strategies name {k:?} twice"));
        }
        if let Some(pool) = self.adversarial_pool
            && !(self.games..=max).contains(&pool)
        {
            return Err(format!(
                "the adversarial pool must hold {} to {max} fleets, not {pool}",
                self.games
            ));
        }
        Ok(())
    }
}

/// What the Tomography room studies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TomographySubject {
    /// The active setup's placed fleet.
    #[default]
    Fleet,
    /// The binary image of the image editor.
    Image,
}

/// Settings and the image of the Tomography room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TomographySettings {
    pub subject: TomographySubject,
    /// The image editor's picture (lines of `#` and `.`).
    pub image: BinaryMatrix,
    /// Interchanges from the current matrix in "walk within k".
    pub walk_k: usize,
    /// A touch rule for fleets sharing an X-ray, subreflections and the gallery in
    /// place of the setup's (None: the setup's).
    pub touch_override: Option<TouchRule>,
    /// Version-1 sessions kept this room's touch rule here; read only to migrate it.
    #[serde(rename = "rule", skip_serializing)]
    pub legacy_rule: TouchRule,
    pub stealth_iterations: u64,
    pub stealth_seed: u64,
}

impl TomographySettings {
    /// The walk's k and the stealth search's moves within what the room and
    /// the command line take.
    pub fn validate(&self) -> Result<(), String> {
        use crate::tomography::{MAX_STEALTH_MOVES, MAX_WALK_K};
        if !(1..=MAX_WALK_K).contains(&self.walk_k) {
            return Err(format!("walk_k must be 1 to {MAX_WALK_K}, not {}", self.walk_k));
        }
        if !(1..=MAX_STEALTH_MOVES).contains(&self.stealth_iterations) {
            return Err(format!(
                "stealth_iterations must be 1 to {MAX_STEALTH_MOVES}, not {}",
                self.stealth_iterations
            ));
        }
        Ok(())
    }
}

impl Default for TomographySettings {
    fn default() -> Self {
        TomographySettings {
            subject: TomographySubject::Fleet,
            image: crate::tomography::heart(),
            walk_k: 3,
            touch_override: None,
            legacy_rule: TouchRule::MayTouch,
            stealth_iterations: 3000,
            stealth_seed: 1,
        }
    }
}

/// What the Solver room builds its model from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SolverSource {
    /// The active setup's placed fleet.
    #[default]
    Fleet,
    /// The Tomography room's image, with the pins painted in the Solver room.
    Image,
    /// Row and column sums typed in.
    Sums,
    /// A model file (COO or qbsolv).
    File,
    /// The Puzzles room's open puzzle.
    Puzzle,
}

/// The Puzzles room's puzzles, one of them open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleShelf {
    pub puzzles: Vec<NamedPuzzle>,
    /// Index of the open puzzle (ignored when the shelf is empty).
    pub active: usize,
    /// Remove every cell the rules force before sampling (Solver room).
    pub eliminate_forced: bool,
}

/// A puzzle with the name the Puzzles room lists it under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedPuzzle {
    pub name: String,
    pub puzzle: crate::puzzle::Puzzle,
}

/// Puzzles of this project a new session starts with (`puzzles/`).
const EXAMPLE_PUZZLES: &[(&str, &str)] = &[
    (
        "Rullo (article example)",
        include_str!("../../puzzles/rullo-article.txt"),
    ),
    ("LinkedIn Queens 1", include_str!("../../puzzles/linkedin-queens-1.txt")),
    ("8 queens", include_str!("../../puzzles/n-queens-8.txt")),
    ("Star Battle 8×8", include_str!("../../puzzles/star-battle-8.txt")),
    ("Tents 6×6", include_str!("../../puzzles/tents-6.txt")),
    ("Takuzu 6×6", include_str!("../../puzzles/takuzu-6.txt")),
    ("Tango 6×6", include_str!("../../puzzles/tango-6.txt")),
    ("Max chess 5×5", include_str!("../../puzzles/chess-max-5.txt")),
    ("Coloured chess 4×4", include_str!("../../puzzles/chess-coloured-4.txt")),
    (
        "Battleship (CSP report)",
        include_str!("../../puzzles/battleship-csp-report.txt"),
    ),
];

impl Default for PuzzleShelf {
    fn default() -> Self {
        let puzzles = EXAMPLE_PUZZLES
            .iter()
            .map(|(name, text)| NamedPuzzle {
                name: (*name).into(),
                puzzle: crate::puzzle::Puzzle::parse(text).expect("the example puzzles parse (tested)"),
            })
            .collect();
        PuzzleShelf {
            puzzles,
            active: 0,
            eliminate_forced: false,
        }
    }
}

impl PuzzleShelf {
    /// Most puzzles one session keeps.
    pub const MAX_PUZZLES: usize = 1000;
    /// Most cells of all puzzles together (checking a 64×64 puzzle on load takes
    /// a tenth of a second; this keeps a load under a few seconds).
    pub const MAX_TOTAL_CELLS: usize = 100_000;

    pub fn current(&self) -> Option<&NamedPuzzle> {
        self.puzzles.get(self.active)
    }

    pub fn validate(&self) -> Result<(), String> {
        if self.puzzles.len() > Self::MAX_PUZZLES {
            return Err(format!("{} puzzles: at most {}", self.puzzles.len(), Self::MAX_PUZZLES));
        }
        let mut cells = 0usize;
        for (i, p) in self.puzzles.iter().enumerate() {
            check_name(&format!("puzzle {}'s name", i + 1), &p.name)?;
            let (r, c) = p.puzzle.size();
            // Sizes first (a board of billions of cells is refused before any work).
            crate::puzzle::model::check_board_size(r, c)
                .map_err(|e| format!("puzzle {} ('{}'): {e}", i + 1, p.name))?;
            cells += r * c;
            if cells > Self::MAX_TOTAL_CELLS {
                return Err(format!(
                    "puzzle {} ('{}'): the puzzles up to here have {cells} cells together, at most {}",
                    i + 1,
                    p.name,
                    Self::MAX_TOTAL_CELLS
                ));
            }
        }
        for (i, p) in self.puzzles.iter().enumerate() {
            p.puzzle
                .validate()
                .map_err(|e| format!("puzzle {} ('{}'): {e}", i + 1, p.name))?;
        }
        Ok(())
    }
}

/// Which sampler the Solver room runs (saved by name: "Anneal", "Tabu").
pub use crate::solve::SamplerKind;

/// Settings of the Solver room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverSettings {
    pub source: SolverSource,
    /// Given sums (comma separated) and ship lengths for the `Sums` source.
    pub rows: String,
    pub cols: String,
    pub ships: String,
    pub file: Option<std::path::PathBuf>,
    pub epsilon: f64,
    /// Known cells of the image (row, col from 0) and their value.
    pub pins: Vec<((usize, usize), bool)>,
    /// Use the active setup's hunt shots as known cells (fleet source).
    pub shots_as_pins: bool,
    /// What counts as a fleet in place of the setup's touch rule (typed sums:
    /// may-touch when none).
    pub touch_override: Option<TouchRule>,
    pub pin_mode: PinMode,
    pub sampler: SamplerKind,
    pub anneal: AnnealParams,
    pub tabu: TabuParams,
    /// Settings of samplers other than these two (one per kind at most).
    pub other_samplers: Vec<crate::solve::Solver>,
    pub reads: usize,
    pub seed: u64,
    pub threads: usize,
    pub keep: usize,
    /// Seconds; none = no limit.
    pub time_limit: Option<f64>,
    /// Stop at the first returned state that is a success (a fleet, a solution).
    pub until_success: bool,
    /// Figure 8: instances, SA reads and tabu restarts on the x axis.
    pub experiment_fleets: usize,
    pub experiment_reads: String,
    pub experiment_restarts: String,
    /// The ε sweep's values.
    pub experiment_epsilons: String,
    /// The Hardware tab: target graph, embedding and simulation settings.
    pub hardware: HardwareSettings,
}

/// The Solver room's Hardware tab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HardwareSettings {
    /// `pegasus:16`, `zephyr:15`, `chimera:16`, …
    pub target: String,
    /// auto, heuristic or clique.
    pub method: String,
    pub seed: u64,
    /// Fresh starts of the heuristic.
    pub tries: usize,
    /// Seconds the embedder may take; none = no limit.
    pub time_limit: Option<f64>,
    /// Simulated annealing reads per chain strength.
    pub reads: usize,
    /// Chain strengths (numbers, or multiples of the default such as 2x); empty: 0.25x to 4x.
    pub strengths: String,
    /// The last embedding found or imported, kept with the session.
    pub embedding: Option<SavedEmbedding>,
}

/// An embedding kept in a session: the graph it is on and each variable's qubits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedEmbedding {
    /// `pegasus:16`, …
    pub target: String,
    pub chains: Vec<Vec<u32>>,
}

/// Most qubits a saved embedding may hold (Zephyr Z32 has fewer).
pub const MAX_SAVED_QUBITS: usize = 100_000;

impl Default for HardwareSettings {
    fn default() -> Self {
        HardwareSettings {
            target: "pegasus:16".into(),
            method: "auto".into(),
            seed: 1,
            tries: 10,
            time_limit: Some(60.0),
            reads: fleetscope_run::limits::DEFAULT_HARDWARE_READS,
            strengths: String::new(),
            embedding: None,
        }
    }
}

impl HardwareSettings {
    pub fn validate(&self) -> Result<(), String> {
        crate::hardware::Family::parse(&self.target).map_err(|e| format!("hardware target: {e}"))?;
        crate::hardware::EmbedMethod::parse(&self.method).map_err(|e| format!("hardware method: {e}"))?;
        if !(1..=fleetscope_run::limits::MAX_TRIES).contains(&self.tries) {
            return Err(format!(
                "hardware tries must be 1 to {}, not {}",
                fleetscope_run::limits::MAX_TRIES,
                self.tries
            ));
        }
        fleetscope_run::limits::time_limit(self.time_limit).map_err(|e| format!("hardware: {e}"))?;
        if !(1..=fleetscope_run::limits::MAX_HARDWARE_READS).contains(&self.reads) {
            return Err(format!(
                "hardware reads must be 1 to {}, not {}",
                fleetscope_run::limits::MAX_HARDWARE_READS,
                self.reads
            ));
        }
        if let Some(e) = &self.embedding {
            let family = crate::hardware::Family::parse(&e.target).map_err(|why| format!("saved embedding: {why}"))?;
            let qubits: usize = e.chains.iter().map(Vec::len).sum();
            if qubits > MAX_SAVED_QUBITS || e.chains.len() > crate::hardware::embed::MAX_VARIABLES {
                return Err(format!(
                    "the saved embedding holds {qubits} qubits for {} variables: at most {MAX_SAVED_QUBITS} qubits",
                    e.chains.len()
                ));
            }
            crate::hardware::embed::check_chains(&e.chains, family).map_err(|why| format!("saved embedding: {why}"))?;
        }
        if self.strengths.chars().count() > SolverSettings::MAX_TEXT {
            return Err(format!(
                "hardware strengths are longer than {} characters",
                SolverSettings::MAX_TEXT
            ));
        }
        // As the Hardware tab reads them (multiples of the model's default
        // strength, here of 1: the checks are on the numbers).
        crate::study::hardware::parse_strengths(&self.strengths, 1.0)
            .map_err(|e| format!("hardware strengths: {e}"))?;
        Ok(())
    }
}

/// Each sampler's settings. A session keeps SA's and tabu's in fields of their
/// own (as files have always had them) and any other's in `other_samplers`;
/// these are the only functions that know it.
impl SolverSettings {
    /// The settings of `kind` (its defaults when the session has none).
    pub fn settings_of(&self, kind: SamplerKind) -> Solver {
        match kind {
            SamplerKind::Anneal => Solver::Anneal(self.anneal.clone()),
            SamplerKind::Tabu => Solver::Tabu(self.tabu.clone()),
            #[allow(unreachable_patterns)] // a sampler added to the list
            _ => self
                .other_samplers
                .iter()
                .find(|s| s.kind() == kind)
                .cloned()
                .unwrap_or_else(|| kind.default_solver()),
        }
    }

    /// Stores the settings of their sampler, in place of what it had.
    pub fn set_settings(&mut self, settings: Solver) {
        match settings {
            Solver::Anneal(p) => self.anneal = p,
            Solver::Tabu(p) => self.tabu = p,
            #[allow(unreachable_patterns)] // a sampler added to the list
            other => match self.other_samplers.iter_mut().find(|s| s.kind() == other.kind()) {
                Some(slot) => *slot = other,
                None => self.other_samplers.push(other),
            },
        }
    }

    /// Every sampler's settings, in [`SamplerKind::ALL`] order.
    pub fn all_settings(&self) -> Vec<Solver> {
        SamplerKind::ALL.iter().map(|&k| self.settings_of(k)).collect()
    }

    /// Every sampler's settings the session holds, as it holds them.
    fn stored_settings(&self) -> impl Iterator<Item = Solver> + '_ {
        [Solver::Anneal(self.anneal.clone()), Solver::Tabu(self.tabu.clone())]
            .into_iter()
            .chain(self.other_samplers.iter().cloned())
    }
}

impl SolverSettings {
    /// Most characters of a typed list (sums, ship lengths, experiment values).
    pub const MAX_TEXT: usize = 100_000;
    /// Most results a run keeps to show.
    pub const MAX_KEEP: usize = 1000;

    /// Checks what a session file could get wrong (the room's fields keep
    /// their values in range; a file may hold anything, NaN included).
    pub fn validate(&self) -> Result<(), String> {
        crate::qubo::check_weights(self.epsilon, self.pin_mode)?;
        // Pins are cells of a picture, which has at most MAX_SIDE rows and columns.
        let side = crate::geometry::MAX_SIDE;
        if self.pins.len() > side * side {
            return Err(format!("{} known cells: at most {}", self.pins.len(), side * side));
        }
        if let Some(((r, c), _)) = self.pins.iter().find(|((r, c), _)| *r >= side || *c >= side) {
            // Counted from 1 in u128: row 2^64 - 1 from 0 is row 2^64.
            return Err(format!(
                "known cell (row {}, col {}) is off every picture (at most {side}×{side})",
                *r as u128 + 1,
                *c as u128 + 1
            ));
        }
        for (what, text) in [
            ("rows", &self.rows),
            ("cols", &self.cols),
            ("ships", &self.ships),
            ("experiment_reads", &self.experiment_reads),
            ("experiment_restarts", &self.experiment_restarts),
            ("experiment_epsilons", &self.experiment_epsilons),
        ] {
            if text.chars().count() > Self::MAX_TEXT {
                return Err(format!("`{what}` is longer than {} characters", Self::MAX_TEXT));
            }
        }
        // Every sampler's settings the file holds, also those no kind reads.
        for solver in self.stored_settings() {
            solver
                .sampler()
                .check()
                .map_err(|e| format!("{}: {e}", solver.name()))?;
        }
        if !(1..=crate::solve::MAX_READS).contains(&self.reads) {
            return Err(format!(
                "reads must be 1 to {}, not {}",
                crate::solve::MAX_READS,
                self.reads
            ));
        }
        if self.threads > crate::run::max_threads() {
            return Err(format!(
                "{} threads: at most {} on this machine",
                self.threads,
                crate::run::max_threads()
            ));
        }
        if !(1..=Self::MAX_KEEP).contains(&self.keep) {
            return Err(format!("keep must be 1 to {}, not {}", Self::MAX_KEEP, self.keep));
        }
        fleetscope_run::limits::time_limit(self.time_limit)?;
        self.hardware.validate()?;
        if !(1..=fleetscope_run::limits::MAX_EXPERIMENT_FLEETS).contains(&self.experiment_fleets) {
            return Err(format!(
                "experiment_fleets must be 1 to {}, not {}",
                fleetscope_run::limits::MAX_EXPERIMENT_FLEETS,
                self.experiment_fleets
            ));
        }
        Ok(())
    }
}

impl Default for SolverSettings {
    fn default() -> Self {
        SolverSettings {
            source: SolverSource::Fleet,
            rows: "2,3".into(),
            cols: "1,1,1,1,1".into(),
            ships: "2,3".into(),
            file: None,
            epsilon: crate::qubo::DEFAULT_EPSILON,
            pins: Vec::new(),
            shots_as_pins: false,
            until_success: false,
            touch_override: None,
            pin_mode: PinMode::default(),
            sampler: SamplerKind::Anneal,
            anneal: AnnealParams::default(),
            tabu: TabuParams::default(),
            other_samplers: Vec::new(),
            reads: 200,
            seed: 1,
            threads: 0,
            keep: 20,
            time_limit: None,
            experiment_fleets: 50,
            experiment_reads: "1,10,100,1000".into(),
            experiment_restarts: "1,10,100".into(),
            experiment_epsilons: "0.001,0.005,0.02,0.05".into(),
            hardware: HardwareSettings::default(),
        }
    }
}

/// Which room and which tab in each room were open. Restored on open; moving
/// between rooms is not an unsaved change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ViewState {
    /// Room id (`boards`, `counter`, …); empty = the first room.
    pub room: String,
    /// Open tab per room id.
    pub tabs: BTreeMap<String, String>,
}

/// Everything saved in one session file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Session {
    pub version: u32,
    pub setups: Vec<Setup>,
    /// Index of the setup the rooms work on.
    #[serde(default)]
    pub active: usize,
    #[serde(default)]
    pub boards: BoardsSettings,
    #[serde(default)]
    pub counter: CounterSettings,
    #[serde(default)]
    pub tomography: TomographySettings,
    #[serde(default)]
    pub solver: SolverSettings,
    #[serde(default)]
    pub puzzles: PuzzleShelf,
    #[serde(default)]
    pub view: ViewState,
}

impl Session {
    /// A session holding one setup.
    pub fn with_setup(setup: Setup) -> Session {
        Session {
            version: FORMAT_VERSION,
            setups: vec![setup],
            active: 0,
            boards: BoardsSettings::default(),
            counter: CounterSettings::default(),
            tomography: TomographySettings::default(),
            solver: SolverSettings::default(),
            puzzles: PuzzleShelf::default(),
            view: ViewState::default(),
        }
    }

    pub fn setup(&self) -> &Setup {
        &self.setups[self.active]
    }

    pub fn setup_mut(&mut self) -> &mut Setup {
        &mut self.setups[self.active]
    }

    /// `name`, or `name (2)`, `name (3)`, … whichever no setup (but `except`) has yet.
    pub fn unique_name(&self, name: &str, except: Option<usize>) -> String {
        let taken = |n: &str| {
            self.setups
                .iter()
                .enumerate()
                .any(|(i, s)| s.name == n && Some(i) != except)
        };
        if !taken(name) {
            return name.to_string();
        }
        (2..)
            .map(|k| format!("{name} ({k})"))
            .find(|n| !taken(n))
            .expect("some number is free")
    }

    /// Adds a setup under a name no other setup has; returns its index.
    pub fn add_setup(&mut self, mut setup: Setup) -> usize {
        setup.name = self.unique_name(&setup.name, None);
        self.setups.push(setup);
        self.setups.len() - 1
    }

    /// Checks everything a loaded file could get wrong; the message names the setup and field.
    pub fn validate(&self) -> Result<(), String> {
        if self.setups.is_empty() {
            return Err("`setups` is empty: a session needs at least one setup".into());
        }
        if self.active >= self.setups.len() {
            return Err(format!(
                "`active` is {} but there {} only {}",
                self.active,
                if self.setups.len() == 1 { "is" } else { "are" },
                crate::quote::count(self.setups.len() as u128, "setup", "setups")
            ));
        }
        for (i, s) in self.setups.iter().enumerate() {
            s.validate()
                .map_err(|e| format!("setup {} ('{}'): {e}", i + 1, crate::quote::excerpt(&s.name)))?;
        }
        self.solver.validate().map_err(|e| format!("solver: {e}"))?;
        self.tomography.validate().map_err(|e| format!("tomography: {e}"))?;
        self.counter.lab.validate().map_err(|e| format!("counter: {e}"))?;
        if self.counter.threads > crate::run::max_threads() {
            return Err(format!(
                "counter: {} threads, at most {} on this machine",
                self.counter.threads,
                crate::run::max_threads()
            ));
        }
        self.puzzles.validate().map_err(|e| format!("puzzles: {e}"))
    }
}
