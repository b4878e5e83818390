//! What a person does to make a family's puzzle: the editor's tools and clue
//! fields.

use super::Rules;
use super::kit::not_applicable;
use crate::puzzle::vocab::Tool;

/// The editing side of a family.
pub trait Authoring: Rules {
    /// The editor's tools, the default first.
    fn tools(&self) -> Vec<Tool>;
    /// Applies a tool to a cell on the board (0-based; the caller checked the bounds).
    fn apply(&mut self, tool: Tool, _cell: (usize, usize)) -> Result<(), String> {
        Err(not_applicable(tool, self.family()))
    }
    /// Adds or removes a '=' / 'x' link between two cells.
    fn toggle_link(&mut self, _a: (usize, usize), _b: (usize, usize), _opposite: bool) -> Result<(), String> {
        Err(format!("{} has no links", self.family()))
    }
    /// The clue lines the editor shows as fields, by their text-form keyword.
    fn clue_fields(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}
