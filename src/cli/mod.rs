//! The command line: the same engines as the app, headless.

mod anneal_bench;
mod count;
mod cputime;
mod embed_bench;
mod generate_bench;
mod grade_bench;
mod hardware;
mod hunt;
mod interrupt;
mod output;
mod parse;
mod progress;
mod puzzle;
mod puzzle_bench;
mod puzzle_explain;
mod puzzle_generate;
mod puzzle_setter;
mod repair_bench;
mod rules;
mod sampler_flags;
mod sequence;
mod show;
mod solve;
mod strategy_bench;
mod xray;

use clap::{Parser, Subcommand};
pub use parse::{command, one_line, parse, report as report_parse_error};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "fleetscope", version = crate::VERSION, about = "A lab for Battleship-style fleets. Without a subcommand the app window opens.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open this session file in the app.
    #[arg(long, value_name = "FILE")]
    pub open: Option<std::path::PathBuf>,
    /// Make this setup (1-based) of the opened session the active one.
    #[arg(long, value_name = "N", requires = "open")]
    pub setup: Option<usize>,
    /// The room the app opens in (boards, counter, tomography, …).
    #[arg(long, value_name = "ROOM")]
    pub room: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the presets shipped with the app.
    Presets,
    /// Print a board and fleet as text: a preset key or a session file (.ron).
    Show {
        /// Preset key (see `fleetscope presets`) or path to a session file.
        source: String,
    },
    /// Count every deployment of a fleet (a preset or a session's active setup).
    Count {
        source: String,
        #[arg(long, default_value = "auto", help = count::engine_help())]
        engine: String,
        /// Worker threads (0 = all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[command(flatten)]
        rule: rules::RuleArgs,
        /// Count on every n×n board for n in A..B (or A..=B), one line each, the
        /// fleet and rule of the source (hex fleets: hexagons of radius n).
        #[arg(long, value_name = "A..B")]
        sizes: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Tomography: X-rays, |U(r,c)|, fleets sharing an X-ray, Ryser walks, statistics.
    Xray {
        #[command(subcommand)]
        what: XrayCommand,
    },
    /// Sample a QUBO (X-ray model of a fleet, image or given sums, or a model
    /// file) with simulated annealing or tabu search; judge the answers exactly.
    Solve {
        #[command(flatten)]
        model: solve::ModelArgs,
        /// sa (simulated annealing) or tabu (tabu search with MST2 restarts);
        /// default sa, with --until-fleet tabu.
        #[arg(long)]
        solver: Option<String>,
        #[command(flatten)]
        sampler: solve::SamplerArgs,
        /// Also search up to DEPTH Ryser interchanges from a returned state with the
        /// right sums for a fleet (reported apart from the sampler's own success).
        #[arg(long, value_name = "DEPTH", num_args = 0..=1, default_missing_value = "3")]
        repair: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// Grid puzzles of the QUBO papers (Rullo, Queens, Star Battle, Tents,
    /// chess pieces, Takuzu/Tango, Battleship): solve exactly or by sampling,
    /// check an answer, export the QUBO.
    Puzzle {
        #[command(subcommand)]
        what: puzzle::PuzzleCommand,
    },
    /// QUBO models: export for D-Wave's tools, statistics.
    Qubo {
        #[command(subcommand)]
        what: QuboCommand,
    },
    /// Benchmarks: median CPU and wall seconds over several runs.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
    /// Write a new session file made of presets or other sessions' active setups.
    NewSession {
        /// Where to write the session (a file already there only with --force).
        out: std::path::PathBuf,
        /// Preset keys or session files, one setup each.
        #[arg(required = true)]
        sources: Vec<String>,
        /// Place every fleet at random with this seed (seed + i for the i-th setup).
        #[arg(long)]
        random: Option<u64>,
        /// Overwrite `out` if it exists.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum XrayCommand {
    /// The X-ray of a setup's placed fleet, |U(r,c)| and the fleets that share it.
    Of {
        source: String,
        #[command(flatten)]
        rule: rules::RuleArgs,
        #[arg(long)]
        json: bool,
    },
    /// |U(r,c)|: the number of binary matrices with these sums.
    CountU {
        /// Row sums, comma separated.
        #[arg(long)]
        rows: String,
        /// Column sums, comma separated.
        #[arg(long)]
        cols: String,
        #[arg(long)]
        json: bool,
    },
    /// Fleets of straight ships with these row and column sums: count and list.
    Fleets {
        #[arg(long)]
        rows: String,
        #[arg(long)]
        cols: String,
        /// Ship lengths, comma separated.
        #[arg(long, default_value = "5,4,3,3,2")]
        ships: String,
        /// How many fleet matrices to print.
        #[arg(long, default_value_t = 0)]
        list: usize,
        #[command(flatten)]
        rule: rules::RuleArgs,
        #[arg(long)]
        json: bool,
    },
    /// Stealth search: fleets on a setup's board whose X-ray many fleets share.
    Stealth {
        /// Preset key or session file (its board and fleet are used).
        #[arg(default_value = "classic")]
        source: String,
        /// Ship moves to try (one exact count each).
        #[arg(long, default_value_t = 3000)]
        moves: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many of the best fleets to print.
        #[arg(long, default_value_t = 3)]
        keep: usize,
        #[command(flatten)]
        rule: rules::RuleArgs,
        #[arg(long)]
        json: bool,
    },
    /// Every matrix with these sums, sorted by ‖ΔA‖², fleets marked (defaults: the paper's Figure 3).
    All {
        #[arg(long, default_value = "2,3")]
        rows: String,
        #[arg(long, default_value = "1,1,1,1,1")]
        cols: String,
        /// Ship lengths, comma separated.
        #[arg(long, default_value = "2,3")]
        ships: String,
        /// Refuse when |U(r,c)| is larger than this.
        #[arg(long, default_value_t = 100_000)]
        limit: usize,
        #[arg(long)]
        json: bool,
    },
    /// Every matrix within k Ryser interchanges of a setup's fleet: ‖ΔA‖² histogram.
    Walk {
        source: String,
        #[arg(long, default_value_t = 4)]
        k: usize,
        /// Print the histogram as CSV (energy,matrices).
        #[arg(long)]
        csv: bool,
        #[arg(long)]
        json: bool,
    },
    /// |U| and fleets per X-ray over N random classic fleets (the paper's Figure 7).
    Stats {
        #[arg(long, default_value_t = 10_000)]
        n: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum QuboCommand {
    /// Write the model as COO (dimod), qbsolv's .qubo or dimod's binary BQM.
    Export {
        #[command(flatten)]
        model: solve::ModelArgs,
        /// coo, qubo or bqm (dimod's lossless binary: offset and full precision kept).
        #[arg(long, default_value = "coo")]
        format: String,
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: std::path::PathBuf,
        /// Write the embedded problem instead (with --format bqm): the model on
        /// the chains of this embedding (minorminer's JSON), labelled by qubit.
        #[arg(long, value_name = "FILE")]
        embedding: Option<std::path::PathBuf>,
        /// The qubit graph of --embedding.
        #[arg(long, default_value = "pegasus:16")]
        target: String,
        /// With --embedding: a number, or a multiple of D-Wave's default such
        /// as 2x (default: D-Wave's default, uniform torque compensation).
        #[arg(long, allow_hyphen_values = true)]
        chain_strength: Option<String>,
        /// Overwrite `--out` if it is already there.
        #[arg(long)]
        force: bool,
    },
    /// Will the embedded model run well? The precision verdict of the logical
    /// and the embedded problem, and the embedded problem sampled by simulated
    /// annealing at each chain strength: chain breaks (majority vote), success
    /// of the unembedded answers, their energies.
    Hardware {
        #[command(flatten)]
        model: solve::ModelArgs,
        /// The embedding (minorminer's JSON, as `qubo embed -o` writes it).
        #[arg(long, value_name = "FILE")]
        embedding: std::path::PathBuf,
        /// The qubit graph the embedding is on.
        #[arg(long, default_value = "pegasus:16")]
        target: String,
        /// One chain strength: a number, or a multiple of D-Wave's default such as 1.5x.
        #[arg(long, allow_hyphen_values = true)]
        chain_strength: Option<String>,
        /// Chain strengths, comma separated (numbers, or multiples such as
        /// 0.5x,1x,2x); default 0.25x to 4x of D-Wave's default.
        #[arg(long, allow_hyphen_values = true)]
        sweep: Option<String>,
        /// Simulated annealing reads per chain strength.
        #[arg(long, default_value_t = crate::study::hardware::DEFAULT_HARDWARE_READS)]
        reads: usize,
        #[arg(long, default_value_t = 1000)]
        sweeps: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Coefficients below this share of their range are lost (default 1 %).
        #[arg(long, default_value_t = crate::hardware::DEFAULT_PRECISION)]
        precision: f64,
        #[arg(long)]
        json: bool,
    },
    /// Variables, couplers, density, coefficient range.
    Stats {
        #[command(flatten)]
        model: solve::ModelArgs,
        #[arg(long)]
        json: bool,
    },
    /// Embed the model's interaction graph into a D-Wave qubit graph (chains of
    /// qubits, Cai–Macready–Roy heuristic): qubits used, chain lengths;
    /// -o writes the embedding as JSON (variable -> list of qubits, minorminer's layout).
    Embed {
        #[command(flatten)]
        model: solve::ModelArgs,
        /// chimera:M[,N,T], pegasus:M or zephyr:M[,T].
        #[arg(long, default_value = "pegasus:16")]
        target: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// auto (the clique embedding for models with ≥ 10 % of pairs coupled,
        /// else the heuristic), heuristic (Cai–Macready–Roy) or clique.
        #[arg(long, default_value = "auto")]
        method: String,
        /// Fresh starts before giving up (heuristic).
        #[arg(long, default_value_t = 10)]
        tries: usize,
        /// Seconds; the search stops with the best valid embedding found so far.
        #[arg(long, allow_negative_numbers = true)]
        time_limit: Option<f64>,
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Overwrite `--out` if it is already there.
        #[arg(long, requires = "out")]
        force: bool,
        #[arg(long)]
        json: bool,
    },
    /// A D-Wave qubit graph: its qubits, couplers and degree (--json: every
    /// qubit and coupler, with dwave-networkx's labels).
    Graph {
        /// chimera:M[,N,T], pegasus:M or zephyr:M[,T], e.g. pegasus:16, zephyr:15.
        target: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// The paper's Figure 8: success of SA (against reads) and tabu (against
    /// restarts) over random classic fleets, CPU seconds, TTS99, SA flip rate.
    Anneal {
        #[arg(long, default_value_t = 100)]
        fleets: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// SA reads per instance, comma separated.
        #[arg(long, default_value = "10,100,1000")]
        reads: String,
        /// Tabu restarts per instance, comma separated.
        #[arg(long, default_value = "1,10,100")]
        restarts: String,
        #[arg(long, default_value_t = 1000)]
        sweeps: usize,
        /// Only write the instances (COO files and instances.jsonl) to DIR, for bench/dwave.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["reads", "restarts", "sweeps", "until_fleet", "json"])]
        export: Option<std::path::PathBuf>,
        /// With --export: overwrite the files of an earlier export in DIR.
        #[arg(long, requires = "export")]
        force: bool,
        /// Only measure a tabu read that stops at the first fleet, with at most
        /// RESTARTS restarts, on each instance (share found, median CPU s).
        #[arg(long, value_name = "RESTARTS", conflicts_with_all = ["reads", "restarts", "sweeps"])]
        until_fleet: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// Time the counting engines on the presets.
    Count {
        /// Runs timed (1 to 1,000); the median is reported.
        #[arg(long, default_value_t = 5, value_parser = cputime::runs)]
        runs: usize,
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Also time the DLX engines and the large boards (minutes each run).
        #[arg(long)]
        dlx: bool,
    },
    /// Time the tomography tasks (|U|, fleets per X-ray, a 4-interchange walk).
    Xray {
        /// Runs timed (1 to 1,000); the median is reported.
        #[arg(long, default_value_t = 5, value_parser = cputime::runs)]
        runs: usize,
    },
    /// Exact hunt maps after each shot (scripted games against random fleets, one
    /// thread): median and worst CPU seconds per map, and shots to sink the fleet.
    Hunt {
        /// Preset keys, comma separated.
        #[arg(long, visible_alias = "board", default_value = "classic,hex2008-blue,hex2008-green")]
        boards: String,
        /// Play the strategy lab instead: `all` or a list of the strategies' keys
        /// (every strategy against the same fleets).
        #[arg(long, help = strategy_bench::strategies_help())]
        strategies: Option<String>,
        /// With --strategies: hunt the --games fleets the exact player needs longest
        /// for among POOL random ones (each then hardened by 20 single-ship moves).
        #[arg(long, value_name = "POOL")]
        adversarial: Option<usize>,
        /// With --strategies: worker threads (0 = every core, the default); never
        /// changes the result.
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long)]
        json: bool,
        /// Games per board (random fleets from --seed on).
        #[arg(long, default_value_t = 1)]
        games: usize,
        /// Stop a game after this many shots (the player shoots until the fleet is
        /// sunk). Not with --strategies (its players shoot until the fleet is sunk).
        #[arg(long, default_value_t = 200, conflicts_with = "strategies")]
        shots: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "auto", conflicts_with = "strategies", help = count::hunt_engine_help())]
        engine: String,
        /// Print the shots before every map slower than 0.05 CPU-s (to find the slow positions).
        #[arg(long, conflicts_with = "strategies")]
        list_slow: bool,
        /// Make every map this many times and take the median of its CPU seconds
        /// (a steadier figure on a loaded machine; not with --strategies).
        #[arg(long, default_value_t = 1, conflicts_with = "strategies")]
        repeats: usize,
    },
    /// Every puzzle data set in DIR (data not shipped) through the exact solvers and
    /// the pure QUBO samplers, and the N-queens time to 99 % success.
    Puzzles(puzzle_bench::PuzzleBench),
    /// Minor embeddings onto D-Wave's graphs (one thread): the X-ray QUBO of random
    /// classic fleets, the example puzzles' QUBOs and random sparse graphs; share
    /// embedded, qubits, chain lengths, CPU seconds (--export for bench/dwave/embed.py).
    Embed(embed_bench::EmbedBench),
}

/// Exit code for bad input (unknown names, unreadable files).
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs a subcommand, printing results to stdout and a one-line reason to stderr on failure.
pub fn run(command: Command) -> ExitCode {
    // Ctrl+C is answered by every command: "cancelled" and exit code 2.
    interrupt::ctrl_c_flag();
    let result = match command {
        Command::Presets => {
            print!("{}", show::presets_table());
            Ok(())
        }
        Command::Show { source } => show::show(&source).map(|text| print!("{text}")),
        Command::Count {
            source,
            engine,
            threads,
            rule,
            sizes,
            json,
        } => match sizes {
            Some(sizes) => sequence::count_sizes(&source, &sizes, &engine, &rule, json),
            None => count::count(&source, &engine, threads, &rule, json),
        },
        Command::Bench {
            what: BenchCommand::Count { runs, threads, dlx },
        } => count::bench(runs, threads, dlx),
        Command::Xray { what } => match what {
            XrayCommand::Of { source, rule, json } => xray::of(&source, &rule, json),
            XrayCommand::CountU { rows, cols, json } => xray::count_u(&rows, &cols, json),
            XrayCommand::Fleets {
                rows,
                cols,
                ships,
                list,
                rule,
                json,
            } => xray::fleets(&rows, &cols, &ships, list, &rule, json),
            XrayCommand::Stealth {
                source,
                moves,
                seed,
                keep,
                rule,
                json,
            } => xray::stealth(&source, moves, seed, keep, &rule, json),
            XrayCommand::All {
                rows,
                cols,
                ships,
                limit,
                json,
            } => xray::all(&rows, &cols, &ships, limit, json),
            XrayCommand::Walk { source, k, csv, json } => xray::walk_cmd(&source, k, csv, json),
            XrayCommand::Stats { n, seed, json } => xray::stats(n, seed, json),
        },
        Command::Bench {
            what: BenchCommand::Xray { runs },
        } => xray::bench(runs),
        Command::Bench {
            what:
                BenchCommand::Hunt {
                    boards,
                    strategies,
                    adversarial,
                    threads,
                    json,
                    games,
                    shots,
                    seed,
                    engine,
                    list_slow,
                    repeats,
                },
        } => match strategies {
            Some(strategies) => strategy_bench::bench(&strategy_bench::StrategyBench {
                boards,
                strategies,
                games,
                seed,
                adversarial,
                threads: threads.unwrap_or(0),
                json,
            }),
            None => match [
                ("--adversarial", adversarial.is_some()),
                ("--threads", threads.is_some()),
                ("--json", json),
            ]
            .into_iter()
            .find_map(|(flag, given)| given.then_some(flag))
            {
                Some(flag) => Err(format!("{flag} goes with --strategies")),
                None => hunt::bench_hunt(&boards, games, shots, seed, &engine, list_slow, repeats),
            },
        },
        Command::Bench {
            what: BenchCommand::Puzzles(b),
        } => puzzle_bench::bench_puzzles(&b),
        Command::Bench {
            what: BenchCommand::Embed(b),
        } => embed_bench::bench_embed(&b),
        Command::Solve {
            model,
            solver,
            sampler,
            repair,
            json,
        } => sampler
            .kind(solver.as_deref())
            .and_then(|kind| solve::run_solve(&model, kind, &sampler, repair, json)),
        Command::Puzzle { what } => puzzle::run(what),
        Command::Qubo {
            what:
                QuboCommand::Export {
                    model,
                    format,
                    out,
                    embedding,
                    target,
                    chain_strength,
                    force,
                },
        } => match embedding {
            None if chain_strength.is_some() => Err("--chain-strength goes with --embedding".into()),
            None => solve::export(&model, &format, &out, force),
            Some(_) if !format.eq_ignore_ascii_case("bqm") => {
                Err("the embedded problem is written as --format bqm (it keeps the qubit labels)".into())
            }
            Some(embedding) => solve::export_checked(&model, &out, force).and_then(|problem| {
                hardware::export_embedded(&problem, &target, &embedding, chain_strength.as_deref(), &out)
            }),
        },
        Command::Qubo {
            what:
                QuboCommand::Hardware {
                    model,
                    embedding,
                    target,
                    chain_strength,
                    sweep,
                    reads,
                    sweeps,
                    seed,
                    precision,
                    json,
                },
        } => hardware::hardware(
            &model,
            &hardware::HardwareArgs {
                target,
                embedding,
                chain_strength,
                sweep,
                reads,
                sweeps,
                seed,
                precision,
            },
            json,
        ),
        Command::Qubo {
            what: QuboCommand::Stats { model, json },
        } => solve::stats(&model, json),
        Command::Qubo {
            what: QuboCommand::Graph { target, json },
        } => hardware::graph(&target, json),
        Command::Qubo {
            what:
                QuboCommand::Embed {
                    model,
                    target,
                    method,
                    seed,
                    tries,
                    time_limit,
                    out,
                    force,
                    json,
                },
        } => match &out {
            Some(path) => model
                .source
                .as_deref()
                .map_or(Ok(()), |src| {
                    crate::session::check_not_input(path, &[std::path::Path::new(src)]).map_err(|e| e.to_string())
                })
                .and_then(|()| output::check_new_file(path, force)),
            None => Ok(()),
        }
        .and_then(|()| {
            hardware::embed(
                &model,
                &hardware::EmbedArgs {
                    target,
                    method,
                    seed,
                    tries,
                    time_limit,
                },
                out.as_deref(),
                json,
            )
        }),
        Command::Bench {
            what:
                BenchCommand::Anneal {
                    fleets,
                    seed,
                    reads,
                    restarts,
                    sweeps,
                    export,
                    force,
                    until_fleet,
                    json,
                },
        } => anneal_bench::bench_anneal(&anneal_bench::AnnealBench {
            until_fleet,
            fleets,
            seed,
            reads,
            restarts,
            sweeps,
            export,
            force,
            json,
        }),
        Command::NewSession {
            out,
            sources,
            random,
            force,
        } => show::new_session(&out, &sources, random, force),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("fleetscope: {}", crate::quote::clean_message(&reason));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

pub use show::resolve_source;
