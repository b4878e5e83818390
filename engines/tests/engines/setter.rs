//! Setter tools: the lens's count and differing cells, repairs recounted by
//! an independent brute force, and the minimal-clue certificate checked clue
//! by clue the same way.

use crate::generate_families::{brute_binary, made};
use fleetscope_engines::puzzle::Puzzle;
use fleetscope_engines::puzzle::deduce::Grade;
use fleetscope_engines::puzzle::families::chess::Chess;
use fleetscope_engines::puzzle::families::queens::{NO_REGION, Queens};
use fleetscope_engines::puzzle::generate::{Recipe, RegionShape};
use fleetscope_engines::puzzle::setter::{self, EditKind, RepairRequest};
use fleetscope_engines::run::CancelFlag;

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
fn ambiguous_queens() -> Queens {
    let Puzzle::Queens(mut q) = made(
        Recipe::Queens {
            holes: false,
            regions: RegionShape::Connected,
        },
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
    let recipe = Recipe::Queens {
        holes: false,
        regions: RegionShape::Any,
    };
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
    let found = setter::repairs(&Puzzle::Queens(ambiguous), &cancel, &|_, _| {}).unwrap();
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
    let found = setter::repairs(&Puzzle::Queens(q), &cancel, &|_, _| {}).unwrap();
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
        Recipe::Queens {
            holes: false,
            regions: RegionShape::Connected,
        },
        6,
        Grade::Easy,
        1,
    );
    assert!(
        setter::repairs(&unique, &cancel, &|_, _| {})
            .unwrap_err()
            .contains("already unique")
    );
}

#[test]
fn the_minimal_certificate_agrees_with_brute_force_clue_by_clue() {
    let cancel = CancelFlag::new();
    for (recipe, seed) in [(Recipe::Tango, 3), (Recipe::Binairo, 4)] {
        let p = made(recipe, 6, Grade::Medium, seed);
        let m = setter::minimality(&p, &cancel, &|_, _| {}).unwrap();
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
        let m = setter::minimality(&Puzzle::Binary(more), &cancel, &|_, _| {}).unwrap();
        assert!(!m.is_minimal(), "a clue the solution already implies is spare");
    }
}

/// A given taken out of a unique puzzle is always among the repairs, even
/// when the puzzle then has more solutions than a few kept examples show.
#[test]
fn a_removed_given_comes_back_as_a_repair() {
    let cancel = CancelFlag::new();
    let p = made(Recipe::Binairo, 8, Grade::Hard, 2);
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
    let found = setter::repairs(&without, &cancel, &|_, _| {}).unwrap();
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
        let found = setter::repairs(&Puzzle::Chess(p.clone()), &cancel, &|_, _| {}).unwrap();
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
        assert!(
            o.checks < 64,
            "{text}: witnesses settle most cells ({} checks)",
            o.checks
        );
    }
    let blank = Puzzle::parse("queens 8x8\n").unwrap();
    let lens = setter::lens(&blank, &cancel).unwrap();
    assert!(!lens.differing.contains(&7), "the first 1,000 agree on row 1, col 8");
    let o = setter::outline(&blank, &lens, &cancel, &|_, _| {}).unwrap();
    assert!(o.differ.contains(&7));
}

/// A time limit leaves the cells it did not reach unknown, never guessed.
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
    assert!(
        setter::outline(&p, &lens, &cancelled, &|_, _| {}).is_err(),
        "a cancel is no outline"
    );
}

/// Max chess counts its best placements: a cell differs only between two
/// best ones, not because a worse placement has the other value there.
#[test]
fn the_outline_of_max_chess_is_over_its_best_placements() {
    let p = Puzzle::parse(include_str!("../../../puzzles/chess-max-5.txt")).unwrap();
    let cancel = CancelFlag::new();
    let want = cells_that_differ(&p);
    let mut lens = setter::lens(&p, &cancel).unwrap();
    assert!(lens.count >= 2 && lens.is_complete());
    // As if the lens had stopped early: one solution known, the rest to check.
    lens.capped = true;
    lens.examples.truncate(1);
    lens.differing.clear();
    let o = setter::outline(&p, &lens, &cancel, &|_, _| {}).unwrap();
    assert!(o.is_exact());
    assert_eq!(o.differ, want);
    assert!(o.differ.len() < 25, "cells that no best placement changes stay settled");
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
        setter::repairs(&p, &cancel, &|_, _| {}).unwrap().is_empty(),
        "no single edit makes it unique"
    );
    assert_eq!(
        setter::edit_kinds(&p),
        vec![EditKind::MoveBoundary, EditKind::AddGiven, EditKind::Block]
    );
    let moves_only = RepairRequest {
        kinds: vec![EditKind::MoveBoundary],
        cuts: setter::CUTS_LISTED,
    };
    for req in [RepairRequest::every_kind(&p), moves_only.clone()] {
        let r = setter::repair(&p, &req, &cancel, &|_, _| {}).unwrap();
        assert_eq!((r.before, r.capped), (before as u64, false));
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
        let r = setter::repair(&board, &moves_only, &cancel, &|_, _| {}).unwrap();
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
