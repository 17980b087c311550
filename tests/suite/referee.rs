//! The referee protocol, driving the real binary as a subprocess.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

/// Runs the referee with all of `input` on stdin; its stdout lines and exit code.
fn referee(args: &[&str], input: &[u8]) -> (Vec<String>, i32) {
    let mut child = Command::new(BIN)
        .arg("referee")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: the referee may stop reading before the end.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    (
        text.lines().map(String::from).collect(),
        output.status.code().unwrap_or(-1),
    )
}

fn parse(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"))
}

#[test]
fn start_then_ask_for_the_first_leader() {
    let (lines, code) = referee(&["--game", "tiles", "--seed", "42"], b"");
    assert_eq!(code, 3, "input ended before the end");
    let start = parse(&lines[0]);
    assert_eq!(start["type"], "start");
    assert_eq!(start["game"], "tiles");
    assert_eq!(start["seed"], 42);
    let first = start["first"].as_u64().unwrap();
    let ask = parse(&lines[1]);
    assert_eq!(
        ask,
        json!({"type":"ask","player":first,"view":{"round":1,"role":"lead","hand":[0,1,2,3,4,5,6,7,8],"score":[0,0],"opponent_left":{"black":5,"white":4}},"legal":[0,1,2,3,4,5,6,7,8]})
    );
    assert_eq!(lines.len(), 2, "nothing more after stdin ends");
}

#[test]
fn the_largest_seed_is_echoed_exactly() {
    let (lines, _) = referee(&["--game", "tiles", "--seed", "18446744073709551615"], b"");
    assert!(lines[0].contains("\"seed\":18446744073709551615"), "{}", lines[0]);
}

#[test]
fn bad_lines_are_errors_and_the_same_ask_follows_byte_for_byte() {
    let (lines, _) = referee(&["--game", "tiles", "--seed", "1"], b"");
    let first = parse(&lines[0])["first"].as_u64().unwrap();
    let other = 1 - first;
    let ask = lines[1].clone();
    let long = format!(
        "{{\"player\":{first},\"action\":{{\"tile\":1}},\"pad\":\"{}\"}}",
        "x".repeat(70_000)
    );
    let cases: Vec<(String, Value)> = vec![
        ("not json".into(), Value::Null),
        ("".into(), Value::Null),
        ("   ".into(), Value::Null),
        ("[1,2]".into(), Value::Null),
        (format!("{{\"player\":{first}}}"), json!(first)),
        (
            format!("{{\"player\":{first},\"action\":{{\"tile\":1}},\"extra\":0}}"),
            json!(first),
        ),
        ("{\"player\":5,\"action\":{\"tile\":1}}".into(), Value::Null),
        (
            format!("{{\"player\":{first}.0,\"action\":{{\"tile\":1}}}}"),
            Value::Null,
        ),
        (
            format!("{{\"player\":{other},\"action\":{{\"tile\":1}}}}"),
            json!(other),
        ),
        (
            format!("{{\"player\":{first},\"action\":{{\"tile\":5.0}}}}"),
            json!(first),
        ),
        (
            format!("{{\"player\":{first},\"action\":{{\"tile\":9}}}}"),
            json!(first),
        ),
        (
            format!("{{\"player\":{first},\"action\":{{\"tile\":-1}}}}"),
            json!(first),
        ),
        (
            format!("{{\"player\":{first},\"action\":{{\"tile\":1,\"x\":2}}}}"),
            json!(first),
        ),
        (
            format!("{{\"player\":{first},\"action\":{{\"timeout\":false}}}}"),
            json!(first),
        ),
        (long, Value::Null),
    ];
    for (line, player) in cases {
        let input = format!("{line}\n");
        let (out, code) = referee(&["--game", "tiles", "--seed", "1"], input.as_bytes());
        assert_eq!(code, 3);
        assert_eq!(
            out.len(),
            4,
            "start, ask, error, ask again for {:.80}: {out:?}",
            line
        );
        let error = parse(&out[2]);
        assert_eq!(error["type"], "error", "{line:.80}");
        assert_eq!(error["player"], player, "{line:.80}");
        assert!(!error["message"].as_str().unwrap().is_empty());
        assert_eq!(out[3], ask, "the same ask again, byte for byte");
    }
}

#[test]
fn invalid_utf8_is_an_error_not_a_crash() {
    let (out, code) = referee(&["--game", "tiles"], b"\xff\xfe{}\n");
    assert_eq!(code, 3);
    assert_eq!(parse(&out[2])["type"], "error");
}

#[test]
fn a_last_line_without_newline_still_counts() {
    let (lines, _) = referee(&["--game", "tiles", "--seed", "3"], b"");
    let first = parse(&lines[0])["first"].as_u64().unwrap();
    let input = format!("{{\"player\":{first},\"action\":{{\"tile\":4}}}}");
    let (out, code) = referee(&["--game", "tiles", "--seed", "3"], input.as_bytes());
    assert_eq!(code, 3);
    let ask = parse(&out[2]);
    assert_eq!(ask["type"], "ask");
    assert_eq!(ask["player"], 1 - first);
    assert_eq!(ask["view"]["led"], "black");
}

#[test]
fn two_bots_play_a_whole_game_without_reading() {
    let mut child = Command::new(BIN)
        .args([
            "referee", "--game", "tiles", "--seed", "9", "--bot", "0=hard", "--bot", "1=easy",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Stdin stays open: the referee must not wait for it.
    let _stdin = child.stdin.take();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<Value> = text.lines().map(parse).collect();
    assert_eq!(lines.len(), 1 + 9 + 1, "start, nine settled, end");
    assert!(lines[1..10].iter().all(|l| l["type"] == "settled"));
    let end = &lines[10];
    assert_eq!(end["type"], "end");
    let score: Vec<u64> = end["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let last = &lines[9];
    assert_eq!(last["score"], end["score"]);
    match &end["winner"] {
        Value::Null => assert_eq!(score[0], score[1]),
        w => assert!(score[w.as_u64().unwrap() as usize] > score[1 - w.as_u64().unwrap() as usize]),
    }
    assert_eq!(end["reveal"]["played"].as_array().unwrap().len(), 2);
}

/// Plays player 0 by always choosing the first legal tile, against a bot.
fn play_against_bot(seed: &str) -> Vec<String> {
    let mut child = Command::new(BIN)
        .args(["referee", "--game", "tiles", "--seed", seed, "--bot", "1=normal"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    let mut line = String::new();
    while out.read_line(&mut line).unwrap() > 0 {
        let message = parse(&line);
        lines.push(line.trim_end().to_string());
        line.clear();
        if message["type"] == "ask" {
            assert_eq!(message["player"], 0, "the bot's asks are not written");
            let tile = &message["legal"][0];
            writeln!(stdin, "{{\"player\":0,\"action\":{{\"tile\":{tile}}}}}").unwrap();
        }
    }
    assert_eq!(child.wait().unwrap().code(), Some(0));
    lines
}

#[test]
fn a_whole_game_against_a_bot_ends_and_replays_byte_for_byte() {
    let a = play_against_bot("12345");
    let b = play_against_bot("12345");
    assert_eq!(a, b, "same seed and input, same output");
    let last = parse(a.last().unwrap());
    assert_eq!(last["type"], "end");
    let asks = a.iter().filter(|l| l.contains("\"type\":\"ask\"")).count();
    assert_eq!(asks, 9, "player 0 is asked once in every round, round 9 included");
    let settled = a.iter().filter(|l| l.contains("\"type\":\"settled\"")).count();
    assert_eq!(settled, 9);
}

#[test]
fn bidding_asks_errors_and_a_whole_game_between_bots() {
    let (lines, code) = referee(&["--game", "bidding", "--seed", "2"], b"");
    assert_eq!(code, 3);
    let start = parse(&lines[0]);
    assert_eq!(start["game"], "bidding");
    let first = start["first"].as_u64().unwrap();
    assert_eq!(
        parse(&lines[1]),
        json!({"type":"ask","player":first,"view":{"round":1,"role":"first","pool":99,"lamps":[5,5],"wins":[0,0]},"legal":{"min":0,"max":99}})
    );
    let input = format!(
        "{{\"player\":{first},\"action\":{{\"bid\":100}}}}\n{{\"player\":{first},\"action\":{{\"bid\":12}}}}\n"
    );
    let (out, _) = referee(&["--game", "bidding", "--seed", "2"], input.as_bytes());
    assert_eq!(parse(&out[2])["type"], "error");
    assert_eq!(out[3], lines[1], "the same ask again");
    let second = parse(&out[4]);
    assert_eq!(second["view"]["card"], "white");
    assert_eq!(second["view"]["lamps"], json!([5, 5]), "lamps as the round began");

    let (out, code) = referee(
        &[
            "--game", "bidding", "--seed", "2", "--bot", "0=normal", "--bot", "1=easy",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out.len(), 11, "start, nine settled, end");
    let end = parse(&out[10]);
    assert_eq!(end["type"], "end");
    let bids = end["reveal"]["bids"].as_array().unwrap();
    for seat_bids in bids {
        let spent: u64 = seat_bids
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap())
            .sum();
        assert!(spent <= 99);
    }
}
