//! The referee protocol, driving the real binary as a subprocess.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::support::{betting_p0, betting_p1};

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

/// Runs the referee with all of `input` on stdin; its stdout lines and exit code.
pub fn referee(args: &[&str], input: &[u8]) -> (Vec<String>, i32) {
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

pub fn parse(line: &str) -> Value {
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

fn betting_line(player: u64, action: Value) -> String {
    format!("{}\n", json!({"player": player, "action": action}))
}

#[test]
fn betting_setup_slots_and_timeouts_as_the_protocol_says() {
    let (lines, code) = referee(&["--game", "betting", "--seed", "4"], b"");
    assert_eq!(code, 3);
    assert_eq!(
        parse(&lines[0]),
        json!({"type":"start","game":"betting","seed":4,"first":null})
    );
    assert_eq!(
        parse(&lines[1]),
        json!({"type":"ask","player":0,"view":{"phase":"setup","tiles":[0,1,2,3,4,5,6,7,8,9],"chips":30},"legal":{"slots":10,"min_chips":1,"total_chips":30}})
    );

    let p0 = json!({"arrangement": betting_p0()});
    let p1 = json!({"arrangement": betting_p1()});
    let mut short = betting_p0();
    short[9].chips -= 1;
    let short = json!({"arrangement": short});
    let input = [
        betting_line(0, json!({"timeout": false})),
        betting_line(0, short),
        betting_line(0, p0),
        betting_line(1, p1),
        betting_line(0, json!({"decision": "match", "from_winnings": 0})),
        betting_line(0, json!({"decision": "match", "from_winnings": 0, "pull": [{"slot": 10, "chips": 4}, {"slot": 9, "chips": 1}]})),
        betting_line(0, json!({"decision": "match", "from_winnings": 0, "pull": [{"slot": 10, "chips": 3}, {"slot": 9, "chips": 2}]})),
        betting_line(1, json!({"timeout": true})),
    ]
    .concat();
    let (out, code) = referee(&["--game", "betting", "--seed", "4"], input.as_bytes());
    assert_eq!(code, 3, "input ends before the game does");
    let out: Vec<Value> = out.iter().map(|l| parse(l)).collect();
    assert_eq!(out[2]["type"], "error");
    assert_eq!(out[3], out[1], "the same ask again");
    assert!(out[4]["message"].as_str().unwrap().contains("29, not 30"));
    assert_eq!(out[6]["player"], 1, "then player 1 arranges");
    assert_eq!(
        out[7],
        json!({"type":"ask","player":0,"view":{"phase":"slot","slot":1,"tile":5,"colours":["white","black"],"chips":[1,6],"winnings":[0,0],"later":[29,24],
            "mine":[{"slot":2,"tile":0,"chips":3},{"slot":3,"tile":1,"chips":3},{"slot":4,"tile":2,"chips":3},{"slot":5,"tile":3,"chips":3},{"slot":6,"tile":4,"chips":3},{"slot":7,"tile":6,"chips":3},{"slot":8,"tile":7,"chips":3},{"slot":9,"tile":8,"chips":4},{"slot":10,"tile":9,"chips":4}]},
            "legal":{"decisions":["match","fold"],"gap":5,"available":20}})
    );
    assert!(out[8]["message"].as_str().unwrap().contains("both"));
    assert!(out[10]["message"].as_str().unwrap().contains("keep at least 1"));
    assert_eq!(
        out[12],
        json!({"type":"settled","slot":1,"opened":[1,6],"chips":[6,6],"colours":["white","black"],"outcome":"showdown","folder":null,"auto":false,"tiles":[5,4],"winner":0,"winnings":[12,0],"later":[24,24]})
    );
    let settled: Vec<&Value> = out[12..].iter().take_while(|v| v["type"] == "settled").collect();
    assert_eq!(settled.len(), 6, "slots 2-6 settle by themselves");
    let ask = &out[18];
    assert_eq!(
        (ask["player"].clone(), ask["view"]["slot"].clone()),
        (json!(1), json!(7))
    );
    assert_eq!(
        out[19],
        json!({"type":"settled","slot":7,"opened":[3,2],"chips":[3,2],"colours":["black","black"],"outcome":"fold","folder":1,"auto":true,"tiles":null,"winner":0,"winnings":[29,18],"later":[6,7]})
    );
}

#[test]
fn betting_setup_timeouts_and_two_bots_replay_byte_for_byte() {
    let input = [
        betting_line(0, json!({"timeout": true})),
        betting_line(1, json!({"timeout": true})),
    ]
    .concat();
    let (a, _) = referee(&["--game", "betting", "--seed", "9"], input.as_bytes());
    let (b, _) = referee(&["--game", "betting", "--seed", "9"], input.as_bytes());
    assert_eq!(a, b, "a random arrangement comes from the seed");
    assert!(a.len() > 3);

    let args = [
        "--game", "betting", "--seed", "9", "--bot", "0=hard", "--bot", "1=easy",
    ];
    let (out, code) = referee(&args, b"");
    assert_eq!(code, 0);
    assert_eq!(referee(&args, b"").0, out);
    let end = parse(out.last().unwrap());
    assert_eq!(end["type"], "end");
    let score = end["score"].as_array().unwrap();
    assert_eq!(score[0].as_u64().unwrap() + score[1].as_u64().unwrap(), 60);
    for arrangement in end["reveal"]["arrangements"].as_array().unwrap() {
        let chips: u64 = arrangement
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["chips"].as_u64().unwrap())
            .sum();
        assert_eq!(chips, 30, "as placed at setup");
    }
    assert_eq!(out.iter().filter(|l| l.contains("\"settled\"")).count(), 10);
}

#[test]
fn wargame_builds_behind_the_curtain_and_refuses_illegal_actions_clearly() {
    let line = |player: u64, action: Value| format!("{}\n", json!({"player": player, "action": action}));
    let mut input = String::new();
    input += &line(
        0,
        json!({"type": "build", "commander": null, "army": [{"class": "sirens_of_vesania", "at": [0, 0]}]}),
    );
    input += &line(
        0,
        json!({"type": "build", "commander": null, "army": [{"class": "line_infantry", "at": [0, 0]}, {"class": "marksmen", "at": [1, 0]}]}),
    );
    input += &line(
        1,
        json!({"type": "build", "commander": null, "army": [{"class": "sirens_of_vesania", "at": [3, 7]}]}),
    );
    input += &line(0, json!({"type": "fly", "to": [1, 1]}));
    let (lines, code) = referee(
        &["--game", "wargame", "--scenario", "21", "--seed", "4"],
        input.as_bytes(),
    );
    assert_eq!(code, 3, "input ended before the end");
    let start = parse(&lines[0]);
    assert_eq!(
        (start["type"].as_str(), start["game"].as_str()),
        (Some("start"), Some("wargame"))
    );
    // Who begins is rolled once both armies stand, not before.
    assert_eq!(start["first"], Value::Null, "{start}");
    let ask = parse(&lines[1]);
    assert_eq!(ask["player"], 0);
    assert_eq!(ask["legal"]["build"]["budget"], 20);
    assert_eq!(ask["view"]["units"], json!([]));
    let error = parse(&lines[2]);
    assert_eq!(error["type"], "error");
    assert!(error["message"].as_str().unwrap().contains("Vesania"), "{error}");
    assert_eq!(lines[3], lines[1], "the same ask follows");
    // Player 0's army is built: the count goes to player 0 alone, and player
    // 1 learns only that it is done.
    assert_eq!(
        parse(&lines[4]),
        json!({"type": "event", "event": "army_built", "player": 0, "blocks": 2, "to": 0})
    );
    assert_eq!(
        parse(&lines[5]),
        json!({"type": "event", "event": "army_built", "player": 0, "blocks": null, "to": 1})
    );
    // Player 1 builds seeing none of player 0's army.
    let ask1 = parse(&lines[6]);
    assert_eq!(
        (ask1["type"].as_str(), ask1["player"].as_u64()),
        (Some("ask"), Some(1))
    );
    assert_eq!(ask1["view"]["units"], json!([]));
    assert_eq!(ask1["view"]["sides"][0]["commander"], Value::Null);
    let events: Vec<Value> = lines
        .iter()
        .map(|l| parse(l))
        .filter(|v| v["type"] == "event")
        .collect();
    let begins = events.iter().find(|e| e["event"] == "battle_begins").unwrap();
    let first = begins["first"].as_u64().unwrap();
    let battle_ask = lines
        .iter()
        .map(|l| parse(l))
        .rfind(|v| v["type"] == "ask")
        .unwrap();
    assert_eq!(battle_ask["player"].as_u64(), Some(first));
    assert!(
        battle_ask["legal"]
            .as_array()
            .unwrap()
            .contains(&json!({"type": "end_turn"}))
    );
    // Whoever moves first, the enemy block shows its type only.
    let enemy = battle_ask["view"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["owner"].as_u64() != Some(first))
        .unwrap()
        .clone();
    assert_eq!(
        (enemy["class"].clone(), enemy["size"].clone()),
        (Value::Null, Value::Null)
    );
    if first == 0 {
        let error = lines
            .iter()
            .map(|l| parse(l))
            .rfind(|v| v["type"] == "error")
            .unwrap();
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("not a wargame action"),
            "{error}"
        );
    }
}

#[test]
fn wargame_bots_replay_byte_for_byte_and_forced_dice_come_first() {
    let args = [
        "--game",
        "wargame",
        "--scenario",
        "1",
        "--bot",
        "0=normal",
        "--bot",
        "1=normal",
        "--seed",
        "9",
    ];
    let (a, code) = referee(&args, b"");
    assert_eq!(code, 0);
    assert_eq!(a, referee(&args, b"").0);
    let end = parse(a.last().unwrap());
    assert_eq!(end["type"], "end");
    assert_eq!(
        end["reveal"]["units"].as_array().unwrap().len(),
        a.iter()
            .map(|l| parse(l))
            .filter(|v| v["event"] == "army_built")
            .filter_map(|v| v["blocks"].as_u64())
            .sum::<u64>() as usize
    );
    let mut forced = args.to_vec();
    forced.extend(["--dice", "6,6,6,6,6,6"]);
    let (b, _) = referee(&forced, b"");
    let first_roll = b
        .iter()
        .map(|l| parse(l))
        .find(|v| v.get("dice").is_some() || v.get("die").is_some())
        .expect("someone rolls");
    let dice = first_roll
        .get("dice")
        .cloned()
        .unwrap_or_else(|| json!([first_roll["die"]]));
    assert!(dice.as_array().unwrap().iter().all(|d| d == 6), "{first_roll}");
}
