//! The date a replay was kept, as ISO 8601 in UTC.

/// Now: "2026-12-02T09:14:03Z".
#[cfg(not(target_arch = "wasm32"))]
pub fn now_iso() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    iso(seconds)
}

/// Now, from the browser's clock (`SystemTime` has none on the web).
#[cfg(target_arch = "wasm32")]
pub fn now_iso() -> String {
    iso((js_sys::Date::now() / 1000.0) as u64)
}

/// Seconds since 1970 as a UTC date and time (the civil-from-days
/// algorithm: days counted in 400-year eras from 0000-03-01).
pub fn iso(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let time = seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        time / 3600,
        time % 3600 / 60,
        time % 60
    )
}
