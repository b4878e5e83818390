//! The touch-rule flags shared by the commands that study a fleet: the setup's own
//! rule unless `--rule` (or `--no-touch`) says otherwise, and the output says which.

use crate::geometry::{RuleChoice, Rules, TouchRule};
use clap::Args;

#[derive(Args, Debug, Clone, Default)]
pub struct RuleArgs {
    /// Whether ships may touch: may-touch or no-touch (default: the setup's rule;
    /// may-touch where there is no setup).
    #[arg(long, value_name = "RULE", value_parser = TouchRule::parse)]
    pub rule: Option<TouchRule>,
    /// Short for --rule no-touch.
    #[arg(long, conflicts_with = "rule")]
    pub no_touch: bool,
}

impl RuleArgs {
    /// The rule asked for on the command line, if any.
    pub fn override_rule(&self) -> Option<TouchRule> {
        if self.no_touch {
            Some(TouchRule::NoTouch)
        } else {
            self.rule
        }
    }

    /// The rule to use with a setup's rules.
    pub fn choice(&self, setup: Rules) -> RuleChoice {
        RuleChoice::new(setup, self.override_rule())
    }

    /// The rule where no setup is involved (typed sums): may-touch unless asked.
    pub fn without_setup(&self) -> TouchRule {
        self.override_rule().unwrap_or(TouchRule::MayTouch)
    }
}

/// The JSON fields that say which rule a result used.
pub fn json_fields(choice: RuleChoice) -> (serde_json::Value, serde_json::Value) {
    (choice.rule.keyword().into(), choice.overridden.into())
}
