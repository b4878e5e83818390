//! The players, one file each, and the list that names them: a strategy is
//! its file here plus two lines below (its `mod` and its list line).

mod density;
mod exact;
mod hunt_target;
mod random;

pub use exact::pick;

use super::maps::MapSource;
use super::strategy::{Strategy, StrategyInfo};
use serde::{Deserialize, Serialize};

/// Makes [`StrategyKind`] from the list: one variant per line (its name is
/// the serde name sessions save; the order is `ALL`'s and the lab's sort).
macro_rules! strategies {
    ($($variant:ident = $info:path,)+) => {
        /// Every strategy the lab knows, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum StrategyKind {
            $($variant,)+
        }

        impl StrategyKind {
            pub const ALL: [StrategyKind; [$(stringify!($variant)),+].len()] = [$(StrategyKind::$variant),+];

            /// Everything about this strategy, from its file.
            pub fn info(self) -> StrategyInfo {
                match self {
                    $(StrategyKind::$variant => $info,)+
                }
            }
        }
    };
}

strategies! {
    Random = random::RANDOM,
    HuntTarget = hunt_target::PLAIN,
    HuntTargetParity = hunt_target::PARITY,
    ShipDensity = density::DENSITY,
    ExactLikely = exact::LIKELY,
    ExactInformation = exact::INFORMATION,
}

impl StrategyKind {
    /// The short name used on the command line.
    pub fn key(self) -> &'static str {
        self.info().key
    }

    /// The name shown in tables and plots.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// One sentence saying how it picks a cell (the Counter room's tooltip).
    pub fn help(self) -> &'static str {
        self.info().help
    }

    /// Every key, comma separated (for help texts and messages).
    pub fn keys() -> String {
        StrategyKind::ALL.map(StrategyKind::key).join(", ")
    }

    pub fn parse(text: &str) -> Result<StrategyKind, String> {
        StrategyKind::ALL
            .into_iter()
            .find(|k| k.key() == text.trim())
            .ok_or_else(|| {
                format!(
                    "unknown strategy '{}' (expected {})",
                    crate::quote::clean_message(text),
                    StrategyKind::keys()
                )
            })
    }

    /// Whether it asks the exact posterior (its games cost maps).
    pub fn is_exact(self) -> bool {
        self.info().exact
    }

    /// A fresh player of this kind; exact players read maps from `maps`.
    pub fn player<'a>(self, maps: &'a MapSource) -> Box<dyn Strategy + 'a> {
        (self.info().new)(maps)
    }
}
