//! Drawing translated text the way its language reads: paragraphs wrapped in reading order
//! and, right to left, each line put in visual order and aligned right; rows of widgets and
//! table columns mirrored.

use bevy_egui::egui::{self, Align, Layout};

use super::{Texts, bidi};

/// A paragraph of text (already in reading order) that wraps to the space available.
pub fn paragraph(ui: &mut egui::Ui, texts: &Texts, text: impl AsRef<str>) {
    paragraph_rich(ui, texts, text, egui::RichText::new);
}

/// `paragraph`, each line styled by `style` (strong, coloured, …).
pub fn paragraph_rich(
    ui: &mut egui::Ui,
    texts: &Texts,
    text: impl AsRef<str>,
    style: impl Fn(String) -> egui::RichText,
) {
    paragraph_styled(ui, texts, text.as_ref(), &style);
}

/// `paragraph_rich`'s work, compiled once whatever text and style it is given.
fn paragraph_styled(
    ui: &mut egui::Ui,
    texts: &Texts,
    text: &str,
    style: &dyn Fn(String) -> egui::RichText,
) {
    if !texts.rtl {
        ui.label(style(text.to_string()));
        return;
    }
    // An auto-sized area can offer unbounded width: keep to something readable.
    let width = ui.available_width().clamp(40.0, 640.0);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let measure = |s: &str| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(s.to_string(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
    };
    let lines = bidi::wrap(text, width, measure);
    ui.with_layout(Layout::top_down(Align::Max), |ui| {
        for line in lines {
            ui.label(style(bidi::visual_line(&line, true)));
        }
    });
}

/// Contents laid out in the language's direction: right-aligned, top to bottom, when it
/// reads right to left.
pub fn column<R>(ui: &mut egui::Ui, texts: &Texts, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    if texts.rtl {
        ui.with_layout(Layout::top_down(Align::Max), add).inner
    } else {
        add(ui)
    }
}

/// A row of widgets in reading order: from the right when the language reads right to left.
/// (Sized like `ui.horizontal`: one line high to start, wrapping when it must.)
pub fn row<R>(ui: &mut egui::Ui, texts: &Texts, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    line(ui, texts, true, add)
}

/// A row inside a table cell, in reading order and never wrapped: a grid sizes its columns
/// from what was drawn last, so a row that wrapped to fit a narrow first column kept the column
/// narrow for good (a seat's mark above its name, the name broken letter by letter).
pub fn cell_row<R>(ui: &mut egui::Ui, texts: &Texts, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    line(ui, texts, false, add)
}

/// One line high to start, in reading order, wrapping or not.
fn line<R>(
    ui: &mut egui::Ui,
    texts: &Texts,
    wrap: bool,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let layout = if texts.rtl {
        Layout::right_to_left(Align::Center)
    } else {
        Layout::left_to_right(Align::Center)
    };
    let size = egui::vec2(
        ui.available_size_before_wrap().x,
        ui.spacing().interact_size.y,
    );
    ui.allocate_ui_with_layout(size, layout.with_main_wrap(wrap), add)
        .inner
}

/// A striped table, its rows added with `grid_row`. egui's grid lays out only from the left (in
/// a right-aligned column its cursor starts at minus infinity, and debug builds panic), so every
/// table gets a left-aligned block of its own; `grid_row` still puts its cells in reading order.
pub fn grid<R>(ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.with_layout(Layout::top_down(Align::Min), |ui| {
        // A line of text high, even where controls are made taller for a finger (their rows
        // grow to fit them).
        egui::Grid::new(id)
            .striped(true)
            .min_row_height(18.0)
            .show(ui, add)
            .inner
    })
    .inner
}

/// One cell of a table: draws itself.
pub type Cell<'a> = Box<dyn FnOnce(&mut egui::Ui) + 'a>;

/// A table's row of cells, in reading order (the first cell on the right, right to left).
pub fn grid_row(ui: &mut egui::Ui, texts: &Texts, cells: Vec<Cell<'_>>) {
    let mut cells = cells;
    if texts.rtl {
        cells.reverse();
    }
    for cell in cells {
        cell(ui);
    }
    ui.end_row();
}
