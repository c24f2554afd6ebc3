//! The tool under hostile input: bots that never read, flood, exit, or answer in bytes that
//! are not text; output that cannot be written; states, records and arguments that cannot be.
//! Each case is bounded in time (a run that outlives its limit is killed and fails the test).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn manifest_dir() -> String {
    std::env::var("CARGO_MANIFEST_DIR").unwrap_or(env!("CARGO_MANIFEST_DIR").into())
}

fn bot(script: &str) -> String {
    format!("sh {}/tests/bots/{script}", manifest_dir())
}

/// Runs `cmd`, feeding `stdin`, killed after `limit`.
fn run_cmd(mut cmd: Command, stdin: &str, limit: Duration) -> Run {
    let started = Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(stdin.as_bytes());
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let o = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let e = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("not done within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&o.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&e.join().unwrap()).into_owned(),
    }
}

fn cli(args: &[&str], stdin: &str) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludo-cli"));
    cmd.args(args);
    run_cmd(cmd, stdin, Duration::from_secs(60))
}

/// The tool with at most `mib` of address space, so that a run whose memory grows without
/// bound dies instead of taking the machine.
fn cli_limited(args: &[&str], mib: u64) -> Run {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mib * 1024))
        .arg(env!("CARGO_BIN_EXE_ludo-cli"))
        .args(args);
    run_cmd(cmd, "", Duration::from_secs(60))
}

fn tournament_with(bot_cmd: &str, extra: &[&str]) -> Run {
    let spec = format!("x={bot_cmd}");
    let mut args = vec![
        "tournament",
        "--seats",
        "normal,x",
        "--bot",
        &spec,
        "--seed",
        "1",
    ];
    args.extend_from_slice(extra);
    cli(&args, "")
}

// ------------------------------------------------------------------------------- bots

#[test]
fn a_bot_that_never_reads_its_input_cannot_hang_the_run() {
    let r = tournament_with(
        &bot("never-reads.sh"),
        &["--games", "1", "--bot-timeout-ms", "10"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("bot faults:"), "{}", r.stdout);
}

#[test]
fn a_bot_that_floods_its_output_keeps_the_memory_bounded() {
    for (cmd, games) in [("yes 0", "200"), ("cat /dev/zero", "1")] {
        let spec = format!("x={cmd}");
        let r = cli_limited(
            &[
                "tournament",
                "--seats",
                "normal,x",
                "--bot",
                &spec,
                "--games",
                games,
                "--bot-timeout-ms",
                "5",
            ],
            400,
        );
        assert_eq!(r.code, Some(0), "{cmd}: {}", r.stderr);
        assert!(
            r.stdout.contains("games, seats rotated"),
            "{cmd}: {}",
            r.stdout
        );
    }
}

#[test]
fn a_bot_that_exits_is_named_with_its_status_every_time() {
    for _ in 0..6 {
        let r = cli(
            &[
                "tournament",
                "--seats",
                "normal,x,normal,normal",
                "--bot",
                "x=true",
                "--games",
                "2",
            ],
            "",
        );
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(
            r.stderr.contains("bot x exited (exit status: 0)"),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn an_answer_that_is_not_text_is_a_fault() {
    let r = tournament_with(&bot("not-utf8.sh"), &["--games", "1"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stderr.contains("not UTF-8"), "{}", r.stderr);
    assert!(r.stdout.contains("bot faults:"), "{}", r.stdout);
}

#[test]
fn huge_answers_are_quoted_short_and_counted() {
    let r = tournament_with(&bot("huge-lines.sh"), &["--games", "1"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("longer than 65536 bytes"),
        "{}",
        &r.stderr[..500.min(r.stderr.len())]
    );
    assert!(
        r.stderr.len() < 20_000,
        "{} bytes of stderr",
        r.stderr.len()
    );
    let faults: u64 = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("bot faults: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        faults > 20,
        "every fault counted ({faults}), the first 20 shown"
    );
}

#[test]
fn an_answer_for_another_decision_is_a_fault() {
    let r = tournament_with(&bot("future-id.sh"), &["--games", "1"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("has id 99999, but this request's id is"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("an id that is not the request's"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_bot_and_what_it_started_end_with_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = format!("{}/bot.pid", dir.path().display());
    // Through `sh -c "cd . && …"`, so the bot is not the shell's own process.
    let cmd = format!("cd . && {} {pidfile}", bot("outlives.sh"));
    let r = tournament_with(&cmd, &["--games", "2"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let pid = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .to_string();
    std::thread::sleep(Duration::from_millis(200));
    // Gone, or a zombie waiting for whoever adopted it to reap it.
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let alive = state
        .rsplit_once(')')
        .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'));
    assert!(!alive, "the bot's process {pid} outlived the run: {state}");
}

// ----------------------------------------------------------------------------- output

#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let record = cli(&["record", "--seats", "2", "--seed", "3"], "");
    let path = format!("{}/r.json", dir.path().display());
    std::fs::write(&path, &record.stdout).unwrap();
    let request = r#"{"state": {"seats": 2, "turn": 0, "phase": "roll",
        "pieces": [["base","base","base","base"],["base","base","base","base"]]}, "roll": 6}"#;
    let cases: [(&[&str], &str); 5] = [
        (&["simulate", "--games", "10"], ""),
        (&["record"], ""),
        (&["replay", &path], ""),
        (&["moves"], request),
        (
            &["tournament", "--seats", "random,random", "--games", "3"],
            "",
        ),
    ];
    for (args, stdin) in cases {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludo-cli"));
        cmd.args(args);
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

// ------------------------------------------------------------------------------ moves

const TWO_IN_BASE: &str = r#"[["base","base","base","base"],["base","base","base","base"]]"#;

#[test]
fn a_state_waiting_for_a_move_lists_its_moves_and_says_what_to_send() {
    let state = r#"{"seats": 2, "turn": 0, "phase": "move", "roll": 6,
        "pieces": [[10,"base","base","base"],["base","base","base","base"]]}"#;
    let r = cli(&["moves"], &format!(r#"{{"state": {state}}}"#));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["events"].as_array().unwrap().len(), 0);
    let r = cli(&["moves"], &format!(r#"{{"state": {state}, "roll": 6}}"#));
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("leave the request's `roll` out"),
        "{}",
        r.stderr
    );
    let over = format!(
        r#"{{"state": {{"seats": 2, "turn": 0, "phase": "roll", "pieces": {TWO_IN_BASE}}}}}"#
    );
    let r = cli(&["moves"], &over);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("give `roll`, 1 to 6"), "{}", r.stderr);
}

// ----------------------------------------------------------------- states that cannot be

fn moves_with(rules: &str, state_fields: &str, pieces: &str) -> Run {
    cli(
        &["moves"],
        &format!(
            r#"{{"rules": {rules}, "state": {{"seats": 2, "turn": 0, "pieces": {pieces}, {state_fields}}}, "roll": 3}}"#
        ),
    )
}

#[test]
fn impossible_states_are_refused_naming_the_field() {
    let cases = [
        (
            "{}",
            r#""phase": "roll", "tries": 255"#,
            TWO_IN_BASE,
            "`tries`",
        ),
        (
            "{}",
            r#""phase": "roll", "tries": 1"#,
            TWO_IN_BASE,
            "up_to_three_rolls",
        ),
        (
            r#"{"no_piece_in_play": "up_to_three_rolls"}"#,
            r#""phase": "roll", "tries": 5"#,
            TWO_IN_BASE,
            "`tries`",
        ),
        (
            "{}",
            r#""phase": "roll", "sixes": 255"#,
            TWO_IN_BASE,
            "`sixes`",
        ),
        (
            "{}",
            r#""phase": "roll_off", "roll_off": {"contenders": [0, 1], "rolls": []}"#,
            TWO_IN_BASE,
            "`phase`",
        ),
        (
            "{}",
            r#""phase": "roll", "first_seat": 9"#,
            TWO_IN_BASE,
            "`first_seat`",
        ),
        ("{}", r#""phase": "roll", "turn": 7"#, TWO_IN_BASE, "`turn`"),
        // Yellow's two pieces and red's two on the star eight squares past yellow's start.
        (
            "{}",
            r#""phase": "roll""#,
            r#"[[8, 8, "base", "base"], [34, 34, "base", "base"]]"#,
            "`pieces`",
        ),
    ];
    for (rules, fields, pieces, needle) in cases {
        let fields = fields.replace(r#""turn": 7"#, r#""phase2": 0"#);
        let r = if needle == "`turn`" {
            cli(
                &["moves"],
                &format!(
                    r#"{{"state": {{"seats": 2, "turn": 7, "phase": "roll", "pieces": {pieces}}}, "roll": 3}}"#
                ),
            )
        } else {
            moves_with(rules, &fields, pieces)
        };
        assert_eq!(r.code, Some(2), "{fields}: {}", r.stdout);
        assert!(r.stderr.contains(needle), "{fields}: {}", r.stderr);
    }
}

// -------------------------------------------------------------------------- arguments

#[test]
fn bad_arguments_get_clear_short_errors() {
    let r = cli(&["tournament", "--seats", "4"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("one player per seat"), "{}", r.stderr);
    let many = vec!["random"; 300].join(",");
    let r = cli(&["tournament", "--seats", &many], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("not 300"), "{}", r.stderr);
    let huge = format!("{},random", "z".repeat(100_000));
    let r = cli(&["tournament", "--seats", &huge], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.len() < 2_000, "{} bytes", r.stderr.len());
    for sub in ["tournament", "simulate"] {
        let r = cli(&[sub, "--games", "0"], "");
        assert_eq!(r.code, Some(2), "{sub}");
        assert!(
            r.stderr.contains("--games: at least 1"),
            "{sub}: {}",
            r.stderr
        );
    }
    let r = cli(&["simulate", "--rules", "-", "--games", "1"], "[true, 1]");
    assert_eq!(r.code, Some(2));
    let dir = tempfile::tempdir().unwrap();
    let rules = format!("{}/rules.json", dir.path().display());
    std::fs::write(&rules, "  [true, [6]]").unwrap();
    let r = cli(&["simulate", "--rules", &rules, "--games", "1"], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains(":1:3: expected an object"),
        "{}",
        r.stderr
    );
    let r = cli(&["moves", "--input", "/dev/zero"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("larger than 16 MiB"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------- records

fn record(seed: &str) -> serde_json::Value {
    let r = cli(&["record", "--seats", "2", "--seed", seed], "");
    serde_json::from_str(&r.stdout).unwrap()
}

fn replay(v: &serde_json::Value) -> Run {
    cli(&["replay", "-"], &v.to_string())
}

#[test]
fn records_say_what_is_wrong_with_them() {
    // A seeded record with a roll of 7: the roll cannot be, whatever the die says.
    let mut v = record("4");
    v["steps"][0] = serde_json::json!({"roll": 7});
    let r = replay(&v);
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr.contains("a die shows 1 to 6, not 7"),
        "{}",
        r.stderr
    );
    // A step after the end.
    let mut v = record("4");
    v["steps"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"roll": 3}));
    let r = replay(&v);
    assert_eq!(r.code, Some(1));
    assert!(r.stderr.contains("waits for Over"), "{}", r.stderr);
    // Cut short: replays, and says so.
    let mut v = record("4");
    v["steps"].as_array_mut().unwrap().truncate(10);
    let r = replay(&v);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("note: the record ends after step 10"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("\"over\": false"), "{}", r.stdout);
    // Version 0, and a record that cannot start a game, are bad input.
    let mut v = record("4");
    v["version"] = serde_json::json!(0);
    let r = replay(&v);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("`version` is 0"), "{}", r.stderr);
    let mut v = record("4");
    v["players"] = serde_json::json!(["solo"]);
    let r = replay(&v);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

// ------------------------------------------------------------------------- the docs

/// Every request, rules file and record in docs/CLI.md is accepted as it is written.
#[test]
fn every_documented_example_runs() {
    let doc = std::fs::read_to_string(format!("{}/../../docs/CLI.md", manifest_dir())).unwrap();
    let mut blocks = 0;
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let lang = match line.trim() {
            "```json" => "json",
            "```ron" => "ron",
            _ => continue,
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let body = body.join("\n");
        blocks += 1;
        let r = if lang == "ron" {
            let dir = tempfile::tempdir().unwrap();
            let path = format!("{}/example-{blocks}.ron", dir.path().display());
            std::fs::write(&path, &body).unwrap();
            cli(&["simulate", "--rules", &path, "--games", "2"], "")
        } else if body.contains("\"steps\"") {
            cli(&["replay", "-"], &body)
        } else {
            cli(&["moves"], &body)
        };
        assert_eq!(
            r.code,
            Some(0),
            "docs/CLI.md example {blocks}:\n{body}\n{}",
            r.stderr
        );
    }
    assert!(blocks >= 3, "{blocks} examples found");
}
