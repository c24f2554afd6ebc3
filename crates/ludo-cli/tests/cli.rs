//! The command-line tool as users and other tools meet it: real processes, real stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cli(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludo-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludo-cli starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

const ALL_IN_BASE: &str = r#"{"seats": 4, "turn": 0, "phase": "roll",
  "pieces": [["base","base","base","base"],["base","base","base","base"],
             ["base","base","base","base"],["base","base","base","base"]]}"#;

/// `text` written to `name` in `dir`: the file's path.
fn scratch(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn moves_lists_the_legal_moves_with_their_results() {
    let o = cli(
        &["moves"],
        &format!(r#"{{"state": {ALL_IN_BASE}, "roll": 6}}"#),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "all pieces in base are one move");
    assert_eq!(moves[0]["from"], "base");
    assert_eq!(moves[0]["to"], 0);
    assert_eq!(moves[0]["state"]["pieces"][0][0], 0);
    assert_eq!(moves[0]["events"][0]["event"], "entered");
    assert_eq!(moves[0]["events"][1]["event"], "extra_roll");
}

#[test]
fn moves_with_no_legal_move_reports_the_pass() {
    let o = cli(
        &["moves"],
        &format!(r#"{{"state": {ALL_IN_BASE}, "roll": 3}}"#),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
    assert_eq!(v["events"][1]["event"], "no_legal_move");
    assert_eq!(v["state"]["turn"], 1);
}

#[test]
fn moves_takes_house_rules() {
    let req =
        format!(r#"{{"rules": {{"exit_numbers": [1, 6]}}, "state": {ALL_IN_BASE}, "roll": 1}}"#);
    let o = cli(&["moves"], &req);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn malformed_json_exits_2_naming_line_and_column() {
    let o = cli(&["moves"], "{\n  \"state\": {\n    \"seats\": 4,,\n");
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("<stdin>:3:"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn unknown_field_exits_2_and_names_it() {
    let o = cli(
        &["moves"],
        &format!(r#"{{"state": {ALL_IN_BASE}, "roll": 6, "dice": 2}}"#),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown field `dice`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_state_with_five_pieces_exits_2() {
    let state = ALL_IN_BASE.replacen(
        r#"["base","base","base","base"]"#,
        r#"["base","base","base","base","base"]"#,
        1,
    );
    let o = cli(&["moves"], &format!(r#"{{"state": {state}, "roll": 6}}"#));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("seat 0 has 5 pieces"), "{}", stderr(&o));
}

#[test]
fn a_roll_of_seven_exits_2() {
    let o = cli(
        &["moves"],
        &format!(r#"{{"state": {ALL_IN_BASE}, "roll": 7}}"#),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not 7"), "{}", stderr(&o));
}

#[test]
fn a_bad_rules_file_exits_2_naming_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = scratch(&dir, "bad.ron", "(\n  three_sixes: maybe,\n)\n");
    let o = cli(&["simulate", "--rules", &path, "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains(&format!("{path}:2:")), "{e}");
    let path = scratch(&dir, "typo.ron", "(three_sixs: true)");
    let e = stderr(&cli(&["simulate", "--rules", &path, "--games", "1"], ""));
    assert!(e.contains("three_sixs"), "{e}");
}

#[test]
fn simulate_prints_win_rates_and_speed() {
    let o = cli(&["simulate", "--games", "400", "--seed", "3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("wins").count(), 4, "{out}");
    assert!(out.contains("games per second"), "{out}");
    assert!(out.contains("mean rolls per game"), "{out}");
    let again = cli(&["simulate", "--games", "400", "--seed", "3"], "");
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("per second"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        strip(&out),
        strip(&String::from_utf8_lossy(&again.stdout)),
        "same seed, same games"
    );
}

#[test]
fn a_recorded_game_replays_and_a_tampered_one_names_its_step() {
    let o = cli(&["record", "--seed", "5", "--seats", "3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let record = String::from_utf8_lossy(&o.stdout).into_owned();
    let r = cli(&["replay", "-"], &record);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(json(&r)["ranking"][0]["rank"], 1);

    let mut v: serde_json::Value = serde_json::from_str(&record).unwrap();
    let steps = v["steps"].as_array_mut().unwrap();
    let i = steps.iter().position(|s| s.get("move").is_some()).unwrap();
    steps[i] = serde_json::json!({"move": 9});
    let r = cli(&["replay", "-"], &v.to_string());
    assert_eq!(r.status.code(), Some(1));
    // Numbered from 1, as the record reads, with the step as the file writes it and where.
    let err = stderr(&r);
    assert!(
        err.contains(&format!("step {} ({{\"move\":9}})", i + 1)),
        "{err}"
    );
    assert!(err.starts_with("ludo-cli: <stdin>:1:"), "{err}");
}

#[test]
fn a_reader_that_goes_away_ends_the_tool_without_a_panic() {
    // `ludo-cli tournament … | head`, with a reader that has gone before the first line.
    // Enough games that the tool cannot have written everything into the pipe's buffer
    // before the reader goes (which would end it successfully, testing nothing).
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludo-cli"))
        .args([
            "tournament",
            "--seats",
            "random,random",
            "--games",
            "2000",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludo-cli starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.status.success(), "the output could not be written");
}

#[test]
fn seats_out_of_range_exit_2() {
    let o = cli(&["simulate", "--seats", "7", "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("2 to 6 seats"), "{}", stderr(&o));
}

// ---------------------------------------------------------------- tournaments and bots

fn repo_path(rel: &str) -> String {
    // Read when the test runs: a test binary built from another checkout (the build folder
    // is shared) must not look in that checkout.
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or(env!("CARGO_MANIFEST_DIR").into());
    format!("{dir}/../../{rel}")
}

#[test]
fn tournament_prints_every_player_with_a_confidence_interval() {
    let o = cli(
        &[
            "tournament",
            "--seats",
            "normal,random",
            "--games",
            "200",
            "--seed",
            "2",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("normal#0") && out.contains("random#1"),
        "{out}"
    );
    assert!(out.contains("95% CI") && out.contains("mean rank"), "{out}");
}

#[test]
fn a_bot_that_answers_correctly_finishes_games() {
    let bot = format!("greedy=python3 {}", repo_path("examples/bots/greedy.py"));
    let o = cli(
        &[
            "tournament",
            "--bot",
            &bot,
            "--seats",
            "greedy,random",
            "--games",
            "20",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("greedy#0"), "{out}");
    assert!(!out.contains("bot faults"), "{out}\n{}", stderr(&o));
    assert!(!stderr(&o).contains("fault"), "{}", stderr(&o));
}

#[test]
fn a_bot_that_answers_garbage_is_reported_and_the_first_move_played() {
    let bot = "junk=while read line; do echo 'not json'; done";
    let o = cli(
        &[
            "tournament",
            "--bot",
            bot,
            "--seats",
            "junk,random",
            "--games",
            "2",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("bot junk: game 0 turn"), "{e}");
    assert!(e.contains("is not JSON"), "{e}");
    assert!(e.contains("Sent: {\"id\":"), "{e}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("bot faults"));
}

#[test]
fn a_bot_that_names_no_legal_move_is_reported() {
    let bot = "wild=while read line; do echo 99; done";
    let o = cli(
        &[
            "tournament",
            "--bot",
            bot,
            "--seats",
            "wild,random",
            "--games",
            "1",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("names no legal move"), "{}", stderr(&o));
}

#[test]
fn a_bot_that_answers_too_late_is_timed_out_without_hanging() {
    let bot = "slow=while read line; do sleep 0.3; echo 0; done";
    let started = std::time::Instant::now();
    let o = cli(
        &[
            "tournament",
            "--bot",
            bot,
            "--seats",
            "slow,random",
            "--games",
            "1",
            "--seed",
            "4",
            "--bot-timeout-ms",
            "50",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no answer within 50 ms"),
        "{}",
        stderr(&o)
    );
    assert!(
        started.elapsed().as_secs() < 120,
        "the run should not wait for the bot"
    );
}

#[test]
fn a_bot_that_crashes_stops_the_run_with_a_clear_error() {
    let bot = "crash=read line; exit 3";
    let o = cli(
        &[
            "tournament",
            "--bot",
            bot,
            "--seats",
            "crash,random",
            "--games",
            "5",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("bot crash exited"), "{e}");
    assert!(e.contains("game 0"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn verify_checks_a_games_dice_names_a_changed_roll_and_counts_each_seats_faces() {
    let dir = tempfile::tempdir().unwrap();
    let record = cli(&["record", "--seed", "5", "--seats", "2"], "");
    assert!(record.status.success(), "{}", stderr(&record));
    let text = String::from_utf8(record.stdout).unwrap();
    let fair = cli(&["verify", &scratch(&dir, "fair.json", &text)], "");
    let said = String::from_utf8_lossy(&fair.stdout).into_owned();
    assert_eq!(fair.status.code(), Some(0), "{said}{}", stderr(&fair));
    assert!(said.contains("dice: fair"), "{said}");
    assert!(
        said.contains("seat 0 (") && said.contains("seat 1 ("),
        "{said}"
    );
    assert!(said.contains("the whole game: faces 1-6"), "{said}");
    // The first roll that is not a six, changed: the check names its step.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let steps = value["steps"].as_array_mut().unwrap();
    let at = steps
        .iter()
        .position(|s| s["roll"].as_u64().is_some_and(|v| v != 6))
        .unwrap();
    let v = steps[at]["roll"].as_u64().unwrap();
    steps[at]["roll"] = (v % 5 + 1).into();
    let changed = serde_json::to_string(&value).unwrap();
    let failed = cli(&["verify", &scratch(&dir, "changed.json", &changed)], "");
    let said = String::from_utf8_lossy(&failed.stdout).into_owned();
    assert_eq!(failed.status.code(), Some(1), "{said}");
    assert!(
        said.contains(&format!("dice: FAIL: step {} rolled", at + 1)),
        "{said}"
    );
    // Every roll changed in turn: a failed check exits 1 wherever it stops, also where a later
    // step no longer replays.
    let original: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rolls: Vec<usize> = (0..original["steps"].as_array().unwrap().len())
        .filter(|&i| original["steps"][i]["roll"].is_u64())
        .take(40)
        .collect();
    for at in rolls {
        let mut value = original.clone();
        let v = value["steps"][at]["roll"].as_u64().unwrap();
        value["steps"][at]["roll"] = (v % 6 + 1).into();
        let file = scratch(
            &dir,
            "changed.json",
            &serde_json::to_string(&value).unwrap(),
        );
        let o = cli(&["verify", &file], "");
        let said = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(1), "roll {at}: {said}{}", stderr(&o));
        assert!(said.contains("dice: FAIL"), "roll {at}: {said}");
    }
    // Not a game: exit 2, the file named.
    let garbage = cli(&["verify", &scratch(&dir, "g.json", "{\"steps\": [")], "");
    assert_eq!(garbage.status.code(), Some(2));
    assert!(
        stderr(&garbage).contains("g.json:1:"),
        "{}",
        stderr(&garbage)
    );
}

#[test]
fn analyse_prints_each_seats_luck_and_play_and_refuses_what_is_no_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let record = cli(&["record", "--seed", "5", "--seats", "4"], "");
    assert!(record.status.success(), "{}", stderr(&record));
    let text = String::from_utf8(record.stdout).unwrap();
    let file = scratch(&dir, "game.json", &text);
    let table = cli(&["analyse", &file], "");
    let said = String::from_utf8_lossy(&table.stdout).into_owned();
    assert_eq!(table.status.code(), Some(0), "{said}{}", stderr(&table));
    for seat in 0..4 {
        assert!(
            said.contains(&format!("\n{seat}    random:{seat}")),
            "{said}"
        );
    }
    // The JSON: one luck figure per seat on every throw, summing to zero; the summaries'
    // decisions are the counted ones.
    let o = cli(&["analyse", "--json", &file], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let a = json(&o);
    let throws = a["throws"].as_array().unwrap();
    assert!(throws.len() > 100);
    for t in throws {
        let luck: Vec<f64> = t["luck"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(luck.len(), 4);
        assert!(luck.iter().sum::<f64>().abs() < 1e-4, "{t}");
    }
    let counted = a["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["counted"] == true)
        .count() as u64;
    let summed: u64 = a["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["decisions"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, summed);
    // A game cut short is not analysed: exit 2, saying why.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["steps"].as_array_mut().unwrap().truncate(40);
    let short = scratch(&dir, "short.json", &serde_json::to_string(&value).unwrap());
    let o = cli(&["analyse", &short], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not over"), "{}", stderr(&o));
    // Not JSON: exit 2, the file and line named.
    let garbage = cli(&["analyse", &scratch(&dir, "g.json", "{\"steps\": [")], "");
    assert_eq!(garbage.status.code(), Some(2));
    assert!(
        stderr(&garbage).contains("g.json:1:"),
        "{}",
        stderr(&garbage)
    );
}
