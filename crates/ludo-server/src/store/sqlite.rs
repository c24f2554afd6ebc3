//! SQLite in one file: the default store, for one server. All writes go through one thread
//! that commits whatever is waiting in one transaction (group commit) and then answers each
//! writer. WAL with `synchronous=NORMAL`: a killed server loses nothing it answered for. One
//! node holds every room, so epochs are not checked.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    Jobs, LEADERBOARD_MIN_GAMES, Leader, Profile, SavedRoom, StoreError, Write, Writer, now,
    step_code, step_of,
};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS profiles(
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rooms(
    code TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    updated INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS steps(
    code TEXT NOT NULL,
    game INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    step INTEGER NOT NULL,
    PRIMARY KEY(code, game, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    ranked INTEGER NOT NULL,
    record TEXT NOT NULL
);
";

/// Columns added since a database was first made: a profile's wins (a database from before
/// counts them from now on).
fn migrate(c: &Connection) -> rusqlite::Result<()> {
    let has_wins = c
        .prepare("SELECT 1 FROM pragma_table_info('profiles') WHERE name = 'wins'")?
        .exists([])?;
    if !has_wins {
        c.execute_batch("ALTER TABLE profiles ADD COLUMN wins INTEGER NOT NULL DEFAULT 0")?;
    }
    Ok(())
}

/// The database: a writer thread and a connection for reads.
pub struct Sqlite {
    pub(super) writer: Writer,
    reads: Mutex<Connection>,
}

fn open(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl Sqlite {
    /// Opens (or creates) the database at `path` and starts its writer.
    pub fn open(path: &Path) -> Result<Sqlite, String> {
        let what = |e: rusqlite::Error| format!("{}: {e}", path.display());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let writer = open(path).map_err(what)?;
        writer.execute_batch(SCHEMA).map_err(what)?;
        migrate(&writer).map_err(what)?;
        let reads = open(path).map_err(what)?;
        let (to_writer, jobs) = super::writer();
        std::thread::Builder::new()
            .name("ludo-db".into())
            .spawn(move || write_loop(writer, jobs))
            .map_err(|e| e.to_string())?;
        Ok(Sqlite {
            writer: to_writer,
            reads: Mutex::new(reads),
        })
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        f(&self.reads.lock().expect("not poisoned")).map_err(|e| e.to_string())
    }

    pub fn profile_by_key(&self, key_hash: &str) -> Result<Option<Profile>, String> {
        self.profile_where("key_hash = ?1", &key_hash)
    }

    pub fn profile(&self, id: i64) -> Result<Option<Profile>, String> {
        self.profile_where("id = ?1", &id)
    }

    fn profile_where(
        &self,
        condition: &str,
        value: &dyn rusqlite::ToSql,
    ) -> Result<Option<Profile>, String> {
        let sql = format!("SELECT id, name, rating, games FROM profiles WHERE {condition}");
        self.read(|c| {
            c.query_row(&sql, [value], |r| {
                Ok(Profile {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    rating: r.get(2)?,
                    games: r.get(3)?,
                })
            })
            .optional()
        })
    }

    /// The leaderboard's first `top` lines: profiles with at least `LEADERBOARD_MIN_GAMES`
    /// ranked games, best rating first (then more games, then the older profile).
    pub fn leaders(&self, top: u32) -> Result<Vec<Leader>, String> {
        self.read(|c| {
            let mut q = c.prepare_cached(
                "SELECT id, name, rating, games, wins FROM profiles WHERE games >= ?1 \
                 ORDER BY rating DESC, games DESC, id LIMIT ?2",
            )?;
            let rows = q.query_map(params![LEADERBOARD_MIN_GAMES, top], |r| {
                Ok(Leader {
                    place: 0,
                    id: r.get(0)?,
                    name: r.get(1)?,
                    rating: r.get(2)?,
                    games: r.get(3)?,
                    wins: r.get(4)?,
                })
            })?;
            let mut leaders: Vec<Leader> = rows.collect::<rusqlite::Result<_>>()?;
            for (i, l) in leaders.iter_mut().enumerate() {
                l.place = i as u32 + 1;
            }
            Ok(leaders)
        })
    }

    /// A profile's line on the whole leaderboard, if it is on it (played enough).
    pub fn leader(&self, profile: i64) -> Result<Option<Leader>, String> {
        self.read(|c| {
            c.query_row(
                "SELECT p.id, p.name, p.rating, p.games, p.wins, \
                 (SELECT COUNT(*) FROM profiles o WHERE o.games >= ?2 AND \
                  (o.rating > p.rating OR (o.rating = p.rating AND \
                   (o.games > p.games OR (o.games = p.games AND o.id < p.id))))) \
                 FROM profiles p WHERE p.id = ?1 AND p.games >= ?2",
                params![profile, LEADERBOARD_MIN_GAMES],
                |r| {
                    Ok(Leader {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        rating: r.get(2)?,
                        games: r.get(3)?,
                        wins: r.get(4)?,
                        place: r.get::<_, u32>(5)? + 1,
                    })
                },
            )
            .optional()
        })
    }

    /// Finished games of a room, as their records' JSON, oldest first.
    pub fn finished_games(&self, code: &str) -> Result<Vec<String>, String> {
        self.read(|c| {
            let mut q = c.prepare("SELECT record FROM games WHERE code = ?1 ORDER BY id")?;
            q.query_map([code], |r| r.get(0))?.collect()
        })
    }

    /// The latest finished game `number` of room `code`: its record's JSON and when it ended
    /// (seconds since 1970).
    pub fn finished_game(&self, code: &str, number: u32) -> Result<Option<(String, i64)>, String> {
        self.read(|c| {
            c.query_row(
                "SELECT record, finished FROM games WHERE code = ?1 AND number = ?2 \
                 ORDER BY id DESC LIMIT 1",
                params![code, number],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        })
    }

    /// Every room the database holds, with the steps of its games.
    pub fn rooms(&self) -> Result<Vec<SavedRoom>, String> {
        self.read(|c| {
            let mut rooms: Vec<SavedRoom> = c
                .prepare("SELECT code, room FROM rooms ORDER BY code")?
                .query_map([], |r| {
                    Ok(SavedRoom {
                        code: r.get(0)?,
                        json: r.get(1)?,
                        steps: HashMap::new(),
                        epoch: 0,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            let mut index: HashMap<String, usize> = HashMap::new();
            for (i, r) in rooms.iter().enumerate() {
                index.insert(r.code.clone(), i);
            }
            let mut q = c.prepare("SELECT code, game, step FROM steps ORDER BY code, game, idx")?;
            let mut rows = q.query([])?;
            while let Some(row) = rows.next()? {
                let code: String = row.get(0)?;
                let game: u32 = row.get(1)?;
                let step: i64 = row.get(2)?;
                if let (Some(&i), Some(step)) = (index.get(&code), step_of(step)) {
                    rooms[i].steps.entry(game).or_default().push(step);
                }
            }
            Ok(rooms)
        })
    }
}

fn write_loop(mut conn: Connection, mut jobs: Jobs) {
    while let Some(first) = jobs.0.blocking_recv() {
        let batch = jobs.batch(first, 8192);
        let mut results = Vec::with_capacity(batch.len());
        let committed = conn.transaction().and_then(|tx| {
            for (w, _) in &batch {
                results.push(apply(&tx, w).map_err(|e| StoreError::Failed(e.to_string())));
            }
            tx.commit()
        });
        if let Err(e) = &committed {
            tracing::error!("database commit failed: {e}");
        }
        for ((w, answer), result) in batch.into_iter().zip(results) {
            if let Err(e) = &result {
                tracing::error!("database write {w:?} failed: {e}");
            }
            let result = match &committed {
                Ok(()) => result,
                Err(e) => Err(StoreError::Failed(e.to_string())),
            };
            if let Some(answer) = answer {
                let _ = answer.send(result);
            }
        }
    }
}

fn insert_step(
    tx: &rusqlite::Transaction,
    code: &str,
    game: u32,
    idx: u32,
    step: ludo_core::Step,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT OR REPLACE INTO steps(code, game, idx, step) VALUES(?1, ?2, ?3, ?4)",
    )?
    .execute(params![code, game, idx, step_code(step)])?;
    Ok(())
}

fn apply(tx: &rusqlite::Transaction, w: &Write) -> rusqlite::Result<i64> {
    match w {
        Write::Room { code, json, .. } => {
            tx.prepare_cached(
                "INSERT INTO rooms(code, room, updated) VALUES(?1, ?2, ?3)
                 ON CONFLICT(code) DO UPDATE SET room = excluded.room, updated = excluded.updated",
            )?
            .execute(params![code, json, now()])?;
        }
        Write::Step {
            code,
            game,
            idx,
            step,
            ..
        } => insert_step(tx, code, *game, *idx, *step)?,
        Write::Finished {
            code,
            number,
            ending,
            ranked,
            record,
            ratings,
            room,
            ..
        } => {
            if let Some((idx, step)) = ending {
                insert_step(tx, code, *number, *idx, *step)?;
            }
            tx.prepare_cached("UPDATE rooms SET room = ?2, updated = ?3 WHERE code = ?1")?
                .execute(params![code, room, now()])?;
            tx.prepare_cached(
                "INSERT INTO games(code, number, finished, ranked, record) VALUES(?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![code, number, now(), ranked, record])?;
            for r in ratings {
                tx.prepare_cached(
                    "UPDATE profiles SET rating = rating + ?2, games = games + 1, \
                     wins = wins + ?3 WHERE id = ?1",
                )?
                .execute(params![r.profile, r.change, r.won as i64])?;
            }
            // The finished game's steps stay until the next game ends, so that a restarted
            // server still shows its result; older games live on as records.
            tx.prepare_cached("DELETE FROM steps WHERE code = ?1 AND game < ?2")?
                .execute(params![code, number])?;
        }
        Write::DeleteRoom { code, .. } => {
            tx.prepare_cached("DELETE FROM steps WHERE code = ?1")?
                .execute([code])?;
            tx.prepare_cached("DELETE FROM rooms WHERE code = ?1")?
                .execute([code])?;
        }
        Write::NewProfile { key_hash, name } => {
            tx.prepare_cached(
                "INSERT INTO profiles(key_hash, name, rating, created) VALUES(?1, ?2, ?3, ?4)",
            )?
            .execute(params![
                key_hash,
                name,
                ludo_core::rating::START_RATING,
                now()
            ])?;
            return Ok(tx.last_insert_rowid());
        }
        Write::Rename { profile, name } => {
            tx.prepare_cached("UPDATE profiles SET name = ?2 WHERE id = ?1")?
                .execute(params![profile, name])?;
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::RatingChange;
    use ludo_core::Step;

    #[test]
    fn steps_round_trip_through_their_codes() {
        for step in (1..=6)
            .map(Step::Roll)
            .chain([Step::Release])
            .chain((0..4).map(Step::Move))
        {
            assert_eq!(step_of(step_code(step)), Some(step));
        }
        assert_eq!(step_of(7), None);
    }

    /// Profiles `names`, each with `games` ranked games of which `wins` won and `change` in
    /// all to its rating, written as finished games are.
    async fn played(store: &Sqlite, rows: &[(&str, i64, i64, f64)]) -> Vec<i64> {
        let mut ids = Vec::new();
        for (name, games, wins, change) in rows {
            let key_hash = format!("key of {name}");
            let name = name.to_string();
            let id = store
                .writer
                .write(Write::NewProfile { key_hash, name })
                .await
                .unwrap();
            for g in 0..*games {
                let ratings = vec![RatingChange {
                    profile: id,
                    change: change / *games as f64,
                    won: g < *wins,
                }];
                let code = format!("ROOM{id}");
                let w = Write::Finished {
                    code,
                    epoch: 0,
                    room: "{}".into(),
                    number: g as u32 + 1,
                    ending: None,
                    ranked: true,
                    record: "{}".into(),
                    ratings,
                };
                store.writer.write(w).await.unwrap();
            }
            ids.push(id);
        }
        ids
    }

    #[tokio::test]
    async fn the_leaderboard_lists_who_played_enough_best_first_with_their_wins() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("db.sqlite")).unwrap();
        let ids = played(
            &store,
            &[
                ("Ana", 5, 2, 40.0),
                ("Bea", 9, 6, 120.0),
                ("Cy", 4, 4, 300.0),
                ("<script>Dee</script>", 6, 1, -30.0),
            ],
        )
        .await;
        let leaders = store.leaders(10).unwrap();
        let names: Vec<&str> = leaders.iter().map(|l| l.name.as_str()).collect();
        // Cy has won every game but played four: not yet on the board.
        assert_eq!(names, ["Bea", "Ana", "<script>Dee</script>"]);
        assert_eq!(
            leaders.iter().map(|l| l.place).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!((leaders[0].games, leaders[0].wins), (9, 6));
        assert!((leaders[0].rating - ludo_core::rating::START_RATING - 120.0).abs() < 1e-6);
        // Each sees their own place; one not on the board has none.
        assert_eq!(store.leader(ids[0]).unwrap().map(|l| l.place), Some(2));
        assert_eq!(store.leader(ids[3]).unwrap().map(|l| l.place), Some(3));
        assert_eq!(store.leader(ids[2]).unwrap(), None);
        assert_eq!(store.leaders(1).unwrap().len(), 1);
    }

    #[test]
    fn a_database_from_before_wins_were_kept_gains_the_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE profiles(id INTEGER PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, \
             name TEXT NOT NULL, rating REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0, \
             created INTEGER NOT NULL);
             INSERT INTO profiles VALUES(1, 'k', 'Old', 1600, 12, 0);",
        )
        .unwrap();
        drop(old);
        let store = Sqlite::open(&path).unwrap();
        let leaders = store.leaders(10).unwrap();
        assert_eq!(leaders.len(), 1);
        assert_eq!((leaders[0].name.as_str(), leaders[0].wins), ("Old", 0));
    }
}
