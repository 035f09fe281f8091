//! What shaking does once rustc has nothing more to call dead, in order:
//! rustc's fixes to the crates' code, the trim, the crates' debug
//! assertions, and, for a bundle that does not fit, what the program
//! never runs. Each gives a new text, and the rounds go on.

use std::collections::BTreeSet;

use super::{
    asserts, fixes_in, instances, paths, trim, BeforeTrim, Checked, Checkpoint, LibraryWarning,
    State, FIX_ROUNDS,
};
use crate::error::Error;
use crate::rustc::Fix;
use crate::sourcemap::SourceMap;

impl State {
    /// The text the next stage gives, and its map, if one does.
    pub(super) fn next_stage(
        &mut self,
        checked: &Checked,
        warnings: &[LibraryWarning],
        edition: &str,
        fixable: &[String],
    ) -> Result<Option<(syn::File, Option<SourceMap>)>, Error> {
        if let Some((fixed, map)) = self.fix(checked, warnings, fixable)? {
            return Ok(Some((fixed, Some(map))));
        }
        if let Some(next) = self.trim(checked, edition, fixable)? {
            return Ok(Some(next));
        }
        let same_map = |file| Some((file, Some(checked.map.clone())));
        if let Some(dropped) = self.drop_asserts(checked, fixable) {
            return Ok(same_map(dropped));
        }
        if let Some(pruned) = self.prune(checked, edition, fixable)? {
            return Ok(same_map(pruned));
        }
        Ok(self.stub(checked, edition, fixable)?.and_then(same_map))
    }

    /// The text of `checked` with the fixes rustc offers for `warnings`
    /// written in ([`fixes_in`]), and its map; `None` if there is none to
    /// write, or after [`FIX_ROUNDS`].
    fn fix(
        &mut self,
        checked: &Checked,
        warnings: &[LibraryWarning],
        fixable: &[String],
    ) -> Result<Option<(syn::File, SourceMap)>, Error> {
        if self.fix_rounds == FIX_ROUNDS {
            return Ok(None);
        }
        self.fix_rounds += 1;
        let (fixes, nodes): (Vec<Fix>, Vec<String>) =
            fixes_in(checked, warnings, fixable, &self.first_warnings)
                .into_iter()
                .unzip();
        let (text, applied) = crate::migrate::apply(&checked.text, &fixes);
        if applied.is_empty() {
            return Ok(None);
        }
        let fixed = syn::parse_file(&text).map_err(|e| Error::SelfCheck {
            message: format!("the text rustc's fixes wrote does not parse: {e}"),
        })?;
        let map = checked.map.carry(&checked.tree, &fixed);
        let what = |at: usize| (fixes[at].lint.clone(), nodes[at].clone());
        self.fixed.extend(applied.into_iter().map(what));
        Ok(Some((fixed, map)))
    }

    /// Once the rounds, the fixes and the trim are done: the text without
    /// the crates' debug assertions ([`asserts`], once), if it had any.
    fn drop_asserts(&mut self, checked: &Checked, fixable: &[String]) -> Option<syn::File> {
        if std::mem::replace(&mut self.asserts_dropped, true) {
            return None;
        }
        let mut tree = checked.tree.clone();
        let dropped = asserts::drop_asserts(&mut tree, fixable);
        let why = |(path, n)| (path, format!("{n} debug assertions, not run under -O"));
        self.removed.extend(dropped.iter().cloned().map(why));
        (!dropped.is_empty()).then_some(tree)
    }

    /// Once all else is done: the text without the impls of which the
    /// program runs no function ([`instances`], tried once), if any went.
    fn prune(
        &mut self,
        checked: &Checked,
        edition: &str,
        fixable: &[String],
    ) -> Result<Option<syn::File>, Error> {
        if std::mem::replace(&mut self.pruned, true) {
            return Ok(None);
        }
        let (tree, text) = (&checked.tree, &checked.text);
        let Some((pruned, gone)) =
            instances::prune(tree, text, edition, fixable, &checked.diagnostics)?
        else {
            return Ok(None);
        };
        let why = |path| (path, "the program runs none of its functions".to_string());
        self.removed.extend(gone.into_iter().map(why));
        Ok(Some(pruned))
    }

    /// After [`State::prune`]: the text with the bodies of the functions
    /// the program never runs made a call of `never_run()` ([`instances::stub`],
    /// tried once), if any were.
    fn stub(
        &mut self,
        checked: &Checked,
        edition: &str,
        fixable: &[String],
    ) -> Result<Option<syn::File>, Error> {
        if std::mem::replace(&mut self.stubbed, true) {
            return Ok(None);
        }
        let (tree, text) = (&checked.tree, &checked.text);
        let Some((stubbed, bodies)) =
            instances::stub(tree, text, edition, fixable, &checked.diagnostics)?
        else {
            return Ok(None);
        };
        let why = |path| {
            (
                path,
                "the program never runs it: its body calls never_run()".into(),
            )
        };
        self.removed.extend(bodies.into_iter().map(why));
        Ok(Some(stubbed))
    }

    /// Once the rounds and the fixes are done: the text without the impls
    /// nothing calls through ([`trim`], tried once). When what that left
    /// dead has to stay (it would draw a warning): the trim again, sparing
    /// the impls that name the types holding what stays (and what rustc
    /// then asks for), once; then the text before it. `None`: none of
    /// these.
    fn trim(
        &mut self,
        checked: &Checked,
        edition: &str,
        fixable: &[String],
    ) -> Result<Option<(syn::File, Option<SourceMap>)>, Error> {
        if !std::mem::replace(&mut self.trimmed, true) {
            if let Some(trimmed) =
                trim::trim(&checked.tree, edition, fixable, &checked.diagnostics)?
            {
                let before = Checkpoint {
                    file: checked.tree.clone(),
                    map: Some(checked.map.clone()),
                    removed: self.removed.len(),
                };
                return Ok(Some(self.take_trim(before, trimmed, true)));
            }
        }
        let Some(before_trim) = self.before_trim.take() else {
            return Ok(None);
        };
        let BeforeTrim {
            checkpoint: before,
            kept,
            protected,
            trimmed,
        } = before_trim;
        // What the guard kept since, and shaking deleted after all (its
        // whole type went), draws no warning.
        let present = paths(&checked.tree);
        let stays: BTreeSet<String> = self.kept[kept.min(self.kept.len())..]
            .iter()
            .filter(|(path, _)| present.contains(path))
            .filter_map(|(path, _)| Some(path.rsplit("::").nth(1)?.to_string()))
            .collect();
        if stays.is_empty() {
            return Ok(None);
        }
        self.kept.truncate(kept);
        self.removed.truncate(before.removed);
        self.protected = protected;
        let holders = trim::holders(&before.file, &stays);
        let spared = match trimmed {
            Some(trimmed) => trimmed.sparing(&before.file, &holders, edition)?,
            None => None,
        };
        if let Some(spared) = spared {
            // No third try.
            return Ok(Some(self.take_trim(before, spared, false)));
        }
        Ok(Some((before.file, before.map)))
    }

    /// Records `trimmed` as taken from the text of `before` (and kept to
    /// spare some of it later, if `may_spare`): its text, with the map of
    /// `before`.
    fn take_trim(
        &mut self,
        before: Checkpoint,
        trimmed: trim::Trimmed,
        may_spare: bool,
    ) -> (syn::File, Option<SourceMap>) {
        self.removed.extend(trimmed.gone.iter().cloned());
        let next = (trimmed.file.clone(), before.map.clone());
        let spare = may_spare.then_some(trimmed);
        self.before_trim = Some(BeforeTrim {
            checkpoint: before,
            kept: self.kept.len(),
            protected: self.protected.clone(),
            trimmed: spare,
        });
        next
    }
}
