//! Right-to-left text for egui. egui shapes each run of one font with HarfBuzz (harfrust),
//! which draws a run of Arabic letters right to left by itself, but it lays the runs out
//! left to right in the order it is given them and knows nothing of paragraph direction. So
//! a line is put in visual order here, a run at a time: the Unicode bidi algorithm
//! (`unicode-bidi`) orders the runs; inside a right-to-left run the words (and the spaces
//! between them) are reversed, each word's letters left as they are for HarfBuzz, and
//! brackets are mirrored. Lines are broken before this, in reading order.

use unicode_bidi::{BidiInfo, Level};

/// Bidi control characters: used by the algorithm, never drawn (they have no glyph).
fn is_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A character whose shape points one way, drawn mirrored in a right-to-left run.
fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        c => c,
    }
}

/// Letters HarfBuzz shapes as one right-to-left run (Arabic and Hebrew blocks).
fn is_rtl_letter(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// One line (no line breaks) in visual order, for a paragraph of direction `rtl`.
pub fn visual_line(line: &str, rtl: bool) -> String {
    reorder(line, Some(if rtl { Level::rtl() } else { Level::ltr() }))
}

/// One line in visual order, in the direction of its first strong letter: text that is not
/// in the reader's language (a language's own name in the language list).
pub fn visual_auto(line: &str) -> String {
    reorder(line, None)
}

fn reorder(line: &str, base: Option<Level>) -> String {
    let info = BidiInfo::new(line, base);
    let mut out = String::with_capacity(line.len());
    for para in &info.paragraphs {
        let (levels, runs) = info.visual_runs(para, para.range.clone());
        for run in runs {
            let text = &line[run.clone()];
            if levels[run.start].is_rtl() {
                out.push_str(&reverse_run(text));
            } else {
                out.extend(text.chars().filter(|&c| !is_control(c)));
            }
        }
    }
    out
}

/// A right-to-left run drawn left to right: its pieces (runs of right-to-left letters, and
/// each other character) in reverse order, the letters of each piece kept for HarfBuzz.
fn reverse_run(text: &str) -> String {
    let mut pieces: Vec<String> = Vec::new();
    let mut letters = String::new();
    for c in text.chars().filter(|&c| !is_control(c)) {
        if is_rtl_letter(c) {
            letters.push(c);
        } else {
            if !letters.is_empty() {
                pieces.push(std::mem::take(&mut letters));
            }
            pieces.push(mirrored(c).to_string());
        }
    }
    if !letters.is_empty() {
        pieces.push(letters);
    }
    pieces.reverse();
    pieces.concat()
}

/// Breaks `text` into lines of at most `fits` wide (as measured by `width`), in reading
/// order, at spaces (a word longer than a line gets a line of its own).
pub fn wrap(text: &str, max: f32, width: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || width(&candidate) <= max {
                line = candidate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_to_right_text_is_left_alone_but_for_controls() {
        assert_eq!(visual_line("Ana rolls 6", false), "Ana rolls 6");
        assert_eq!(visual_line("Ana \u{2068}x\u{2069}", false), "Ana x");
    }

    #[test]
    fn arabic_words_are_reversed_as_words() {
        // "رمى أنا" (two words): the second word is drawn first, on the left; each word's
        // letters stay in reading order for HarfBuzz.
        assert_eq!(visual_line("رمى أنا", true), "أنا رمى");
    }

    #[test]
    fn numbers_and_latin_inside_arabic_keep_their_order() {
        // "رمى 12 الآن" → the number stays "12", the words around it swap sides.
        assert_eq!(visual_line("رمى 12 الآن", true), "الآن 12 رمى");
        assert_eq!(visual_line("سرعة CPU", true), "CPU سرعة");
    }

    #[test]
    fn a_line_alone_takes_the_direction_of_its_first_letter() {
        assert_eq!(visual_auto("اللغة العربية"), "العربية اللغة");
        assert_eq!(visual_auto("Bahasa Indonesia"), "Bahasa Indonesia");
    }

    #[test]
    fn brackets_are_mirrored_in_a_right_to_left_run() {
        assert_eq!(visual_line("سهل (عادي)", true), "(عادي) سهل");
    }

    #[test]
    fn lines_break_at_spaces_in_reading_order() {
        let lines = wrap("aa bb cc dd", 5.0, |s| s.chars().count() as f32);
        assert_eq!(lines, ["aa bb", "cc dd"]);
        assert_eq!(
            wrap("abcdefgh ij", 4.0, |s| s.len() as f32),
            ["abcdefgh", "ij"]
        );
    }
}
