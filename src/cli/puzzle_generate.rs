//! `puzzle generate`: unique puzzles to a requested grade, with their seed,
//! grade and the drafts they took; Ctrl+C stops.

use crate::puzzle::deduce::Grade;
use crate::puzzle::generate::{
    self, Change, GenerateError, GenerateRequest, OptionKind, OptionSpec, OptionValue, Recipe,
};
use crate::study::setter::option_value;
use serde_json::json;

/// Most puzzles one command makes.
const MAX_COUNT: usize = 1000;
/// The flags the shared run check names.
const FLAGS: crate::study::setter::RunNames = crate::study::setter::RunNames {
    count: "--count",
    seed: "--seed",
};

/// `puzzle generate` options.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    #[arg(long, default_value = generate::DEFAULT_GENERATOR, help = family_help())]
    pub family: String,
    /// The generators' options as flags.
    #[command(flatten)]
    pub options: GeneratorFlags,
    #[arg(long, default_value_t = 8)]
    pub size: usize,
    /// easy, medium, hard or fiendish.
    #[arg(long, default_value = "medium")]
    pub grade: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many puzzles (seeds seed, seed + 1, …).
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Drafts judged per puzzle before it is given up (as "Drafts per puzzle" in the dialog).
    #[arg(long, alias = "tries", default_value_t = 20_000)]
    pub drafts: usize,
    /// Write the puzzles here (several: p-1.txt, p-2.txt, …).
    #[arg(short, long)]
    pub out: Option<std::path::PathBuf>,
    /// Overwrite files already there that another request made (a file this
    /// very request made is kept: the same seed gives the same puzzle).
    #[arg(long, requires = "out")]
    pub force: bool,
    #[arg(long)]
    pub json: bool,
}

fn grade_of(word: &str) -> Result<Grade, String> {
    match word.trim().to_ascii_lowercase().as_str() {
        "easy" => Ok(Grade::Easy),
        "medium" => Ok(Grade::Medium),
        "hard" => Ok(Grade::Hard),
        "fiendish" => Ok(Grade::Fiendish),
        other => Err(format!("--grade is easy, medium, hard or fiendish, not '{other}'")),
    }
}

/// `--family`'s help: the generators' words, in menu order.
fn family_help() -> String {
    let words: Vec<&str> = generate::words().collect();
    match words.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The generators' options as flags, made from their descriptions (one flag
/// per option key; its help names the generators that have it): each flag
/// given, with its text ("" for a flag that takes no value).
#[derive(Clone, Debug, Default)]
pub struct GeneratorFlags(Vec<(&'static OptionSpec, String)>);

impl clap::Args for GeneratorFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        generate::option_flags().into_iter().fold(cmd, |cmd, (spec, owners)| {
            let arg = clap::Arg::new(spec.key).long(spec.flag).help(flag_help(spec, &owners));
            cmd.arg(match spec.kind {
                OptionKind::Flag { .. } => arg.action(clap::ArgAction::SetTrue),
                // clap (without its `string` feature) keeps only 'static names: a
                // few bytes per flag, once per run.
                _ => arg.action(clap::ArgAction::Set).value_name(&*Box::leak(
                    spec.key.to_ascii_uppercase().replace('-', "_").into_boxed_str(),
                )),
            })
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for GeneratorFlags {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = GeneratorFlags::default();
        flags.update_from_arg_matches(m)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        for (spec, _) in generate::option_flags() {
            let given = match spec.kind {
                OptionKind::Flag { .. } => m.get_flag(spec.key).then(String::new),
                _ => m.get_one::<String>(spec.key).cloned(),
            };
            if let Some(text) = given {
                self.0.retain(|(s, _)| s.key != spec.key);
                self.0.push((spec, text));
            }
        }
        Ok(())
    }
}

/// A flag's help: the generators that have it, what it does and its range
/// ("Star Battle: stars per row, column and region (1 to 3)").
fn flag_help(spec: &OptionSpec, owners: &[&str]) -> String {
    let what = lower_first(spec.help);
    let text = match spec.kind {
        OptionKind::Flag { default: true } => format!("turns this off: {what}"),
        OptionKind::Int { min, max, .. } => format!("{what} ({min} to {max})"),
        OptionKind::Float { min, max, .. } => {
            format!(
                "{what} ({} to {})",
                crate::quote::number(min),
                crate::quote::number(max)
            )
        }
        _ => what,
    };
    format!("{}: {text}", titles(owners))
}

/// The generators' names as people write them: "Queens and Star Battle".
fn titles(words: &[&str]) -> String {
    let names: Vec<&str> = words.iter().map(|w| Recipe::title_of(w)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// A help text to follow a colon: its first letter small, unless the first
/// word is all capitals.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if second.is_lowercase() => {
            first.to_lowercase().chain(text[first.len_utf8()..].chars()).collect()
        }
        _ => text.to_string(),
    }
}

/// The generator's recipe with the flags given: each value read first, then
/// a flag of another generator refused, then the values set.
fn recipe_of(a: &GenerateArgs) -> Result<Recipe, String> {
    let recipe = Recipe::of_family(&a.family).map_err(|e| e.to_string())?;
    let values = a
        .options
        .0
        .iter()
        .map(|(spec, text)| Ok((*spec, option_value(spec, text, &format!("--{}", spec.flag))?)))
        .collect::<Result<Vec<_>, String>>()?;
    if let Some((spec, _)) = values.iter().find(|(spec, _)| !recipe.specs().contains(spec)) {
        return Err(format!("--{} is not an option of {}", spec.flag, recipe.word()));
    }
    values
        .into_iter()
        .try_fold(recipe, |r, (spec, value)| r.with(spec.key, value))
        .map_err(|e| e.to_string())
}

pub fn generate(a: &GenerateArgs) -> Result<(), String> {
    let recipe = recipe_of(a)?;
    let grade = grade_of(&a.grade)?;
    let first = GenerateRequest {
        recipe: recipe.clone(),
        size: a.size,
        grade,
        seed: a.seed,
        max_tries: a.drafts,
    };
    // Limits first, before any file or work, and without the remedy: no
    // other option's value cures a size or an option out of range.
    crate::study::setter::check_run(&first, a.count, MAX_COUNT, &FLAGS)?;
    let requests: Vec<GenerateRequest> = (0..a.count)
        .map(|k| GenerateRequest {
            seed: a.seed + k as u64,
            ..first.clone()
        })
        .collect();
    // The files are named, and a missing folder or a file already there is
    // found, before the work, not after; a file an earlier run of this very
    // request wrote (killed before the set was done) is kept.
    let files = match &a.out {
        Some(out) => out_files(out, &recipe, a.size, grade, a.seed, a.count)?,
        None => Vec::new(),
    };
    let mut kept = vec![false; a.count];
    for ((file, req), keep) in files.iter().zip(&requests).zip(&mut kept) {
        if !file.exists() {
            continue;
        }
        if !made_by(file, req) {
            super::output::check_new_file(file, a.force)
                .map_err(|e| format!("-o {}: {e}", crate::quote::path(a.out.as_deref().unwrap_or(file))))?;
            continue;
        }
        // Its first lines alone prove little: a file cut short keeps them, and
        // one cut after a few rows of its body still parses. It is kept only
        // as a fresh result would be: a unique puzzle of the grade asked for.
        let text = crate::session::read_text(file).map_err(|e| e.to_string())?;
        let why = match crate::puzzle::Puzzle::parse(&text) {
            Err(e) => Some(format!("it holds no whole puzzle ({e})")),
            Ok(p) => crate::study::setter::not_a_result(&p, grade, &super::interrupt::ctrl_c_flag())
                .map_err(|e| e.to_string())?,
        };
        if let Some(why) = why {
            return Err(format!(
                "{}: an earlier run of this command began it, but {why}: remove it to make it again",
                crate::quote::path(file)
            ));
        }
        *keep = true;
    }
    let cancel = super::interrupt::ctrl_c_flag();
    for (k, req) in requests.iter().enumerate() {
        if kept[k] {
            eprintln!("{}: kept from an earlier run", crate::quote::path(&files[k]));
            continue;
        }
        let t0 = super::cputime::process_cpu_seconds();
        let spinner = super::progress::spinner(a.json, &format!("puzzle {} of {} (Ctrl+C stops)", k + 1, a.count));
        let progress = |tries: usize| {
            spinner.set_message(format!(
                "puzzle {} of {}: {tries} drafts (Ctrl+C stops)",
                k + 1,
                a.count
            ));
        };
        let g = crate::study::setter::make(req, &cancel, &progress);
        spinner.finish_and_clear();
        let g = g.map_err(|e| match (e, recipe.remedy(grade)) {
            (e @ GenerateError::Cancelled(_), _) | (e, []) => e.to_string(),
            (e, remedy) => format!("{e} ({})", remedy_flags(&recipe, remedy)),
        })?;
        let cpu = super::cputime::process_cpu_seconds() - t0;
        if a.json {
            println!(
                "{}",
                json!({"name": g.name, "seed": req.seed, "grade": g.grade.name(), "tries": g.tries, "cpu_s": cpu,
                       "certificate": g.certificate, "puzzle": g.puzzle.to_text()})
            );
        }
        let text = format!(
            "{}{} drafts; {}\n{}\n{}",
            header(req),
            g.tries,
            g.certificate,
            recipe_line(req),
            g.puzzle.to_text()
        );
        match files.get(k) {
            // Written at once (atomically): a run stopped later keeps it.
            Some(file) => {
                crate::session::write_text(file, &text).map_err(|e| e.to_string())?;
                if !a.json {
                    eprintln!(
                        "seed {}: grade {} in {} drafts, {cpu:.3} CPU-s",
                        req.seed,
                        g.grade.name(),
                        g.tries
                    );
                }
                eprintln!("wrote {}", crate::quote::path(file));
            }
            None if !a.json => println!("{text}"),
            None => {}
        }
    }
    Ok(())
}

/// The start of a generated file's first line: the puzzle's name, seed and
/// grade (the drafts and certificate follow).
fn header(req: &GenerateRequest) -> String {
    format!(
        "// {}: seed {}, grade {}, ",
        crate::study::setter::name_of(req),
        req.seed,
        req.grade.name()
    )
}

/// The second line: the family's options as the generator took them, in
/// the command line's words, so that a file can be told to be this
/// request's (the same seed and options give the same puzzle).
fn recipe_line(req: &GenerateRequest) -> String {
    format!("// made from: {}", req.recipe.describe())
}

/// The second line as versions before the readable form wrote it (the
/// recipe's Rust debug text then: `Tents { density: 0.2 }`, `Takuzu`), so
/// that their sets are still completed. Made from the options, in their
/// order; Battleship's `may-touch` was then `rule: NoTouch` or `MayTouch`.
fn old_recipe_line(req: &GenerateRequest) -> String {
    let name: String = req
        .recipe
        .word()
        .split('-')
        .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
        .collect();
    let capital = |w: &str| w[..1].to_ascii_uppercase() + &w[1..];
    let fields: Vec<String> = req
        .recipe
        .options()
        .iter()
        .map(|(spec, value)| match value {
            OptionValue::Flag(on) if spec.key == "may-touch" => {
                format!("rule: {}", if *on { "MayTouch" } else { "NoTouch" })
            }
            OptionValue::Int(v) => format!("{}: {v}", spec.key.replace('-', "_")),
            OptionValue::Float(v) => format!("{}: {v:?}", spec.key.replace('-', "_")),
            OptionValue::Flag(v) => format!("{}: {v}", spec.key.replace('-', "_")),
            OptionValue::Choice(w) => format!("{}: {}", spec.key.replace('-', "_"), capital(w)),
            OptionValue::Lengths(v) => format!("{}: {v:?}", spec.key.replace('-', "_")),
            OptionValue::Letters(v) => {
                let names: Vec<String> = match &spec.kind {
                    OptionKind::Letters { letters, .. } => v
                        .iter()
                        .filter_map(|c| letters.iter().find(|(l, _)| l == c).map(|(_, n)| capital(n)))
                        .collect(),
                    _ => Vec::new(),
                };
                format!("{}: [{}]", spec.key.replace('-', "_"), names.join(", "))
            }
        })
        .collect();
    if fields.is_empty() {
        format!("// made from {name}")
    } else {
        format!("// made from {name} {{ {} }}", fields.join(", "))
    }
}

/// Did a run of this request write `file`? (Its first two lines say so.)
fn made_by(file: &std::path::Path, req: &GenerateRequest) -> bool {
    let Ok(text) = crate::session::read_text(file) else {
        return false;
    };
    let mut lines = text.lines();
    lines.next().is_some_and(|l| l.starts_with(&header(req)))
        && lines
            .next()
            .is_some_and(|l| l == recipe_line(req) || l == old_recipe_line(req))
}

/// The flags that bring a grade within reach (or nearer), any one of them:
/// "--holes", "--regions any", "drop --no-givens or --may-touch".
fn remedy_flags(recipe: &Recipe, remedy: &[Change]) -> String {
    let flags: Vec<String> = remedy
        .iter()
        .filter_map(|change| {
            let spec = recipe.specs().iter().find(|s| s.key == change.key())?;
            Some(match (*change, &spec.kind) {
                (Change::Flag(_, on), OptionKind::Flag { default }) if on == *default => {
                    format!("drop --{}", spec.flag)
                }
                (Change::Choice(_, word), _) => format!("--{} {word}", spec.flag),
                _ => format!("--{}", spec.flag),
            })
        })
        .collect();
    if flags.len() > 1 && flags.iter().all(|f| f.starts_with("drop ")) {
        let bare: Vec<&str> = flags.iter().map(|f| &f["drop ".len()..]).collect();
        return format!("drop {}", bare.join(" or "));
    }
    flags.join(" or ")
}

/// Where `-o` puts each puzzle: into a folder (an existing one, or a path
/// ending in '/') as `queens-8x8-medium-s7.txt`, …; otherwise `p.txt` for one
/// puzzle and `p-1.txt`, `p-2.txt`, … for several. A missing folder is
/// refused (the caller refuses a file already there unless this request made it).
fn out_files(
    out: &std::path::Path,
    recipe: &Recipe,
    size: usize,
    grade: Grade,
    seed: u64,
    count: usize,
) -> Result<Vec<std::path::PathBuf>, String> {
    let text = out.to_string_lossy();
    let folder = out.is_dir() || text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR);
    let files: Vec<std::path::PathBuf> = (0..count)
        .map(|k| {
            if folder {
                let name = format!(
                    "{}-{size}x{size}-{}-s{}.txt",
                    recipe.word(),
                    grade.name().to_ascii_lowercase(),
                    seed + k as u64
                );
                return out.join(name);
            }
            if count == 1 {
                return out.to_path_buf();
            }
            let stem = out
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let name = match out.extension() {
                Some(ext) => format!("{stem}-{}.{}", k + 1, ext.to_string_lossy()),
                None => format!("{stem}-{}", k + 1),
            };
            out.with_file_name(name)
        })
        .collect();
    let dir = if folder { Some(out) } else { out.parent() };
    if let Some(dir) = dir.filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        return Err(format!(
            "-o {}: the folder {} does not exist",
            crate::quote::path(out),
            crate::quote::path(dir)
        ));
    }
    Ok(files)
}
