//! Small helpers the family files share: editor edits on region and clue
//! lists, clue texts and edge labels, blank-puzzle templates.

use crate::puzzle::model::CountSpec;
use crate::puzzle::vocab::{NO_REGION, Tool};

/// Why a tool does nothing on a family (the editor's status line).
pub(crate) fn not_applicable(tool: Tool, family: &str) -> String {
    format!("the {} tool does not apply to {family}", tool.label())
}

/// "0 0 0" for `n` entries of `value`: the clue lines of blank puzzles.
pub(crate) fn repeated(n: usize, value: &str) -> String {
    vec![value; n].join(" ")
}

/// A grid section of `rows` lines of `cols` copies of `ch`.
pub(crate) fn filled_grid(rows: usize, cols: usize, ch: &str) -> String {
    format!("{}\n", vec![ch.repeat(cols); rows].join("\n"))
}

/// Adds `item` to the list, or removes it when it is there.
pub(crate) fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T) {
    match list.iter().position(|x| *x == item) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(item),
    }
}

/// Paints `cell` into region `k` in a row-major region list (creating the list
/// with every cell in region 0 when the puzzle had none).
pub(crate) fn paint(regions: &mut Vec<u16>, cells: usize, cell: usize, k: u16) {
    if regions.len() != cells {
        *regions = vec![0; cells];
    }
    regions[cell] = k;
}

/// Region counts follow the regions: one entry per region, new ones get `fill`.
pub(crate) fn fit_counts(counts: &mut Vec<CountSpec>, regions: &[u16], fill: CountSpec) {
    let k = regions
        .iter()
        .filter(|&&r| r != NO_REGION)
        .map(|&r| r as usize + 1)
        .max()
        .unwrap_or(0);
    counts.resize(k, fill);
}

/// Clue text of counts: "1 2+ -".
pub(crate) fn counts_text(v: &[CountSpec]) -> String {
    v.iter().map(|c| c.to_text()).collect::<Vec<_>>().join(" ")
}

/// Clue text of numbers: "3 1 4".
pub(crate) fn numbers_text(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// Edge labels of counts, blank where a line is free.
pub(crate) fn count_labels(v: &[CountSpec]) -> Vec<String> {
    v.iter()
        .map(|c| match c {
            CountSpec::Free => String::new(),
            c => c.to_text(),
        })
        .collect()
}
