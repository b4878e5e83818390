//! The Coloured Chess Piece Problem: plant one piece per region (none
//! threatening another), grow a region around each, and let every other cell
//! allow a random piece of the set. Changes move a region's boundary cell or
//! redraw the piece a cell allows (never a planted one's). With regions of any
//! shape a change may move any cell into any region.

use super::{Chess, ChessGoal};
use crate::puzzle::GenerateError;
use crate::puzzle::deduce::Grade;
use crate::puzzle::draft::regions::{self, ANY_SHAPE, REGIONS, RegionShape};
use crate::puzzle::draft::search::run;
use crate::puzzle::draft::{Drafter, STILL, Wander};
use crate::puzzle::family::{Change, DraftRequest, Drafted, Generator, GeneratorInfo, OptionKind, OptionSpec, Options};
use crate::puzzle::regions::in_reading_order;
use crate::puzzle::vocab::Piece;
use crate::run::CancelFlag;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

pub(crate) struct ChessDrafter {
    pub n: usize,
    /// The pieces cells may allow.
    pub pieces: Vec<Piece>,
    pub shape: RegionShape,
}

#[derive(Clone)]
pub(crate) struct Draft {
    planted: Vec<usize>,
    pieces: Vec<Piece>,
    region: Vec<u16>,
}

impl ChessDrafter {
    fn pick(&self, rng: &mut ChaCha8Rng) -> Piece {
        self.pieces[rng.random_range(0..self.pieces.len())]
    }

    /// `n` cells with pieces, none threatening another, greedily at random
    /// (the most found in a few draws when `n` do not fit).
    fn plant(&self, rng: &mut ChaCha8Rng) -> (Vec<usize>, Vec<Piece>) {
        let n = self.n;
        let at = |c: usize| (c / n, c % n);
        let mut best: (Vec<usize>, Vec<Piece>) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            let mut cells: Vec<usize> = (0..n * n).collect();
            cells.shuffle(rng);
            let mut pieces: Vec<Piece> = (0..n * n).map(|_| self.pick(rng)).collect();
            let mut planted: Vec<usize> = Vec::new();
            for &c in &cells {
                let p = pieces[c];
                let free = planted
                    .iter()
                    .all(|&q| !p.reaches(at(c), at(q)) && !pieces[q].reaches(at(q), at(c)));
                if free && planted.len() < n {
                    planted.push(c);
                }
            }
            if planted.len() > best.0.len() {
                pieces.iter_mut().enumerate().for_each(|(c, p)| {
                    if !planted.contains(&c) {
                        *p = self.pick(rng);
                    }
                });
                best = (planted, pieces);
            }
            if best.0.len() == n {
                break;
            }
        }
        best
    }
}

impl Drafter for ChessDrafter {
    type Family = Chess;
    type Draft = Draft;

    fn what(&self) -> String {
        format!("{0}×{0} coloured chess", self.n)
    }

    fn fresh(&self, rng: &mut ChaCha8Rng, _: &CancelFlag) -> Result<Draft, GenerateError> {
        let (planted, pieces) = self.plant(rng);
        if planted.len() < 2 {
            return Err(GenerateError::NotFound(format!(
                "no two pieces of this set fit a {} board apart",
                self.what()
            )));
        }
        let groups: Vec<Vec<usize>> = planted.iter().map(|&c| vec![c]).collect();
        let region = regions::grow(self.n, &groups, rng).expect("single cells always grow");
        Ok(Draft {
            planted,
            pieces,
            region,
        })
    }

    fn mutate(&self, d: &Draft, rng: &mut ChaCha8Rng) -> Option<Draft> {
        let mut next = d.clone();
        if self.pieces.len() > 1 && rng.random_bool(0.4) {
            let c = rng.random_range(0..self.n * self.n);
            if d.planted.contains(&c) {
                return None;
            }
            next.pieces[c] = self.pick(rng);
            return (next.pieces[c] != d.pieces[c]).then_some(next);
        }
        match self.shape {
            RegionShape::Connected => regions::mutate(&mut next.region, self.n, &d.planted, rng),
            RegionShape::Any => regions::mutate_anywhere(&mut next.region, &d.planted, rng),
        }
        .then_some(next)
    }

    fn puzzle(&self, d: &Draft) -> Chess {
        Chess {
            rows: self.n,
            cols: self.n,
            pieces: d.pieces.iter().map(|&p| Some(p)).collect(),
            regions: in_reading_order(&d.region),
            goal: ChessGoal::Coloured,
            given: Vec::new(),
            weights: [1.0; 5],
        }
    }

    fn patience(&self) -> usize {
        50 * self.n
    }

    /// Boards of any shape wander, long (8×8 Fiendish within 20,000 drafts:
    /// 1 of 5 seeds strictly, 8 of 8 so).
    fn wander(&self) -> Wander {
        match self.shape {
            RegionShape::Connected => STILL,
            RegionShape::Any => Wander {
                chance: 0.3,
                patience: 8,
            },
        }
    }
}

/// The pieces cells may allow, by letter.
const PIECES: OptionSpec = OptionSpec {
    key: "pieces",
    flag: "pieces",
    label: "Pieces",
    text: "",
    what: "the pieces",
    help: "The pieces cells may allow, as letters (QRBNK)",
    kind: OptionKind::Letters {
        letters: &[
            ('Q', "queen"),
            ('R', "rook"),
            ('B', "bishop"),
            ('N', "knight"),
            ('K', "king"),
        ],
        default: "QRBNK",
    },
};

/// The Coloured Chess Piece Problem.
pub struct ChessGenerator;

impl ChessGenerator {
    /// The pieces of the option, in the order given (its letters were checked).
    fn pieces(options: &Options) -> Vec<Piece> {
        options
            .letters(PIECES.key)
            .iter()
            .filter_map(|&c| Piece::from_letter(c))
            .collect()
    }
}

impl GeneratorInfo for ChessGenerator {
    fn word(&self) -> &'static str {
        "chess"
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[PIECES, REGIONS]
    }

    // Larger drafts with many solutions take tens of seconds each to count.
    fn sizes(&self, _options: &Options) -> std::ops::RangeInclusive<usize> {
        4..=10
    }

    fn check(&self, options: &Options, _size: usize) -> Result<(), String> {
        if Self::pieces(options).is_empty() {
            return Err("the chess set needs at least one piece".into());
        }
        Ok(())
    }

    fn never_found(&self, options: &Options, grade: Grade) -> Option<&'static str> {
        regions::never_found(options, grade)
    }

    fn remedy(&self, options: &Options, grade: Grade) -> &'static [Change] {
        if self.never_found(options, grade).is_some() {
            ANY_SHAPE
        } else {
            &[]
        }
    }

    fn describe(&self, options: &Options) -> String {
        format!(
            "chess, pieces {}, regions {}",
            Self::pieces(options).iter().map(|p| p.letter()).collect::<String>(),
            RegionShape::of(options).word()
        )
    }

    fn sample_size(&self) -> usize {
        5
    }
}

impl Generator for ChessGenerator {
    type Family = Chess;

    fn generate(
        &self,
        options: &Options,
        req: &DraftRequest,
        cancel: &CancelFlag,
        progress: &dyn Fn(usize),
    ) -> Result<Drafted<Chess>, GenerateError> {
        let drafter = ChessDrafter {
            n: req.size,
            pieces: Self::pieces(options),
            shape: RegionShape::of(options),
        };
        run(&drafter, req, cancel, progress)
    }
}
