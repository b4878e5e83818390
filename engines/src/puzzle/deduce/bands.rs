//! Tier 2's counting over bands of consecutive lines (the Queens and Star
//! Battle solvers' "these regions fill these rows"): regions whose open cells
//! all lie in a band of k rows, needing as many marks as the band can still
//! take, leave the band's other cells empty; and a band whose open cells all
//! lie in regions that can take no more than the band needs leaves those
//! regions' other cells empty. One line and one region is the Confined rule.

use super::propagate::{Index, Tracker};
use crate::puzzle::model::Cell;

/// A band deduction: the cells it empties, the cells it reasons from, and
/// its sentence (with the mark's noun to fill in).
pub struct BandStep {
    pub empties: Vec<Cell>,
    pub reasons: Vec<Cell>,
    pub sentence: String,
}

/// "a, b and c" (cells and names with commas: "a; b and c").
fn and_list(names: &[&str]) -> String {
    crate::quote::and_list(names, 0)
}

/// "rows 3-5" from "row 3" and "row 5".
fn band_name(first: &str, last: &str) -> String {
    if first == last {
        return first.to_string();
    }
    match (first.split_once(' '), last.split_once(' ')) {
        (Some((word, a)), Some((_, b))) => format!("{word}s {a}-{b}"),
        _ => format!("{first} to {last}"),
    }
}

impl Tracker {
    /// The first band deduction, if any.
    pub(super) fn band(&self, index: &Index<'_>, noun: &str) -> Option<BandStep> {
        if !index.regions_disjoint || index.regions.is_empty() {
            return None;
        }
        for (g, lines) in index.line_groups.iter().enumerate() {
            let n = lines.len();
            // Per region: its open cells per line of this group, as prefix sums.
            // Per region, its open cells per line of this group as prefix sums
            // (one buffer, n + 1 entries a region).
            let stride = n + 1;
            let mut flat = vec![0u32; index.regions.len() * stride];
            for (k, &s) in index.regions.iter().enumerate() {
                let row = &mut flat[k * stride..(k + 1) * stride];
                for &(c, _) in &index.sums[s].terms {
                    if self.state[c].is_none() {
                        row[index.line_of[g][c] as usize + 1] += 1;
                    }
                }
                for x in 1..stride {
                    row[x] += row[x - 1];
                }
            }
            let prefix: Vec<&[u32]> = flat.chunks(stride).collect();
            // Up to half the lines: a wider band's count is the narrower rest's.
            for width in 2..=n / 2 {
                for i in 0..=n - width {
                    let j = i + width;
                    let band = &lines[i..j];
                    let cap: i64 = band.iter().map(|&l| index.sums[l].hi - self.totals[l].placed).sum();
                    let need: i64 = band.iter().map(|&l| index.sums[l].lo - self.totals[l].placed).sum();
                    let open: u32 = band.iter().map(|&l| self.totals[l].open_n).sum();
                    if open == 0 {
                        continue;
                    }
                    // One pass over the regions: those wholly inside the band
                    // (their need), and those the band's open cells lie in (their room).
                    let (mut need_inside, mut covered, mut in_regions, mut room, mut outside) =
                        (0i64, 0u32, 0u32, 0i64, 0u32);
                    for (k, p) in prefix.iter().enumerate() {
                        let (here, all) = (p[j] - p[i], p[n]);
                        if here == 0 {
                            continue;
                        }
                        let s = index.regions[k];
                        in_regions += here;
                        room += index.sums[s].hi - self.totals[s].placed;
                        outside += all - here;
                        if here == all {
                            need_inside += (index.sums[s].lo - self.totals[s].placed).max(0);
                            covered += here;
                        }
                    }
                    let in_band = |k: usize| prefix[k][j] - prefix[k][i];
                    let total = |k: usize| prefix[k][n];
                    if need_inside > 0 && need_inside >= cap && covered < open {
                        let name = band_name(&index.sums[band[0]].what, &index.sums[band[width - 1]].what);
                        let inside: Vec<usize> = (0..index.regions.len())
                            .filter(|&k| total(k) > 0 && in_band(k) == total(k))
                            .collect();
                        let mine = |c: Cell| {
                            inside
                                .iter()
                                .any(|&k| index.sums[index.regions[k]].terms.iter().any(|t| t.0 == c))
                        };
                        let empties: Vec<Cell> = band
                            .iter()
                            .flat_map(|&l| self.open(index, l))
                            .filter(|&c| !mine(c))
                            .collect();
                        let names: Vec<&str> = inside
                            .iter()
                            .map(|&k| index.sums[index.regions[k]].what.as_str())
                            .collect();
                        return Some(BandStep {
                            reasons: inside
                                .iter()
                                .flat_map(|&k| self.open(index, index.regions[k]))
                                .collect(),
                            empties,
                            sentence: format!(
                                "{} must place {need_inside} more {noun}{} in {name}, which can take only {cap} more: the other cells of {name} are empty",
                                super::rules::capital(&and_list(&names)),
                                if need_inside == 1 { "" } else { "s" },
                            ),
                        });
                    }
                    if need > 0 && in_regions == open && room <= need && outside > 0 {
                        let name = band_name(&index.sums[band[0]].what, &index.sums[band[width - 1]].what);
                        let touching: Vec<usize> = (0..index.regions.len()).filter(|&k| in_band(k) > 0).collect();
                        let band_cells: Vec<Cell> = band
                            .iter()
                            .flat_map(|&l| index.sums[l].terms.iter().map(|t| t.0))
                            .collect();
                        let empties: Vec<Cell> = touching
                            .iter()
                            .flat_map(|&k| self.open(index, index.regions[k]))
                            .filter(|c| !band_cells.contains(c))
                            .collect();
                        let names: Vec<&str> = touching
                            .iter()
                            .map(|&k| index.sums[index.regions[k]].what.as_str())
                            .collect();
                        return Some(BandStep {
                            reasons: band.iter().flat_map(|&l| self.open(index, l)).collect(),
                            empties,
                            sentence: format!(
                                "{} need {need} more {noun}{}, and their open cells lie in {}, which can take only {room}: the other cells of {} are empty",
                                super::rules::capital(&name),
                                if need == 1 { "" } else { "s" },
                                and_list(&names),
                                if touching.len() == 1 {
                                    "that region"
                                } else {
                                    "those regions"
                                }
                            ),
                        });
                    }
                }
            }
        }
        None
    }
}
