"""Fuzzing the loader: whatever the bytes, it never raises, and it gives
either a game that can be played on or a clear reason."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game, view
from ginrummy_tui.storage.store import LoadError, SavedMatch, decode_save, encode_save

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _good_saves():
    out = []
    rng = random.Random(99)
    for preset in sorted(PRESETS):
        state = new_game(PRESETS[preset], seed=len(out))
        for step in range(90):
            acts = [a for a in legal_actions(state) if a.kind != "timeout"]
            state = apply(state, rng.choice(acts))
            if step % 30 == 7 and not state.over:
                out.append(encode_save(state, match_id=f"m{len(out)}", settings={"ai": "standard"}))
    return out


GOOD = _good_saves()


def _check(outcome):
    assert isinstance(outcome, (SavedMatch, LoadError))
    if isinstance(outcome, LoadError):
        assert isinstance(outcome.reason, str) and len(outcome.reason) > 5
        if outcome.newer:  # a "version" edited upwards: kept as it is, for the version that wrote it
            assert outcome.moved_to is None and "newer version of gin-tui" in outcome.message()
        else:
            assert outcome.message().startswith("Your saved match could not be used")
    else:
        # a game the app can go on with
        state = outcome.state
        assert not state.over
        view(state, 0)
        view(state, 1)
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        assert acts
        apply(state, acts[0])


@FUZZ
@given(raw=st.binary(max_size=2000))
def test_random_bytes_never_break_the_loader(raw):
    _check(decode_save(raw))


@FUZZ
@given(which=st.integers(0, len(GOOD) - 1), cut=st.floats(0, 1, exclude_max=True))
def test_truncated_saves_are_refused(which, cut):
    text = GOOD[which].encode()
    n = int(len(text.rstrip()) * cut)
    outcome = decode_save(text[:n])
    assert isinstance(outcome, LoadError)
    _check(outcome)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6) | st.sampled_from(["AS", "TD", "KH", "2C"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@FUZZ
@given(data=st.data(), which=st.integers(0, len(GOOD) - 1))
def test_edited_fields_give_a_game_or_a_reason(data, which):
    doc = json.loads(GOOD[which])
    paths = [p for p in _paths(doc) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            action = data.draw(st.sampled_from(["replace", "delete", "swap"]))
            if action == "delete" and isinstance(parent, dict):
                del parent[path[-1]]
            elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
                i, j = data.draw(st.integers(0, len(parent) - 1)), data.draw(st.integers(0, len(parent) - 1))
                parent[i], parent[j] = parent[j], parent[i]
            else:
                parent[path[-1]] = data.draw(JSON_VALUES)
        except (KeyError, IndexError, TypeError):
            continue
    _check(decode_save(json.dumps(doc).encode()))


def test_deep_nesting_is_refused_not_raised():
    outcome = decode_save(b"[" * 100_000 + b"]" * 100_000)
    assert isinstance(outcome, LoadError)


def test_the_fuzz_corpus_itself_loads():
    for text in GOOD:
        assert isinstance(decode_save(text.encode()), SavedMatch)
