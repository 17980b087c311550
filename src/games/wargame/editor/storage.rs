//! Where the editor saves: natively a file in the player's scenario folder
//! (which the folder watcher then lists in the picker); in the browser the
//! page's storage (listed at once, and again on the next visit) and a
//! download.

use std::path::Path;

use crate::games::wargame::engine::scenario_edits::ScenarioEditor;

/// Writes the scenario as `file` in `folder`; the path written, or why not.
pub fn save_in_folder(folder: &Path, file: &str, editor: &ScenarioEditor) -> Result<String, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let path = folder.join(file);
    std::fs::write(&path, editor.file_text()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.display().to_string())
}

/// A file name in `folder` for a new scenario: `name`, or `name` with a
/// count before `.ron` when another file already has it.
pub fn free_name(taken: impl Fn(&str) -> bool, name: &str) -> String {
    if !taken(name) {
        return name.to_string();
    }
    let stem = name.trim_end_matches(".ron");
    (2..)
        .map(|n| format!("{stem}-{n}.ron"))
        .find(|candidate| !taken(candidate))
        .expect("some count is free")
}
