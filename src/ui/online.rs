//! Play online (`Overlay::Online`): a name, the server (on the desktop), create a table from
//! the table setup's seats and house rules, or join one by its code; then the lobby with the
//! code, the invite link and its copy button, the seats filling as friends join, and Start
//! for the host.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use ludo_proto::{SeatKind as SeatView, SeatSpec, Stage, TableSpec, display_code};

use crate::files::online::OnlineMemory;
use crate::i18n::Texts;
use crate::i18n::ui::{column, paragraph, row};
use crate::online::{Online, OnlineRequest, Status};
use crate::table::{SeatKind, TableConfig};
use crate::ui::overlay::Overlay;

/// What is typed in the window while it is open.
#[derive(Resource, Default, Debug)]
struct Form {
    name: String,
    server: String,
    code: String,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Online), start_form)
        .add_systems(OnExit(Overlay::Online), |mut commands: Commands| {
            commands.remove_resource::<Form>();
        })
        .add_systems(
            EguiPrimaryContextPass,
            online_window.run_if(in_state(Overlay::Online)),
        );
}

/// The server a game connects to when none is typed: the page's own in the browser, the
/// last used or `make server`'s on the desktop.
pub fn default_server(memory: &OnlineMemory) -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(page) = crate::online::page_server() {
        return page;
    }
    memory
        .server
        .clone()
        .unwrap_or_else(|| "ws://127.0.0.1:8080/ws".into())
}

fn start_form(mut commands: Commands, memory: Res<OnlineMemory>) {
    commands.insert_resource(Form {
        name: memory.name.clone(),
        server: default_server(&memory),
        code: String::new(),
    });
}

/// The table to open online: the setup's seats, with each person's seat open for a friend
/// (the host takes the first), and its house rules and turn limit.
pub fn table_spec(config: &TableConfig) -> TableSpec {
    let mut seats: Vec<SeatSpec> = config
        .seats
        .iter()
        .map(|s| match s {
            SeatKind::Person { .. } => SeatSpec::Open,
            SeatKind::Cpu(level) => SeatSpec::Cpu(*level),
        })
        .collect();
    if !seats.contains(&SeatSpec::Open) {
        seats[0] = SeatSpec::Open;
    }
    TableSpec {
        rules: config.rules.clone(),
        seats,
        turn_limit_secs: config.turn_limit.secs().map(|s| s as u16),
    }
}

/// The invite link a friend opens: the server's web address and the room's path.
pub fn invite_url(server: &str, path: &str) -> String {
    let base = server
        .strip_suffix("/ws")
        .unwrap_or(server)
        .replacen("wss://", "https://", 1)
        .replacen("ws://", "http://", 1);
    format!("{base}{path}")
}

fn online_window(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Overlay>>,
    form: Option<ResMut<Form>>,
    online: Option<Res<Online>>,
    config: Res<TableConfig>,
    texts: Res<Texts>,
    theme: Res<crate::theme::ActiveTheme>,
    mut requests: MessageWriter<OnlineRequest>,
) -> Result {
    let Some(mut form) = form else {
        return Ok(());
    };
    let texts = &*texts;
    let mut still_open = true;
    // The lobby is a window of its own: egui keeps a window's size, and the form before it
    // is short.
    let in_lobby = online
        .as_deref()
        .is_some_and(|o| o.status != Status::Failed);
    let waiting = online.as_deref().is_some_and(|o| o.queue.is_some());
    egui::Window::new(texts.get(if waiting {
        "menu-quick-play"
    } else {
        "online-title"
    }))
    .max_width(crate::ui::widgets::max_window_width(contexts.ctx_mut()?))
    .id(egui::Id::new(if in_lobby {
        "online_lobby"
    } else {
        "online"
    }))
    .open(&mut still_open)
    .collapsible(false)
    .resizable(false)
    // As tall as the lobby needs (egui's default is 420 points), within the screen.
    .default_height(contexts.ctx_mut()?.content_rect().height() - 40.0)
    .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
    .show(contexts.ctx_mut()?, |ui| {
        crate::ui::widgets::scroll_if_short(ui, |ui| {
            column(ui, texts, |ui| {
                ui.set_max_width(ui.available_width().min(440.0));
                match online.as_deref() {
                    Some(online) if online.status != Status::Failed => {
                        lobby(ui, texts, &theme.look, online, &mut requests)
                    }
                    failed => {
                        if let Some(problem) = failed.and_then(|o| o.problem.as_ref()) {
                            ui.label(
                                texts
                                    .line(texts.online_problem(problem))
                                    .rich()
                                    .color(ui.visuals().warn_fg_color),
                            );
                        }
                        choose(ui, texts, &mut form, &config, &mut requests);
                    }
                }
            });
        })
    });
    if !still_open {
        next.set(Overlay::None);
    }
    Ok(())
}

/// Name and server, then create or join.
fn choose(
    ui: &mut egui::Ui,
    texts: &Texts,
    form: &mut Form,
    config: &TableConfig,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    row(ui, texts, |ui| {
        ui.label(texts.get("online-name"));
        ui.add(
            egui::TextEdit::singleline(&mut form.name)
                .hint_text(texts.get("player-unnamed"))
                .char_limit(ludo_proto::MAX_NAME_CHARS)
                .desired_width(180.0),
        );
    });
    // In the browser the server is the one the page came from.
    if !cfg!(target_arch = "wasm32") {
        row(ui, texts, |ui| {
            ui.label(texts.get("online-server"));
            ui.add(egui::TextEdit::singleline(&mut form.server).desired_width(240.0));
        });
    }
    ui.separator();
    row(ui, texts, |ui| {
        ui.label(texts.get("quick-title").rich().strong());
        for seats in ludo_proto::QUICK_PLAY_SEATS {
            let label = texts.fmt("quick-seats", &[("seats", seats.into())]);
            let button = egui::Button::new(label).min_size(egui::vec2(0.0, 32.0));
            if ui.add(button).clicked() {
                requests.write(OnlineRequest::QuickPlay {
                    server: form.server.trim().to_string(),
                    name: form.name.clone(),
                    seats,
                });
            }
        }
    });
    paragraph(ui, texts, texts.get("quick-about"));
    ui.separator();
    let create = ui.add(
        egui::Button::new(texts.get("online-create").rich().strong())
            .min_size(egui::vec2(200.0, 32.0)),
    );
    crate::ui::widgets::focus_first(&create, texts.get("online-create"));
    if create.clicked() {
        requests.write(OnlineRequest::Create {
            server: form.server.trim().to_string(),
            name: form.name.clone(),
            table: table_spec(config),
        });
    }
    paragraph(ui, texts, texts.get("online-create-about"));
    ui.separator();
    row(ui, texts, |ui| {
        ui.label(texts.get("online-code"));
        let field = ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .hint_text("K7X9-PQTA")
                .char_limit(12)
                .desired_width(120.0),
        );
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button(texts.get("online-join")).clicked() || enter) && !form.code.trim().is_empty()
        {
            requests.write(OnlineRequest::Join {
                server: form.server.trim().to_string(),
                name: form.name.clone(),
                code: form.code.clone(),
            });
        }
    });
}

/// The room before its game: a card with the code, large, and the link with its copy
/// button; the seats as plates filling as friends join; Start for the host.
fn lobby(
    ui: &mut egui::Ui,
    texts: &Texts,
    look: &crate::theme::Look,
    online: &Online,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let palette = crate::ui::widgets::Palette::of(&look.ui);
    if let Some((seats, waiting)) = online.queue {
        return quick_waiting(ui, texts, &palette, online, seats, waiting, requests);
    }
    match &online.status {
        // A first request tried again is still connecting, to the player.
        Status::Connecting | Status::Reconnecting { .. } if online.code.is_none() => {
            ui.label(texts.get("online-connecting"));
        }
        Status::Reconnecting { .. } => {
            ui.label(
                texts
                    .get("online-reconnecting")
                    .rich()
                    .color(palette.warning),
            );
        }
        _ => {}
    }
    if let Some(code) = &online.code {
        code_card(ui, texts, &palette, online, code);
    }
    let Some(room) = &online.room else {
        if ui.button(texts.get("online-leave")).clicked() {
            requests.write(OnlineRequest::Leave);
        }
        return;
    };
    ui.add_space(6.0);
    // Empty seats close up when the game starts: the others are shown with the colours and
    // partners they will play with, an empty seat with neither.
    let playing: Vec<usize> = (0..room.seats.len())
        .filter(|&i| room.seats[i].kind != ludo_proto::SeatKind::Empty)
        .collect();
    let colours =
        ludo_core::seat_colours(playing.len().clamp(2, ludo_core::MAX_SEATS as usize) as u8);
    for (i, seat) in room.seats.iter().enumerate() {
        let marks = [
            (online.seat == Some(i as u8), "online-you"),
            (room.host == i as u8, "online-host"),
        ];
        let at = playing.iter().position(|&p| p == i);
        let colour = at.and_then(|a| colours.get(a)).copied();
        // Under partners, the seat across plays with this one.
        let partner = at
            .and_then(|a| room.rules.partner(a as u8))
            .and_then(|p| colours.get(p as usize))
            .copied();
        seat_plate(ui, texts, look, seat, (colour, partner), marks);
    }
    ui.add_space(6.0);
    row(ui, texts, |ui| {
        if room.stage == Stage::Lobby {
            if online.is_host() {
                let start =
                    crate::ui::widgets::primary_button(ui, &palette, &texts.get("online-start"));
                // Enter starts the game.
                crate::ui::widgets::focus_first(&start, texts.get("online-start"));
                if start.clicked() {
                    requests.write(OnlineRequest::Start);
                }
            } else {
                ui.label(texts.get("online-waiting-host"));
            }
        }
        let leave = egui::Button::new(texts.get("online-leave")).min_size(egui::vec2(0.0, 44.0));
        if ui.add(leave).clicked() {
            requests.write(OnlineRequest::Leave);
        }
    });
    if let Some(problem) = &online.problem {
        let line = texts.lobby_problem(problem, &room.rules);
        ui.label(line.rich().color(palette.warning));
    }
}

/// Waiting for a quick-play table: for how many, how many wait now, and Cancel.
fn quick_waiting(
    ui: &mut egui::Ui,
    texts: &Texts,
    palette: &crate::ui::widgets::Palette,
    online: &Online,
    seats: u8,
    waiting: u32,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let connected = online.status == Status::Connected;
    ui.vertical_centered(|ui| {
        ui.add_space(8.0);
        ui.spinner();
        let title = texts.fmt("quick-looking", &[("seats", seats.into())]);
        ui.label(title.rich().size(palette.text_size * 1.2).strong());
        if connected {
            ui.label(texts.fmt("quick-waiting", &[("n", waiting.into())]));
        } else {
            ui.label(texts.get("online-connecting"));
        }
        paragraph(ui, texts, texts.get("quick-about"));
        ui.add_space(6.0);
        let cancel = egui::Button::new(texts.get("quick-cancel")).min_size(egui::vec2(160.0, 44.0));
        let cancel = ui.add(cancel);
        crate::ui::widgets::focus_first(&cancel, texts.get("quick-cancel"));
        if cancel.clicked() {
            requests.write(OnlineRequest::Leave);
        }
    });
}

/// The room's code, large, and the invitation link with its copy button.
fn code_card(
    ui: &mut egui::Ui,
    texts: &Texts,
    palette: &crate::ui::widgets::Palette,
    online: &Online,
    code: &str,
) {
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .stroke(egui::Stroke::new(1.5, palette.primary))
        .corner_radius(palette.radius)
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.vertical_centered(|ui| {
                ui.label(texts.get("online-code").rich().weak());
                ui.label(
                    RichText::new(display_code(code))
                        .size(palette.text_size * 2.6)
                        .strong()
                        .monospace(),
                );
            });
            let Some(path) = &online.link else { return };
            let url = invite_url(&online.server, path);
            paragraph(ui, texts, texts.get("online-invite"));
            row(ui, texts, |ui| {
                let copy =
                    crate::ui::widgets::primary_button(ui, palette, &texts.get("online-copy"));
                if copy.clicked() {
                    ui.ctx().copy_text(url.clone());
                }
                ui.add(
                    egui::Label::new(RichText::new(&url).monospace().small())
                        .selectable(true)
                        .wrap(),
                );
            });
        });
}

/// One seat of the lobby: its colour, who sits there (strong when present), and marks such
/// as "you" and "host".
fn seat_plate(
    ui: &mut egui::Ui,
    texts: &Texts,
    look: &crate::theme::Look,
    seat: &ludo_proto::SeatView,
    (colour, partner): (Option<ludo_core::Colour>, Option<ludo_core::Colour>),
    marks: [(bool, &str); 2],
) {
    let palette = crate::ui::widgets::Palette::of(&look.ui);
    let name = match (seat.kind, &seat.name) {
        (SeatView::Person, Some(name)) => texts.person(name),
        (SeatView::Cpu(level), _) => texts.fmt("cpu-name", &[("level", texts.level(level).into())]),
        (SeatView::Empty, _) => texts.get("online-seat-empty"),
        _ => texts.get("online-seat-open"),
    };
    let taken = match seat.kind {
        SeatView::Empty => false,
        SeatView::Person => seat.name.is_some(),
        _ => true,
    };
    let present = seat.present || !matches!(seat.kind, SeatView::Person);
    let edge = match colour {
        Some(c) if taken => crate::theme::look::egui(look.strong(c)),
        _ => ui.visuals().widgets.noninteractive.bg_stroke.color,
    };
    crate::ui::widgets::plate_frame(ui, edge).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // As tall as its words: it takes no tap.
        ui.spacing_mut().interact_size.y = 26.0;
        row(ui, texts, |ui| {
            if let Some(c) = colour {
                crate::ui::widgets::mark_icon(ui, look, c, 26.0);
            }
            let text = texts.line(&name).rich();
            ui.label(if present && taken {
                text.strong()
            } else {
                text.weak()
            });
            for (on, key) in marks {
                if on {
                    ui.label(texts.get(key).rich().small().color(palette.primary));
                }
            }
            if let Some(p) = partner {
                let with = texts.fmt("plate-with-partner", &[("partner", texts.colour(p).into())]);
                ui.label(with.rich().small().weak());
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_link_is_the_servers_web_address() {
        assert_eq!(
            invite_url("ws://127.0.0.1:8080/ws", "/r/K7X9PQTA"),
            "http://127.0.0.1:8080/r/K7X9PQTA"
        );
        assert_eq!(
            invite_url("wss://ludo.example/ws", "/r/AB"),
            "https://ludo.example/r/AB"
        );
    }

    #[test]
    fn people_seats_open_for_friends_and_cpus_stay() {
        let spec = table_spec(&TableConfig::default());
        assert_eq!(spec.seats[0], SeatSpec::Open);
        assert_eq!(spec.seats.len(), 4);
        assert!(matches!(spec.seats[1], SeatSpec::Cpu(_)));
        let cpus = TableConfig {
            seats: vec![SeatKind::Cpu(ludo_core::CpuLevel::Hard); 2],
            ..Default::default()
        };
        assert_eq!(table_spec(&cpus).seats[0], SeatSpec::Open);
    }
}
