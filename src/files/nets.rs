//! The learned networks of `hard` and `expert` in the browser: left out of the download (a
//! megabyte of the wasm, none of it needed for the menu), fetched from `assets/nets/` once a
//! table has such a seat (or a review or the results' analysis rates a game with one), and given to the rules engine. Until it has one, CPU moves wait (see
//! `table::cpu`), so a game plays the same as on the desktop.

use bevy::asset::{AssetLoader, LoadContext, LoadState, io::Reader};
use bevy::prelude::*;
use ludo_cpu::value_net::{self, NetId};

use crate::files::asset_file::{AssetFileError, read_text};
use crate::files::last_analysis::LastAnalysis;
use crate::table::Table;
use crate::table::review::Review;
use crate::table::signal::Signal;

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<NetText>()
        .register_asset_loader(NetLoader)
        .init_resource::<Fetching>()
        .add_systems(Update, (fetch, hand_over, rate_review).chain());
}

/// A network's file as text; the engine reads it.
#[derive(Asset, TypePath)]
struct NetText(String);

#[derive(Default, TypePath)]
struct NetLoader;

impl AssetLoader for NetLoader {
    type Asset = NetText;
    type Settings = ();
    type Error = AssetFileError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<NetText, AssetFileError> {
        Ok(NetText(read_text(reader, cx).await?.text))
    }

    fn extensions(&self) -> &[&str] {
        &["json"]
    }
}

/// The networks asked for and not yet handed over (and whether its failure has been said).
#[derive(Resource, Default)]
struct Fetching(Vec<(NetId, Handle<NetText>, bool)>);

fn fetch(
    table: Res<Table>,
    review: Option<Res<Review>>,
    last: Res<LastAnalysis>,
    hint: Res<crate::table::hint::Hint>,
    past: Res<crate::files::past_games::PastAnalysis>,
    server: Res<AssetServer>,
    mut fetching: ResMut<Fetching>,
) {
    let wanted = review
        .and_then(|r| r.wanted)
        .or(last.wanted)
        .or(hint.wanted)
        .or(past.wanted);
    let Some(id) = wanted.or_else(|| table.network_wanted()) else {
        return;
    };
    if fetching.0.iter().any(|(i, _, _)| *i == id) {
        return;
    }
    fetching
        .0
        .push((id, server.load(format!("nets/{}", id.file())), false));
}

fn hand_over(
    server: Res<AssetServer>,
    texts: Res<Assets<NetText>>,
    mut fetching: ResMut<Fetching>,
) {
    fetching.0.retain_mut(|(id, handle, said)| {
        if let Some(text) = texts.get(&*handle) {
            if let Err(e) = value_net::provide(*id, &text.0) {
                error!("assets/nets/{}: {e}", id.file());
            }
            return false;
        }
        if let LoadState::Failed(e) = server.load_state(&*handle)
            && !std::mem::replace(said, true)
        {
            // Kept, so it is not asked for again every frame; the CPU waits, and says why.
            error!("assets/nets/{} could not be read: {e}", id.file());
        }
        true
    });
}

/// A review waiting for its network rates the game once the network is in.
fn rate_review(review: Option<ResMut<Review>>, mut signals: MessageWriter<Signal>) {
    if let Some(mut review) = review
        && let Some(id) = review.wanted
        && value_net::shipped(id).is_some()
    {
        review.rate();
        signals.write_batch(review.chart_signal());
    }
}
