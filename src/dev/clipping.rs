//! Text that egui cut: each frame, before egui's shapes are turned into triangles, every
//! line of text is compared with its clip rectangle (its window, or the part of a window a
//! scroll area shows) and with the screen. A line cut at the side of its clip, or reaching
//! past the screen, is something a player cannot read whole; a line scrolled wholly out of
//! sight is not.

use bevy::prelude::*;
use bevy_egui::egui::{Rect, Shape};
use bevy_egui::{EguiFullOutput, EguiPostUpdateSet, PrimaryEguiContext};

/// What the last frame cut, in words, and how many lines of text it drew.
#[derive(Resource, Default, Debug)]
pub(super) struct CutText {
    pub cut: Vec<String>,
    pub lines: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CutText>().add_systems(
        PostUpdate,
        find_cut_text
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

fn find_cut_text(
    output: Query<(&EguiFullOutput, &bevy_egui::EguiContext), With<PrimaryEguiContext>>,
    mut cut: ResMut<CutText>,
) {
    let Ok((output, context)) = output.single() else {
        return;
    };
    let Some(full) = &output.0 else {
        return;
    };
    let mut context = context.clone();
    let screen = context.get_mut().content_rect();
    let lines: Vec<_> = full
        .shapes
        .iter()
        .filter_map(|clipped| match &clipped.shape {
            Shape::Text(text) if !text.galley.text().trim().is_empty() => {
                Some((text, clipped.clip_rect))
            }
            _ => None,
        })
        .collect();
    cut.lines = lines.len();
    cut.cut = lines
        .into_iter()
        .filter_map(|(text, clip)| {
            problem(text.visual_bounding_rect(), clip, screen).map(|why| {
                let words: String = text.galley.text().chars().take(40).collect();
                format!("the text {words:?} is {why}")
            })
        })
        .collect();
}

/// Why a line of text at `rect` drawn in `clip` cannot be read whole, if it cannot.
fn problem(rect: Rect, clip: Rect, screen: Rect) -> Option<String> {
    // Half a point for rounding.
    let slack = 0.5;
    let seen = rect.intersect(clip);
    if seen.width() <= 0.0 || seen.height() <= 0.0 {
        return None;
    }
    let at = |r: Rect| {
        format!(
            "({:.0}, {:.0})-({:.0}, {:.0})",
            r.min.x, r.min.y, r.max.x, r.max.y
        )
    };
    if rect.min.x < clip.min.x - slack || rect.max.x > clip.max.x + slack {
        return Some(format!(
            "cut at the side of its window: {} in {}",
            at(rect),
            at(clip)
        ));
    }
    // What shows of it must be on the screen: a line a scroll area cuts at its top or bottom
    // (scrolling shows the rest) may reach past the screen where the area hides it.
    if !screen.expand(slack).contains_rect(seen) {
        return Some(format!(
            "past the screen's edge: {} on {}",
            at(rect),
            at(screen)
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    fn r(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
    }

    #[test]
    fn a_line_cut_at_its_window_side_or_the_screen_is_found() {
        let screen = r(0.0, 0.0, 640.0, 360.0);
        let window = r(100.0, 100.0, 300.0, 300.0);
        // Whole, inside its window.
        assert_eq!(problem(r(110.0, 110.0, 200.0, 124.0), window, screen), None);
        // A column cut at the window's right side ("Progres").
        assert!(problem(r(250.0, 110.0, 330.0, 124.0), window, screen).is_some());
        // Scrolled out of sight below a scroll area's view: not cut, hidden.
        assert_eq!(problem(r(110.0, 320.0, 200.0, 334.0), window, screen), None);
        // Cut by a scroll area's bottom near the screen's: its hidden part may reach past.
        let low = r(100.0, 100.0, 300.0, 355.0);
        assert_eq!(problem(r(110.0, 350.0, 200.0, 364.0), low, screen), None);
        // A window that runs off the screen shows its text there: past the screen.
        let off = r(100.0, 100.0, 300.0, 400.0);
        assert!(problem(r(110.0, 350.0, 200.0, 364.0), off, screen).is_some());
        // A line half under the scroll area's foot is a scroll area doing its work.
        assert_eq!(problem(r(110.0, 292.0, 200.0, 306.0), window, screen), None);
        // Past the screen's edge.
        let big = r(0.0, 0.0, 900.0, 900.0);
        assert!(problem(r(600.0, 10.0, 700.0, 24.0), big, screen).is_some());
    }
}
