//! `black-and-white serve [--port N] [--data DIR | --database URL]
//! [--advertise ws://HOST:PORT]`: the online server, headless
//! (docs/online.md).

use std::path::PathBuf;
use std::process::ExitCode;

use super::command::Command;
use crate::online::store::Database;

/// The port a server listens on when none is given.
pub const DEFAULT_PORT: u16 = 7480;

/// The port and where the games are kept.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut port = DEFAULT_PORT;
    let mut data = None;
    let mut database = None;
    let mut advertise = None;
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--port" => {
                let text = value()?;
                port = text
                    .parse()
                    .map_err(|_| format!("--port takes a port number, 0 to 65535, not `{text}`"))?;
            }
            "--data" => data = Some(PathBuf::from(value()?)),
            "--database" => {
                let url = value()?;
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    return Err(format!(
                        "--database takes a PostgreSQL URL (postgres://USER@HOST:PORT/NAME), not `{url}`; \
                         without it the games are kept in the data folder's SQLite file"
                    ));
                }
                database = Some(url.clone());
            }
            "--advertise" => {
                let url = value()?;
                if !url.starts_with("ws://") {
                    return Err(format!(
                        "--advertise takes the address players reach this server at (ws://HOST:PORT), not `{url}`"
                    ));
                }
                advertise = Some(url.clone());
            }
            other => return Err(format!("serve: unknown option `{other}`")),
        }
    }
    if data.is_some() && database.is_some() {
        return Err("serve: --data and --database name two stores: give one".into());
    }
    Ok(Command::Serve {
        port,
        data,
        database,
        advertise,
    })
}

pub fn run(
    port: u16,
    data: Option<PathBuf>,
    database: Option<String>,
    advertise: Option<String>,
) -> ExitCode {
    let database = match (database, data.or_else(crate::settings::data_folder)) {
        (Some(url), _) => Database::Postgres(url),
        (None, Some(folder)) => Database::Sqlite(folder),
        (None, None) => {
            eprintln!("black-and-white serve: no data folder: give one with --data DIR");
            return ExitCode::from(2);
        }
    };
    match crate::online::server::start(&format!("0.0.0.0:{port}"), &database, advertise) {
        Ok(running) => {
            eprintln!("black-and-white serve: {}", running.files);
            // One line on standard output, which the tests and the load
            // test read for the port.
            println!(
                "black-and-white serve: listening on ws://{} with {} games carried on from {}",
                running.address,
                running.kept,
                database.describe()
            );
            loop {
                std::thread::park();
            }
        }
        Err(e) => {
            eprintln!("black-and-white serve: {e}");
            ExitCode::from(1)
        }
    }
}
