//! Every family's generator: each puzzle is unique by an independent brute
//! force written here (no model, no propagation), has the grade asked for by
//! the ladder, and the same seed gives the same puzzle.

use crate::generate::recipe;
use fleetscope_engines::geometry::TouchRule;
use fleetscope_engines::puzzle::CountSpec;
use fleetscope_engines::puzzle::battleship::BattleshipPuzzle;
use fleetscope_engines::puzzle::deduce::{self, Grade};
use fleetscope_engines::puzzle::families::binary::BinaryPuzzle;
use fleetscope_engines::puzzle::families::chess::Chess;
use fleetscope_engines::puzzle::families::rullo::Rullo;
use fleetscope_engines::puzzle::families::tents::Tents;
use fleetscope_engines::puzzle::generate::{GenerateRequest, OptionValue, Recipe, generate};
use fleetscope_engines::puzzle::{Given, Puzzle};
use fleetscope_engines::run::CancelFlag;
use std::collections::HashSet;

pub(crate) fn made(recipe: Recipe, size: usize, grade: Grade, seed: u64) -> Puzzle {
    let cancel = CancelFlag::new();
    let req = GenerateRequest {
        recipe,
        size,
        grade,
        seed,
        max_tries: 20_000,
    };
    let g = generate(&req, &cancel, &|_| {}).unwrap_or_else(|e| panic!("{req:?}: {e}"));
    assert_eq!(g.grade, grade);
    let spec = g.puzzle.ladder().unwrap();
    assert_eq!(deduce::explain_spec(&spec, &cancel).grade, grade, "the ladder agrees");
    assert_eq!(
        generate(&req, &cancel, &|_| {}).unwrap(),
        g,
        "the same seed, the same puzzle"
    );
    g.puzzle
}

/// Binary puzzles, row by row over every 0/1 row: counts, runs of three,
/// links, givens and (Takuzu) unique lines checked on complete grids.
pub(crate) fn brute_binary(p: &BinaryPuzzle) -> usize {
    let n = p.rows;
    assert_eq!(n, p.cols);
    let half = |spec: &CountSpec| match spec {
        CountSpec::Exactly(k) => *k as usize,
        other => panic!("balanced lines only, not {other:?}"),
    };
    let no_three = |line: &[bool]| line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]));
    let rows: Vec<Vec<bool>> = (0u32..1 << n)
        .map(|b| (0..n).map(|j| b >> j & 1 == 1).collect::<Vec<bool>>())
        .filter(|r| no_three(r) && r.iter().filter(|&&x| x).count() == half(&p.row_ones[0]))
        .collect();
    let ok = |g: &[Vec<bool>]| {
        let col = |j: usize| g.iter().map(|r| r[j]).collect::<Vec<bool>>();
        let cols: Vec<Vec<bool>> = (0..n).map(col).collect();
        cols.iter()
            .enumerate()
            .all(|(j, c)| no_three(c) && c.iter().filter(|&&x| x).count() == half(&p.col_ones[j]))
            && p.givens.iter().all(|&(r, c, v)| g[r][c] == v)
            && p.links
                .iter()
                .all(|l| (g[l.a.0][l.a.1] != g[l.b.0][l.b.1]) == l.opposite)
            && (!p.unique_lines
                || (g.iter().collect::<HashSet<_>>().len() == n && cols.iter().collect::<HashSet<_>>().len() == n))
    };
    // Rows so far: each column without three alike and within its count, the row's givens kept.
    let partial = |g: &[Vec<bool>]| {
        let k = g.len() - 1;
        let col_ok = (0..n).all(|j| {
            let ones = g.iter().filter(|r| r[j]).count();
            let three = k >= 2 && g[k][j] == g[k - 1][j] && g[k - 1][j] == g[k - 2][j];
            !three && ones <= half(&p.col_ones[j]) && g.len() - ones <= n - half(&p.col_ones[j])
        });
        col_ok && p.givens.iter().filter(|x| x.0 == k).all(|&(_, c, v)| g[k][c] == v)
    };
    fn go(
        n: usize,
        rows: &[Vec<bool>],
        g: &mut Vec<Vec<bool>>,
        partial: &dyn Fn(&[Vec<bool>]) -> bool,
        ok: &dyn Fn(&[Vec<bool>]) -> bool,
    ) -> usize {
        if g.len() == n {
            return ok(g) as usize;
        }
        let mut count = 0;
        for r in rows {
            g.push(r.clone());
            if partial(g) {
                count += go(n, rows, g, partial, ok);
            }
            g.pop();
        }
        count
    }
    go(n, &rows, &mut Vec::new(), &partial, &ok)
}

/// Tents: every way of giving each tree one of its sides, distinct tent sets
/// that keep the rules.
fn brute_tents(t: &Tents) -> usize {
    let n = t.rows;
    let sides = |(r, c): (usize, usize)| {
        [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .map(move |(dr, dc)| (r as i64 + dr, c as i64 + dc))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < n as i64 && b < n as i64)
            .map(|(a, b)| (a as usize, b as usize))
            .collect::<Vec<_>>()
    };
    let mut found: HashSet<Vec<(usize, usize)>> = HashSet::new();
    fn go(
        k: usize,
        t: &Tents,
        sides: &dyn Fn((usize, usize)) -> Vec<(usize, usize)>,
        tents: &mut Vec<(usize, usize)>,
        found: &mut HashSet<Vec<(usize, usize)>>,
    ) {
        if k == t.trees.len() {
            let count = |f: &dyn Fn(&(usize, usize)) -> bool| tents.iter().filter(|x| f(x)).count() as u32;
            let fits = |spec: &CountSpec, got: u32| match spec {
                CountSpec::Exactly(k) => *k == got,
                CountSpec::Free => true,
                CountSpec::OrOneMore(k) => got == *k || got == k + 1,
            };
            let counts = (0..t.rows).all(|r| fits(&t.row_counts[r], count(&|x| x.0 == r)))
                && (0..t.cols).all(|c| fits(&t.col_counts[c], count(&|x| x.1 == c)));
            if counts {
                let mut set = tents.clone();
                set.sort_unstable();
                found.insert(set);
            }
            return;
        }
        for s in sides(t.trees[k]) {
            let apart = tents.iter().all(|x| x.0.abs_diff(s.0) > 1 || x.1.abs_diff(s.1) > 1);
            if apart && !t.trees.contains(&s) {
                tents.push(s);
                go(k + 1, t, sides, tents, found);
                tents.pop();
            }
        }
    }
    go(0, t, &sides, &mut Vec::new(), &mut found);
    found.len()
}

/// Rullo: every subset of the cells.
fn brute_rullo(p: &Rullo) -> usize {
    let (rows, cols) = (p.rows(), p.cols());
    (0u64..1 << (rows * cols))
        .filter(|bits| {
            let kept = |r: usize, c: usize| {
                if bits >> (r * cols + c) & 1 == 1 {
                    p.values[r][c]
                } else {
                    0
                }
            };
            (0..rows).all(|r| (0..cols).map(|c| kept(r, c)).sum::<u32>() == p.row_targets[r])
                && (0..cols).all(|c| (0..rows).map(|r| kept(r, c)).sum::<u32>() == p.col_targets[c])
        })
        .count()
}

/// Coloured chess: one cell from every region, no piece reaching another.
fn brute_chess(p: &Chess) -> usize {
    let n = p.cols;
    let regions = p.regions.iter().map(|&k| k as usize + 1).max().unwrap();
    let cells_of: Vec<Vec<usize>> = (0..regions)
        .map(|k| (0..p.pieces.len()).filter(|&c| p.regions[c] as usize == k).collect())
        .collect();
    fn go(k: usize, cells_of: &[Vec<usize>], p: &Chess, n: usize, chosen: &mut Vec<usize>) -> usize {
        if k == cells_of.len() {
            return 1;
        }
        let at = |c: usize| (c / n, c % n);
        let mut count = 0;
        for &c in &cells_of[k] {
            let Some(piece) = p.pieces[c] else { continue };
            let safe = chosen.iter().all(|&q| {
                let other = p.pieces[q].unwrap();
                !piece.reaches(at(c), at(q)) && !other.reaches(at(q), at(c))
            });
            if safe {
                chosen.push(c);
                count += go(k + 1, cells_of, p, n, chosen);
                chosen.pop();
            }
        }
        count
    }
    go(0, &cells_of, p, n, &mut Vec::new())
}

/// Battleship without givens, ships may not touch: every placement of every
/// ship, distinct grids whose counts match.
fn brute_battleship(p: &BattleshipPuzzle) -> usize {
    assert!(p.givens.is_empty() && p.rule == TouchRule::NoTouch);
    let n = p.rows;
    let places = |len: usize| {
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for vertical in [false, true] {
                    if len == 1 && vertical {
                        continue;
                    }
                    let cells: Vec<(usize, usize)> = (0..len)
                        .map(|k| if vertical { (r + k, c) } else { (r, c + k) })
                        .collect();
                    if cells.iter().all(|&(a, b)| a < n && b < n) {
                        out.push(cells);
                    }
                }
            }
        }
        out
    };
    let lists: Vec<Vec<Vec<(usize, usize)>>> = p.ships.iter().map(|&l| places(l)).collect();
    let mut grids: HashSet<Vec<bool>> = HashSet::new();
    fn go(
        k: usize,
        lists: &[Vec<Vec<(usize, usize)>>],
        p: &BattleshipPuzzle,
        cells: &mut Vec<(usize, usize)>,
        grids: &mut HashSet<Vec<bool>>,
    ) {
        let n = p.rows;
        if k == lists.len() {
            let rows_ok = (0..n).all(|r| Some(cells.iter().filter(|x| x.0 == r).count() as u32) == p.row_targets[r]);
            let cols_ok = (0..n).all(|c| Some(cells.iter().filter(|x| x.1 == c).count() as u32) == p.col_targets[c]);
            if rows_ok && cols_ok {
                let mut g = vec![false; n * n];
                cells.iter().for_each(|&(r, c)| g[r * n + c] = true);
                grids.insert(g);
            }
            return;
        }
        for ship in &lists[k] {
            let apart = ship
                .iter()
                .all(|s| cells.iter().all(|x| x.0.abs_diff(s.0) > 1 || x.1.abs_diff(s.1) > 1));
            if apart {
                let before = cells.len();
                cells.extend(ship);
                go(k + 1, lists, p, cells, grids);
                cells.truncate(before);
            }
        }
    }
    go(0, &lists, p, &mut Vec::new(), &mut grids);
    grids.len()
}

#[test]
fn generated_binary_puzzles_are_unique_by_brute_force() {
    for (recipe, grade, seed) in [
        (recipe("tango", &[]), Grade::Easy, 1),
        (recipe("tango", &[]), Grade::Hard, 2),
        (recipe("takuzu", &[]), Grade::Medium, 3),
        (recipe("binairo", &[]), Grade::Easy, 4),
    ] {
        let Puzzle::Binary(p) = made(recipe.clone(), 6, grade, seed) else {
            panic!("binary")
        };
        assert_eq!(brute_binary(&p), 1, "{recipe:?} {grade:?}");
        assert_eq!(p.tango, recipe.word() == "tango");
        assert_eq!(p.unique_lines, recipe.word() == "takuzu");
    }
}

#[test]
fn generated_tents_rullo_and_chess_are_unique_by_brute_force() {
    for (grade, seed) in [(Grade::Easy, 1), (Grade::Hard, 2)] {
        let Puzzle::Tents(t) = made(recipe("tents", &[("density", OptionValue::Float(0.2))]), 6, grade, seed) else {
            panic!("tents")
        };
        assert_eq!(brute_tents(&t), 1, "tents {grade:?}");
        let Puzzle::Chess(c) = made(Recipe::of_family("chess").unwrap(), 5, grade, seed) else {
            panic!("chess")
        };
        assert_eq!(brute_chess(&c), 1, "chess {grade:?}");
    }
    let Puzzle::Rullo(r) = made(
        recipe("rullo", &[("max-number", OptionValue::Int(9))]),
        4,
        Grade::Medium,
        1,
    ) else {
        panic!("rullo")
    };
    assert_eq!(brute_rullo(&r), 1, "rullo");
}

#[test]
fn fiendish_chess_boards_with_regions_of_any_shape_are_unique_by_brute_force() {
    let recipe = recipe("chess", &[("regions", OptionValue::Choice("any"))]);
    let Puzzle::Chess(c) = made(recipe, 8, Grade::Fiendish, 2) else {
        panic!("chess")
    };
    assert_eq!(brute_chess(&c), 1);
}

/// The bitset counter the Coloured problem uses, against the brute force on
/// random boards: regions of any shape, cells without a piece, givens.
#[test]
fn coloured_chess_counts_agree_with_brute_force() {
    use fleetscope_engines::puzzle::ExactRequest;
    use fleetscope_engines::puzzle::families::chess::ChessGoal;
    use fleetscope_engines::puzzle::vocab::Piece;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let mut solvable = 0;
    for round in 0..300 {
        let n = rng.random_range(2..=6);
        let k = rng.random_range(1..=n);
        let mut regions: Vec<u16> = (0..n * n).map(|_| rng.random_range(0..k as u16)).collect();
        regions[..k].iter_mut().enumerate().for_each(|(i, r)| *r = i as u16);
        let pieces = (0..n * n)
            .map(|_| rng.random_bool(0.85).then(|| Piece::ALL[rng.random_range(0..5)]))
            .collect();
        let given = if rng.random_bool(0.3) {
            vec![(rng.random_range(0..n), rng.random_range(0..n))]
        } else {
            Vec::new()
        };
        let p = Chess {
            rows: n,
            cols: n,
            pieces,
            regions,
            goal: ChessGoal::Coloured,
            given: given.clone(),
            weights: [1.0; 5],
        };
        let mut brute = brute_chess(&p);
        if let Some(&(r, c)) = given.first() {
            // The brute force knows no givens: count its solutions using the cell.
            let mut only = p.clone();
            let cell = r * n + c;
            let k = p.regions[cell];
            (0..n * n)
                .filter(|&x| x != cell && p.regions[x] == k)
                .for_each(|x| only.pieces[x] = None);
            only.given.clear();
            brute = if p.pieces[cell].is_some() {
                brute_chess(&only)
            } else {
                0
            };
        }
        let counted = Puzzle::Chess(p)
            .solve_exact(ExactRequest::new(u64::MAX, 1), &CancelFlag::new())
            .unwrap();
        assert_eq!(counted.count as usize, brute, "round {round}");
        assert_eq!(counted.examples.len(), usize::from(brute > 0), "round {round}");
        solvable += usize::from(brute > 0);
    }
    assert!(solvable > 50, "the boards are not all empty-handed: {solvable}");
}

#[test]
fn generated_no_given_fleets_are_fixed_by_their_counts_alone() {
    for (grade, seed) in [(Grade::Easy, 1), (Grade::Medium, 2), (Grade::Hard, 3)] {
        let recipe = recipe(
            "battleship",
            &[
                ("fleet", OptionValue::Lengths(vec![3, 2, 1])),
                ("givens", OptionValue::Flag(false)),
            ],
        );
        let Puzzle::Battleship(p) = made(recipe, 5, grade, seed) else {
            panic!("battleship")
        };
        assert!(p.givens.is_empty());
        assert_eq!(brute_battleship(&p), 1, "{grade:?}");
    }
}

#[test]
fn generated_battleship_givens_show_the_parts_of_the_one_fleet() {
    let p = made(Recipe::of_family("battleship").unwrap(), 8, Grade::Medium, 5);
    let Puzzle::Battleship(b) = &p else {
        panic!("battleship")
    };
    let cancel = CancelFlag::new();
    let sols = p
        .solve_exact(fleetscope_engines::puzzle::ExactRequest::new(2, 1), &cancel)
        .unwrap();
    assert_eq!(sols.count, 1);
    let g = &sols.examples[0];
    for &(r, c, given) in &b.givens {
        assert_eq!(g.get(r, c), given != Given::Water, "given at ({r},{c})");
    }
}

#[test]
fn options_outside_their_limits_are_refused_by_name() {
    let cancel = CancelFlag::new();
    let req = |recipe, size| GenerateRequest {
        recipe,
        size,
        grade: Grade::Easy,
        seed: 1,
        max_tries: 10,
    };
    let err = |recipe, size| crate::generate::refused(generate(&req(recipe, size), &cancel, &|_| {}).unwrap_err());
    assert!(
        err(
            recipe(
                "star-battle",
                &[("stars", OptionValue::Int(4)), ("holes", OptionValue::Flag(false))]
            ),
            12
        )
        .contains("stars")
    );
    assert!(err(recipe("tents", &[("density", OptionValue::Float(0.9))]), 8).contains("density"));
    assert!(err(recipe("rullo", &[("max-number", OptionValue::Int(1))]), 5).contains("largest"));
    assert!(err(recipe("chess", &[("pieces", OptionValue::Letters(vec![]))]), 5).contains("piece"));
    let long = recipe(
        "battleship",
        &[
            ("fleet", OptionValue::Lengths(vec![9])),
            ("givens", OptionValue::Flag(false)),
        ],
    );
    assert!(err(long, 6).contains("length 9"));
    assert!(err(recipe("tango", &[]), 13).contains("side"));
    assert!(Recipe::of_family("sudoku").unwrap_err().to_string().contains("queens"));
}
