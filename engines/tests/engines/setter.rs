//! Setter tools: the lens's count and differing cells, repairs recounted by
//! an independent brute force, and the minimal-clue certificate checked clue
//! by clue the same way.

use crate::generate::recipe;
use crate::generate_families::{brute_binary, made};
use fleetscope_engines::puzzle::Puzzle;
use fleetscope_engines::puzzle::deduce::Grade;
use fleetscope_engines::puzzle::families::chess::Chess;
use fleetscope_engines::puzzle::families::queens::Queens;
use fleetscope_engines::puzzle::generate::OptionValue;
use fleetscope_engines::puzzle::setter::{self, EditKind, RepairRequest, SetterError};
use fleetscope_engines::puzzle::vocab::NO_REGION;
use fleetscope_engines::run::{CancelFlag, Cancelled};

/// LinkedIn Queens (with givens and holes) by brute force over every
/// permutation: one queen per row, column and region, none touching.
fn brute_queens(q: &Queens) -> usize {
    let n = q.rows;
    let regions = q.region_count();
    let mut count = 0;
    let mut cols: Vec<usize> = Vec::new();
    fn go(q: &Queens, n: usize, regions: usize, cols: &mut Vec<usize>, count: &mut usize) {
        let r = cols.len();
        if r == n {
            let mut seen = vec![false; regions];
            for (row, &c) in cols.iter().enumerate() {
                let k = q.regions[row * n + c];
                if k == NO_REGION || std::mem::replace(&mut seen[k as usize], true) {
                    return;
                }
            }
            let givens = q.given.iter().all(|&(a, b)| cols[a] == b);
            *count += usize::from(givens && seen.iter().all(|&s| s));
            return;
        }
        for c in 0..n {
            if cols.contains(&c) || cols.last().is_some_and(|&p| p.abs_diff(c) <= 1) || q.holes.contains(&(r, c)) {
                continue;
            }
            cols.push(c);
            go(q, n, regions, cols, count);
            cols.pop();
        }
    }
    go(q, n, regions, &mut cols, &mut count);
    count
}

/// A generated 6×6 Queens with one boundary cell moved so it has several solutions.
pub(crate) fn ambiguous_queens() -> Queens {
    let Puzzle::Queens(mut q) = made(
        recipe(
            "queens",
            &[
                ("holes", OptionValue::Flag(false)),
                ("regions", OptionValue::Choice("connected")),
            ],
        ),
        6,
        Grade::Medium,
        11,
    ) else {
        panic!("queens")
    };
    let n = 6;
    for cell in 0..n * n {
        for to in 0..n as u16 {
            let mut next = q.clone();
            next.regions[cell] = to;
            let connected_neighbour = [cell.wrapping_sub(1), cell + 1, cell.wrapping_sub(n), cell + n]
                .iter()
                .any(|&x| x < n * n && next.regions[x] == to);
            let from = q.regions[cell];
            if to != from && connected_neighbour && next.regions.contains(&from) && brute_queens(&next) >= 2 {
                q = next;
                return q;
            }
        }
    }
    panic!("some move makes it ambiguous")
}

/// On a board of scattered regions a boundary move need not keep a region
/// connected: moving a repainted cell back (or elsewhere) is offered.
#[test]
fn repairs_on_scattered_regions_move_cells_without_keeping_regions_whole() {
    let recipe = recipe(
        "queens",
        &[
            ("holes", OptionValue::Flag(false)),
            ("regions", OptionValue::Choice("any")),
        ],
    );
    let Puzzle::Queens(q) = made(recipe, 6, Grade::Medium, 3) else {
        panic!("queens")
    };
    let n = 6;
    let beside = |cell: usize| {
        [cell.wrapping_sub(1), cell + 1, cell.wrapping_sub(n), cell + n]
            .into_iter()
            .filter(move |&x| x < n * n && (x / n == cell / n || x % n == cell % n))
    };
    let ambiguous = (0..n * n)
        .flat_map(|cell| beside(cell).map(move |x| (cell, x)))
        .find_map(|(cell, x)| {
            let from = q.regions[cell];
            let mut next = q.clone();
            next.regions[cell] = q.regions[x];
            let back = beside(cell).any(|y| y != x && q.regions[y] == from);
            (next.regions[cell] != from && back && next.regions.contains(&from) && brute_queens(&next) >= 2)
                .then_some(next)
        })
        .expect("some repaint makes it ambiguous");
    let cancel = CancelFlag::new();
    let found = setter::repairs(&Puzzle::Queens(ambiguous), &cancel, &|_| {}).unwrap();
    assert!(
        found.iter().any(|r| r.edit.kind == EditKind::MoveBoundary),
        "a cell moved back"
    );
    for r in &found {
        let Puzzle::Queens(fixed) = &r.edit.puzzle else {
            panic!("queens")
        };
        assert_eq!(brute_queens(fixed), 1, "{}", r.edit.description);
    }
}

#[test]
fn every_repair_leaves_exactly_one_solution_by_brute_force() {
    let q = ambiguous_queens();
    let cancel = CancelFlag::new();
    let seen = setter::lens(&Puzzle::Queens(q.clone()), &cancel).unwrap();
    assert_eq!(
        seen.count as usize,
        brute_queens(&q),
        "the lens counts exactly below its cap"
    );
    assert!(!seen.differing.is_empty(), "two solutions differ somewhere");
    let found = setter::repairs(&Puzzle::Queens(q), &cancel, &|_| {}).unwrap();
    assert!(!found.is_empty(), "one edit repairs a single moved cell");
    assert!(found.iter().any(|r| r.edit.kind == EditKind::MoveBoundary));
    for r in &found {
        let Puzzle::Queens(fixed) = &r.edit.puzzle else {
            panic!("queens")
        };
        assert_eq!(brute_queens(fixed), 1, "{}", r.edit.description);
    }
    let grades: Vec<Grade> = found.iter().map(|r| r.grade).collect();
    assert!(grades.windows(2).all(|w| w[0] <= w[1]), "easiest first: {grades:?}");
    let unique = made(
        recipe(
            "queens",
            &[
                ("holes", OptionValue::Flag(false)),
                ("regions", OptionValue::Choice("connected")),
            ],
        ),
        6,
        Grade::Easy,
        1,
    );
    let e = setter::repairs(&unique, &cancel, &|_| {}).unwrap_err();
    assert_eq!(e, SetterError::AlreadyUnique);
    assert_eq!(e.to_string(), "the puzzle is already unique");
}

#[test]
fn the_minimal_certificate_agrees_with_brute_force_clue_by_clue() {
    let cancel = CancelFlag::new();
    for (recipe, seed) in [(recipe("tango", &[]), 3), (recipe("binairo", &[]), 4)] {
        let p = made(recipe, 6, Grade::Medium, seed);
        let m = setter::minimality(&p, &cancel, &|_| {}).unwrap();
        assert!(!m.clues.is_empty());
        for (clue, needed) in &m.clues {
            let Puzzle::Binary(b) = setter::without(&p, clue) else {
                panic!("binary")
            };
            let count = brute_binary(&b);
            assert_eq!(*needed, count >= 2, "{}: {count} solutions without it", clue.describe());
        }
        // A spare clue added: the certificate names it.
        let Puzzle::Binary(mut more) = p.clone() else {
            panic!("binary")
        };
        let sol = p
            .solve_exact(fleetscope_engines::puzzle::ExactRequest::new(1, 1), &cancel)
            .unwrap()
            .examples[0]
            .clone();
        let free = (0..36)
            .find(|&c| !more.givens.iter().any(|g| (g.0, g.1) == (c / 6, c % 6)))
            .unwrap();
        more.givens.push((free / 6, free % 6, sol.get(free / 6, free % 6)));
        let m = setter::minimality(&Puzzle::Binary(more), &cancel, &|_| {}).unwrap();
        assert!(!m.is_minimal(), "a clue the solution already implies is spare");
    }
}

/// A given taken out of a unique puzzle is always among the repairs, even
/// when the puzzle then has more solutions than a few kept examples show.
#[test]
fn a_removed_given_comes_back_as_a_repair() {
    let cancel = CancelFlag::new();
    let p = made(recipe("binairo", &[]), 8, Grade::Hard, 2);
    let clues = setter::clues(&p);
    let count = |q: &Puzzle| {
        q.solve_exact(fleetscope_engines::puzzle::ExactRequest::new(1000, 0), &cancel)
            .unwrap()
            .count
    };
    let (clue, without) = clues
        .iter()
        .map(|c| (c, setter::without(&p, c)))
        .max_by_key(|(_, q)| count(q))
        .expect("a generated Binairo has givens");
    assert!(
        count(&without) > 16,
        "removing {} leaves many solutions",
        clue.describe()
    );
    let setter::Clue::Given(r, c, _) = clue else {
        panic!("a given")
    };
    let found = setter::repairs(&without, &cancel, &|_| {}).unwrap();
    assert!(
        found.iter().any(|rep| rep.edit.cells == vec![(*r, *c)]),
        "re-giving ({r},{c}) repairs it"
    );
}

/// Max chess by brute force: every placement of non-threatening pieces on
/// allowed cells with the givens in it; the best worth and how many reach it.
fn brute_max_chess(p: &Chess) -> (f64, usize) {
    let cols = p.cols;
    let at = |c: usize| (c / cols, c % cols);
    let clash = |a: usize, b: usize| {
        let (pa, pb) = (p.pieces[a].unwrap(), p.pieces[b].unwrap());
        pa.reaches(at(a), at(b)) || pb.reaches(at(b), at(a))
    };
    fn go(
        cell: usize,
        p: &Chess,
        clash: &dyn Fn(usize, usize) -> bool,
        chosen: &mut Vec<usize>,
        worth: f64,
        best: &mut (f64, usize),
    ) {
        if cell == p.pieces.len() {
            let given = p.given.iter().all(|&(r, c)| chosen.contains(&(r * p.cols + c)));
            if !given {
                return;
            }
            if worth > best.0 + 1e-9 {
                *best = (worth, 1);
            } else if (worth - best.0).abs() <= 1e-9 {
                best.1 += 1;
            }
            return;
        }
        go(cell + 1, p, clash, chosen, worth, best);
        if let Some(piece) = p.pieces[cell]
            && chosen.iter().all(|&q| !clash(cell, q))
        {
            chosen.push(cell);
            go(cell + 1, p, clash, chosen, worth + p.weight(piece), best);
            chosen.pop();
        }
    }
    let mut best = (f64::MIN, 0);
    go(0, p, &clash, &mut Vec::new(), 0.0, &mut best);
    best
}

/// Max chess has no regions to move (even when its file lists some): repair
/// offers givens and blocked cells, each leaving exactly one best placement
/// of the same worth.
#[test]
fn max_chess_repairs_leave_one_best_placement_by_brute_force() {
    let Puzzle::Chess(shipped) = Puzzle::parse(include_str!("../../../puzzles/chess-max-5.txt")).unwrap() else {
        panic!("chess")
    };
    let mut with_regions = shipped.clone();
    with_regions.regions = (0..25).map(|c| (c / 5) as u16).collect();
    let cancel = CancelFlag::new();
    for p in [shipped, with_regions] {
        let (best, count) = brute_max_chess(&p);
        assert!(count >= 2, "the shipped board has several best placements");
        let found = setter::repairs(&Puzzle::Chess(p.clone()), &cancel, &|_| {}).unwrap();
        assert!(!found.is_empty(), "a given or a blocked cell settles it");
        for r in &found {
            assert_ne!(r.edit.kind, EditKind::MoveBoundary, "{}", r.edit.description);
            let Puzzle::Chess(fixed) = &r.edit.puzzle else {
                panic!("chess")
            };
            let (b, n) = brute_max_chess(fixed);
            assert_eq!(n, 1, "{}", r.edit.description);
            assert!((b - best).abs() < 1e-9, "{}: worth {b}, not {best}", r.edit.description);
        }
    }
}

/// Every solution, by the exact solver kept whole: the oracle of where they differ.
fn cells_that_differ(p: &Puzzle) -> Vec<usize> {
    let r = p
        .solve_exact(
            fleetscope_engines::puzzle::ExactRequest::new(1_000_000, 1_000_000),
            &CancelFlag::new(),
        )
        .unwrap();
    assert!(r.is_complete());
    let (rows, cols) = p.size();
    let first = &r.examples[0];
    (0..rows * cols)
        .filter(|&c| {
            r.examples
                .iter()
                .any(|g| g.get(c / cols, c % cols) != first.get(c / cols, c % cols))
        })
        .collect()
}

/// Past the lens's cap its differing cells are a sample (on a blank 8×8
/// Queens, 5,242 solutions, the first 1,000 agree on row 1 cols 3–8); the
/// outline checks the other cells one by one and finds exactly the cells
/// where two of all the solutions differ, and no more (a given settles its
/// row, column and neighbours).
#[test]
fn the_outline_is_exactly_where_all_the_solutions_differ() {
    let cancel = CancelFlag::new();
    for text in ["queens 8x8\n", "queens 9x9\nqueens 5,5\n", "takuzu 6x6\n"] {
        let p = Puzzle::parse(text).unwrap();
        let want = cells_that_differ(&p);
        let lens = setter::lens(&p, &cancel).unwrap();
        assert!(lens.capped, "{text}: more solutions than the lens keeps");
        let o = setter::outline(&p, &lens, &cancel, &|_, _| {}).unwrap();
        assert!(o.is_exact(), "{text}");
        assert_eq!(o.differ, want, "{text}");
        let (rows, cols) = p.size();
        assert!(
            2 * o.checks < rows * cols,
            "{text}: witnesses settle most cells ({} checks of {} cells)",
            o.checks,
            rows * cols
        );
    }
    let blank = Puzzle::parse("queens 8x8\n").unwrap();
    let lens = setter::lens(&blank, &cancel).unwrap();
    assert!(!lens.differing.contains(&7), "the first 1,000 agree on row 1, col 8");
    let o = setter::outline(&blank, &lens, &cancel, &|_, _| {}).unwrap();
    assert!(o.differ.contains(&7));
}

/// A time limit leaves the cells it did not reach, and the cell whose check
/// it stopped midway, unknown, never guessed.
#[test]
fn an_outline_stopped_by_the_clock_says_which_cells_it_does_not_know() {
    let p = Puzzle::parse("queens 8x8\n").unwrap();
    let want = cells_that_differ(&p);
    let lens = setter::lens(&p, &CancelFlag::new()).unwrap();
    let stopped = CancelFlag::new().with_time_limit(std::time::Duration::ZERO);
    let o = setter::outline(&p, &lens, &stopped, &|_, _| {}).unwrap();
    assert!(!o.is_exact());
    assert!(
        o.differ.iter().all(|c| want.contains(c)),
        "only proven cells are outlined"
    );
    assert!(want.iter().all(|c| o.differ.contains(c) || o.unknown.contains(c)));
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    assert_eq!(
        setter::outline(&p, &lens, &cancelled, &|_, _| {}),
        Err(SetterError::Cancelled(Cancelled)),
        "a cancel is no outline"
    );
    // The clock stops the outline: on a blank 64×64 Takuzu each of the 4,096
    // checks is a search of its own, so a 1 s limit stops the outline with
    // checks begun and cells left. No cell is settled: the complement of a
    // solution is one too, so every cell differs, or is unknown.
    let p = Puzzle::parse("takuzu 64x64\n").unwrap();
    let lens = setter::lens(&p, &CancelFlag::new()).unwrap();
    assert!(lens.capped);
    let o = setter::outline(
        &p,
        &lens,
        &CancelFlag::new().with_time_limit(std::time::Duration::from_secs(1)),
        &|_, _| {},
    )
    .unwrap();
    assert!(o.checks >= 1 && !o.is_exact(), "a check began and the clock stopped it");
    let mut known: Vec<usize> = o.differ.iter().chain(&o.unknown).copied().collect();
    known.sort_unstable();
    assert_eq!(known, (0..4096).collect::<Vec<_>>(), "no cell settled");
}

/// Max chess counts its best placements, and its lens either finishes
/// (proving the best worth) or is stopped by the clock with the best worth
/// found so far, which may be less than the best. A check under a mark finds
/// the best with that mark, which proves nothing about the puzzle's own best
/// then: an outline from a lens the clock stopped outlines no cell and knows
/// none (it once counted every cell whose check found a better worth as
/// settled, and called itself exact). From a finished lens it is exact.
#[test]
fn an_outline_of_max_chess_never_settles_cells_against_an_unproven_best() {
    // 7×7, 66 best placements of worth 9; the search takes milliseconds, so
    // short time limits stop it part way, most with a best of 8 found so far.
    let text = "chess 7x7\ngoal max\npieces\nQRBNKQR\nRBNKQRB\nBNKQRBN\nNKQRBNK\nKQRBNKQ\nQRBNKQR\nRBNKQRB\n";
    let p = Puzzle::parse(text).unwrap();
    let cancel = CancelFlag::new();
    let want = cells_that_differ(&p);
    let whole = setter::lens(&p, &cancel).unwrap();
    assert!(whole.is_complete() && whole.count >= 2);
    let o = setter::outline(&p, &whole, &cancel, &|_, _| {}).unwrap();
    assert!(o.is_exact() && !o.best_unproven);
    assert_eq!(o.differ, want);
    let mut stopped = 0;
    for micros in (0..16).map(|k| 50u64 << k) {
        let lens = setter::lens(&p, &cancel.with_time_limit(std::time::Duration::from_micros(micros))).unwrap();
        if lens.is_complete() {
            break;
        }
        assert!(lens.timed_out && !lens.capped, "a best answer is never capped");
        if lens.examples.is_empty() {
            continue;
        }
        stopped += 1;
        let o = setter::outline(&p, &lens, &cancel, &|_, _| {}).unwrap();
        assert!(
            !o.is_exact(),
            "{micros} µs: the best found ({:?}, of {:?}) is not proven, so no cell is settled",
            lens.best,
            whole.best
        );
        assert!(o.best_unproven);
        assert!(o.differ.is_empty(), "{micros} µs: {:?}", o.differ);
        assert!(want.iter().all(|c| o.unknown.contains(c)));
    }
    assert!(stopped > 0, "a limit stopped the lens after a placement was found");
}

/// A LinkedIn-style 8×8 board (connected regions, no givens) with 50
/// solutions that no single edit of any kind makes unique.
const STUCK_QUEENS: &str = "queens 8x8
regions
aaaaacee
aaaaacce
adddbccc
dddbbbcc
dddbbbfc
ddddbbfg
dhhdggfg
hhhhgggg
";

/// When no single edit leaves one solution, repair lists the edits that cut
/// the count most, each with its new count (checked by brute force), fewest
/// first, of the kinds the setter allows; taking the best cut each time
/// walks the board down to a unique puzzle by region moves alone.
#[test]
fn the_edits_that_cut_the_count_most_walk_a_board_down_to_one_solution() {
    let cancel = CancelFlag::new();
    let p = Puzzle::parse(STUCK_QUEENS).unwrap();
    let Puzzle::Queens(q) = &p else { panic!("queens") };
    let before = brute_queens(q);
    assert!((40..=60).contains(&before), "{before} solutions");
    assert!(
        setter::repairs(&p, &cancel, &|_| {}).unwrap().is_empty(),
        "no single edit makes it unique"
    );
    assert_eq!(
        setter::edit_kinds(&p),
        vec![EditKind::MoveBoundary, EditKind::AddGiven, EditKind::Block]
    );
    let moves_only = |p: &Puzzle| RepairRequest {
        kinds: vec![EditKind::MoveBoundary],
        ..RepairRequest::every_kind(p, setter::lens(p, &cancel).unwrap())
    };
    for req in [
        RepairRequest::every_kind(&p, setter::lens(&p, &cancel).unwrap()),
        moves_only(&p),
    ] {
        let r = setter::repair(&p, &req, &cancel, &|_| {}).unwrap();
        assert_eq!((r.before, r.capped), (before as u64, false));
        assert!(!r.cut_short() && r.no_cuts.is_none());
        assert!(r.unique.is_empty());
        assert!(!r.cuts.is_empty() && r.cuts.len() <= setter::CUTS_LISTED);
        assert!(
            r.cuts.windows(2).all(|w| w[0].count <= w[1].count),
            "fewest solutions first"
        );
        for cut in &r.cuts {
            assert!(req.kinds.contains(&cut.edit.kind), "{}", cut.edit.description);
            let Puzzle::Queens(after) = &cut.edit.puzzle else {
                panic!("queens")
            };
            let n = brute_queens(after);
            assert_eq!(cut.count, n as u64, "{}", cut.edit.description);
            assert!((2..before).contains(&n), "{}: {n}", cut.edit.description);
        }
    }
    let mut board = p;
    for _ in 0..12 {
        let r = setter::repair(&board, &moves_only(&board), &cancel, &|_| {}).unwrap();
        if let Some(done) = r.unique.first() {
            let Puzzle::Queens(last) = &done.edit.puzzle else {
                panic!("queens")
            };
            assert_eq!(brute_queens(last), 1);
            assert!(last.given.is_empty() && last.holes.is_empty(), "region moves only");
            return;
        }
        board = r.cuts.first().expect("a move cuts the count").edit.puzzle.clone();
    }
    panic!("the best cuts did not reach one solution in 12 moves");
}

/// The lens as the clock leaves it when it stops after `found` of the
/// solutions (the first ones it found, their differing cells, `timed_out`).
fn stopped_after(p: &Puzzle, found: usize) -> setter::Lens {
    let mut lens = setter::lens(p, &CancelFlag::new()).unwrap();
    assert!(lens.is_complete() && lens.count as usize > found);
    let (_, cols) = p.size();
    lens.examples.truncate(found);
    let first = lens.examples[0].clone();
    let value = |g: &fleetscope_engines::geometry::BinaryMatrix, c: usize| g.get(c / cols, c % cols);
    lens.differing
        .retain(|&c| lens.examples.iter().any(|g| value(g, c) != value(&first, c)));
    lens.count = found as u64;
    lens.timed_out = true;
    lens
}

/// When the clock stopped the lens, its count is only a lower bound: a cut
/// is an edit counted below the solutions found, so never one that leaves as
/// many solutions or more (repair once took such a lens to mean 1,000
/// solutions, and listed region moves that leave a 50-solution board at 50
/// or more as cuts).
#[test]
fn cuts_from_a_lens_the_clock_stopped_always_cut_the_count() {
    let cancel = CancelFlag::new();
    let p = Puzzle::parse(STUCK_QUEENS).unwrap();
    let Puzzle::Queens(q) = &p else { panic!("queens") };
    let all = brute_queens(q);
    let lens = stopped_after(&p, 10);
    let req = RepairRequest {
        cuts: 1000,
        ..RepairRequest::every_kind(&p, lens)
    };
    let r = setter::repair(&p, &req, &cancel, &|_| {}).unwrap();
    assert!(!r.cuts.is_empty(), "some edits leave fewer than 10");
    for cut in &r.cuts {
        let Puzzle::Queens(after) = &cut.edit.puzzle else {
            panic!("queens")
        };
        let n = brute_queens(after);
        assert_eq!(cut.count, n as u64, "{}", cut.edit.description);
        assert!(n < all, "{}: {n} solutions, from {all}", cut.edit.description);
    }
    assert_eq!((r.before, r.capped, r.count_before()), (10, true, "10+".to_string()));
}

/// Max chess from a lens the clock stopped: the solutions found may not be
/// best, so no count is known to cut and repair says so instead of listing any.
#[test]
fn max_chess_from_an_unproven_best_lists_no_cuts_and_says_why() {
    let p = Puzzle::parse(include_str!("../../../puzzles/chess-max-5.txt")).unwrap();
    let req = RepairRequest::every_kind(&p, stopped_after(&p, 3));
    let r = setter::repair(&p, &req, &CancelFlag::new(), &|_| {}).unwrap();
    assert!(r.cuts.is_empty());
    assert!(
        r.no_cuts.as_deref().is_some_and(|w| w.contains("best")),
        "{:?}",
        r.no_cuts
    );
}

/// Repair tells each stage (the cells checked one by one when the lens
/// stopped at its cap and no outline was given, then the edits recounted),
/// uses an outline it is given instead of checking again, and a time limit
/// ends it with what it found, saying the list was cut short.
#[test]
fn repair_tells_its_stages_takes_a_given_outline_and_stops_at_its_time_limit() {
    use setter::RepairStage;
    let cancel = CancelFlag::new();
    let p = Puzzle::parse("queens 8x8\n").unwrap();
    let lens = setter::lens(&p, &cancel).unwrap();
    assert!(lens.capped);
    let req = RepairRequest {
        cuts: 0,
        ..RepairRequest::every_kind(&p, lens.clone())
    };
    let heard = std::sync::Mutex::new(Vec::new());
    let r = setter::repair(&p, &req, &cancel, &|s| heard.lock().unwrap().push(s)).unwrap();
    let heard = heard.into_inner().unwrap();
    let last_cell = heard.iter().rposition(|s| matches!(s, RepairStage::Cells { .. }));
    let first_edit = heard.iter().position(|s| matches!(s, RepairStage::Edits { .. }));
    assert!(last_cell.is_some() && last_cell < first_edit, "cells first, then edits");
    assert_eq!(
        heard.last(),
        Some(&RepairStage::Edits {
            done: r.candidates,
            total: r.candidates
        })
    );
    assert!(!r.cut_short() && r.tried == r.candidates && r.candidates > 0);
    // With the outline given: no cell is checked again, the same repairs.
    let o = setter::outline(&p, &lens, &cancel, &|_, _| {}).unwrap();
    let given = RepairRequest {
        outline: Some(o),
        ..req.clone()
    };
    let heard = std::sync::Mutex::new(Vec::new());
    let again = setter::repair(&p, &given, &cancel, &|s| heard.lock().unwrap().push(s)).unwrap();
    assert!(
        heard
            .into_inner()
            .unwrap()
            .iter()
            .all(|s| matches!(s, RepairStage::Edits { .. }))
    );
    assert_eq!(again.unique, r.unique);
    // The clock: what was found by then, and said to be cut short; a cancel is an error.
    let late = cancel.with_time_limit(std::time::Duration::ZERO);
    let cut = setter::repair(&p, &given, &late, &|_| {}).unwrap();
    assert!(cut.cut_short() && cut.tried < cut.candidates);
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    assert_eq!(
        setter::repair(&p, &given, &cancelled, &|_| {}),
        Err(SetterError::Cancelled(Cancelled))
    );
    // A lens of another puzzle is refused, not indexed past its end.
    let small = Puzzle::parse("queens 6x6\n").unwrap();
    let err = setter::repair(&small, &req, &cancel, &|_| {}).unwrap_err().to_string();
    assert!(err.contains("not of this 6×6 puzzle"), "{err}");
}

/// A cancel is an error of its own kind in the generator and in each of the
/// setter's tools, never a message that a caller has to recognise by its
/// words; and a refusal stays a refusal under a live flag.
#[test]
fn a_cancel_is_its_own_error_in_the_generator_and_the_setter() {
    use fleetscope_engines::puzzle::generate::{GenerateError, GenerateRequest, generate};
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    let req = GenerateRequest {
        recipe: recipe(
            "queens",
            &[
                ("holes", OptionValue::Flag(false)),
                ("regions", OptionValue::Choice("connected")),
            ],
        ),
        size: 6,
        grade: Grade::Easy,
        seed: 1,
        max_tries: 100,
    };
    assert_eq!(
        generate(&req, &cancelled, &|_| {}).unwrap_err(),
        GenerateError::Cancelled(Cancelled)
    );
    // A request out of its limits is refused as such, cancelled or not.
    let too_big = GenerateRequest {
        size: 99,
        ..req.clone()
    };
    assert!(matches!(
        generate(&too_big, &cancelled, &|_| {}),
        Err(GenerateError::Invalid(_))
    ));
    let unique = generate(&req, &CancelFlag::new(), &|_| {}).unwrap().puzzle;
    let ambiguous = Puzzle::Queens(ambiguous_queens());
    let gone = SetterError::Cancelled(Cancelled);
    assert_eq!(setter::minimality(&unique, &cancelled, &|_| {}).unwrap_err(), gone);
    assert_eq!(setter::lens(&ambiguous, &cancelled).unwrap_err(), gone);
    assert_eq!(setter::repairs(&ambiguous, &cancelled, &|_| {}).unwrap_err(), gone);
    assert_eq!(
        setter::minimality(&ambiguous, &CancelFlag::new(), &|_| {}),
        Err(SetterError::NotUnique)
    );
}
