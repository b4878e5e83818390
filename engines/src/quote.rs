//! Input quoted in messages: a short excerpt with control characters escaped,
//! so an error stays one short, harmless line whatever the input held (a
//! terminal escape sequence, a file of carriage returns, a 1 MB token).

/// Most characters of one token a message quotes.
pub const MAX_EXCERPT: usize = 40;
/// Most characters of one token in a whole message (a file path stays whole;
/// a junk token a reader quoted raw does not).
pub const MAX_TOKEN: usize = 400;
/// Most characters of a whole message.
pub const MAX_MESSAGE: usize = 1000;

/// Characters a message never shows raw: controls (escape, carriage return)
/// and the invisible ones that reorder or hide text.
pub fn hidden(ch: char) -> bool {
    ch.is_control()
        || matches!(ch, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

fn push_shown(out: &mut String, ch: char) {
    if hidden(ch) {
        out.extend(ch.escape_unicode());
    } else {
        out.push(ch);
    }
}

/// `text` as a message quotes it: hidden characters escaped, at most
/// [`MAX_EXCERPT`] characters, "…" where it was cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == MAX_EXCERPT {
            out.push('…');
            break;
        }
        push_shown(&mut out, ch);
    }
    out
}

/// A file path as a message names it: whole (a path is never cut), every
/// hidden character escaped, a line break too, so that the message stays one
/// line whatever the file is called.
pub fn path<P: AsRef<std::path::Path> + ?Sized>(p: &P) -> String {
    let mut out = String::new();
    for ch in p.as_ref().display().to_string().chars() {
        push_shown(&mut out, ch);
    }
    out
}

/// A number as a message quotes it: as Rust prints it when that is short,
/// in scientific notation when it is very large or very small (`1e300`, not
/// three hundred digits).
pub fn number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e7).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A whole message as it is shown (the command line's error, the app's
/// status): hidden characters escaped (a line break stays), every run of
/// more than [`MAX_TOKEN`] characters without a space cut, and the whole at
/// most [`MAX_MESSAGE`] characters. What a reader
/// quoted raw cannot reach the terminal or the status line.
pub fn clean_message(message: &str) -> String {
    let mut out = String::new();
    let mut word = 0usize;
    let mut total = 0usize;
    for ch in message.chars() {
        if total == MAX_MESSAGE {
            out.push('…');
            break;
        }
        word = if ch.is_whitespace() { 0 } else { word + 1 };
        match word {
            w if w > MAX_TOKEN + 1 => continue,
            w if w == MAX_TOKEN + 1 => out.push('…'),
            _ if ch == '\n' => out.push(ch),
            _ => push_shown(&mut out, ch),
        }
        total += 1;
    }
    out
}

/// A message as the app shows it, a sentence: [`clean_message`] with its
/// first letter a capital. Messages are made lower-case so that they can be
/// prefixed ("line 3: …", "--seed: …"); the app, which shows them on their
/// own, capitalises them where it takes them in (a job's error, a status).
pub fn sentence(message: &str) -> String {
    let cleaned = clean_message(message);
    let mut chars = cleaned.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => cleaned,
    }
}

/// A count and its noun, singular for one: "1 cell", "3 cells", "2 fleet
/// matrices" (every message that counts things says it so).
pub fn count(n: impl Into<u128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Names in a sentence: "a, b and c", and with `more` left unnamed at the
/// end "a, b, c and 7 more". Names with commas of their own (cells: "row 1,
/// col 2") are set apart by semicolons. Every list a message writes is
/// joined here, so none mixes separators.
pub fn and_list<S: AsRef<str>>(names: &[S], more: usize) -> String {
    let sep = if names.iter().any(|n| n.as_ref().contains(',')) {
        "; "
    } else {
        ", "
    };
    let tail = format!("{more} more");
    let mut items: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    if more > 0 {
        items.push(&tail);
    }
    match items.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(sep)),
    }
}

/// Digits of a whole number of any size in groups of three ("143509" → "143,509").
pub fn group_digits(digits: &str) -> String {
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_cuts() {
        assert_eq!(excerpt("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        let long = "x".repeat(1_000_000);
        assert_eq!(excerpt(&long).chars().count(), MAX_EXCERPT + 1);
        let m = clean_message(&format!("line 1: '{long}' is not a number\r"));
        assert!(m.len() < MAX_TOKEN + 100, "{m}");
        let path = format!("/tmp/{}/data.jsonl", "d".repeat(200));
        assert!(clean_message(&format!("{path}: bad")).contains(&path));
        assert!(m.ends_with("is not a number\\u{d}"), "{m}");
        assert_eq!(clean_message("two\nlines"), "two\nlines");
        assert_eq!(super::path("no\nsuch.txt"), "no\\u{a}such.txt");
        assert_eq!(number(1e300), "1e300");
        assert_eq!(number(-2.5e-9), "-2.5e-9");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(number(86400.0), "86400");
        assert_eq!(number(f64::NAN), "NaN");
        assert_eq!(count(1u32, "cell", "cells"), "1 cell");
        assert_eq!(count(1234u64, "fleet matrix", "fleet matrices"), "1234 fleet matrices");
        assert_eq!(count(0u8, "cell", "cells"), "0 cells");
        let many = "word ".repeat(10_000);
        assert_eq!(clean_message(&many).chars().count(), MAX_MESSAGE + 1);
    }
}
