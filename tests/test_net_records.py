"""What a hosted match leaves on disk: the archive of each match, the
records of the statistics on both sides, what a host restart takes up again."""

from __future__ import annotations

from ginrummy_tui.engine import PRESETS, Action, apply
from ginrummy_tui.engine.kinds import Kind
from ginrummy_tui.storage.store import Store, read_save

from .test_net import SEED

TIMED = PRESETS["multiplayer-1.5"]


def _host(tmp_path, **kw):
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match

    store = Store(tmp_path, SAVE_NAME)
    options = dict(rules_name="multiplayer-1.5", seed=SEED, new=False, name="Ann", say=lambda text: None)
    options.update(kw)
    keeper, state, code = prepare_match(store, **options)
    return store, keeper, state, code


def test_each_hosted_match_of_a_run_keeps_its_own_archive(tmp_path):
    # A new match after a finished one (both players pressed n) was archived
    # under the first match's id: the second archive replaced the first.
    store, keeper, state, _ = _host(tmp_path)
    first = apply(state, Action(Kind.TIMEOUT))  # the host's time runs out: the match is over
    keeper.on_change(first)
    second = apply(apply(first, Action(Kind.NEW_MATCH)), Action(Kind.TIMEOUT))
    keeper.on_change(apply(first, Action(Kind.NEW_MATCH)))
    keeper.on_change(second)
    archived = sorted(store.archive_dir.glob("*.json"))
    assert len(archived) == 2
    matches = sorted(read_save(path).state.match_no for path in archived)  # type: ignore[union-attr]
    assert matches == [1, 2]
