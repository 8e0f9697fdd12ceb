"""Files written by an earlier gin-tui still load, byte for byte.

``tests/fixtures/saves-v1/`` holds save files written by the code of commit
4e88cb5 (one per phase of a hand and per way a hand ends, in the standard
and Oklahoma presets); ``wire-views-v1.jsonl`` holds views as that code sent
them over the network.  Reading each one and writing it again must give the
same bytes, so a save file or a peer from before still works.  A classic
save of before (its rules without ``shutout``) is made from one of them.
"""

import json
import pathlib

import pytest

from ginrummy_tui.engine.state import view_from_dict, view_to_dict
from ginrummy_tui.net import protocol as P
from ginrummy_tui.storage import store

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
SAVES = sorted((FIXTURES / "saves-v1").glob("*.json"))


def test_the_fixtures_cover_every_phase_and_every_end():
    states = [json.loads(p.read_text(encoding="utf-8"))["state"] for p in SAVES]
    phases = {s["phase"] for s in states}
    assert phases == {"upcard", "draw", "discard", "hand_over", "match_over"}
    ends = {s["result"]["kind"] for s in states if s.get("result")}
    assert ends == {"knock", "gin", "big_gin", "undercut", "void"}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_old_save_loads_and_is_written_again_byte_for_byte(path, monkeypatch):
    raw = path.read_bytes()
    saved = store.read_save(path)
    assert isinstance(saved, store.SavedMatch), saved
    assert saved.state.phase == json.loads(raw)["state"]["phase"]
    monkeypatch.setattr(store, "now_iso", lambda: saved.saved_at)
    again = store.encode_save(
        saved.state, match_id=saved.match_id, settings=saved.settings, ui=saved.ui, replay=saved.replay
    )
    assert again.encode("utf-8") == raw


def test_old_views_on_the_wire_decode_and_encode_byte_for_byte():
    lines = (FIXTURES / "wire-views-v1.jsonl").read_bytes().splitlines(keepends=True)
    assert len(lines) >= 20
    for line in lines:
        message = P.decode(line)
        v = view_from_dict(message["view"])
        assert P.encode({"type": "view", "view": view_to_dict(v)}) == line


def test_an_old_classic_save_is_todays_classic_and_is_written_again_byte_for_byte(tmp_path, monkeypatch):
    """A classic match saved before the shutout option (its rules without the field) read as
    "classic (changed: no shutout)", scored without the shutout, and was written again with
    ``"shutout": false`` added."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.engine.rules import rules_label

    compact = {"separators": (",", ":"), "ensure_ascii": False}
    raw = (FIXTURES / "saves-v1" / "phase-standard-draw.json").read_text(encoding="utf-8")
    standard = json.dumps(PRESETS["standard"].to_dict(), **compact)
    old_classic = {k: v for k, v in PRESETS["classic"].to_dict().items() if k != "shutout"}
    assert standard in raw
    path = tmp_path / "classic.json"
    path.write_bytes(raw.replace(standard, json.dumps(old_classic, **compact)).encode("utf-8"))
    saved = store.read_save(path)
    assert isinstance(saved, store.SavedMatch), saved
    assert saved.state.rules == PRESETS["classic"] and rules_label(saved.state.rules) == "classic"
    monkeypatch.setattr(store, "now_iso", lambda: saved.saved_at)
    again = store.encode_save(
        saved.state, match_id=saved.match_id, settings=saved.settings, ui=saved.ui, replay=saved.replay
    )
    assert again.encode("utf-8") == path.read_bytes()
