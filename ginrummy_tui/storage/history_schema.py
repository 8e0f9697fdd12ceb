"""The schema of the match history database (``history.sqlite3``): the
migration from each version to the next, and the hand figures the
``tallies`` trigger keeps (:mod:`ginrummy_tui.storage.history` opens and
upgrades the file)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from ginrummy_tui.engine.kinds import EndKind


def statements(script: str) -> Iterator[str]:
    """The statements of a migration script (a trigger's body kept whole)."""
    part = ""
    for piece in script.split(";"):
        part += piece + ";"
        if sqlite3.complete_statement(part):
            if part.strip(" \n;"):
                yield part.strip()
            part = ""


_V1 = """
CREATE TABLE rulesets (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL UNIQUE
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    started TEXT,
    updated TEXT,
    ended TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    replay INTEGER NOT NULL DEFAULT 0,
    opponent TEXT NOT NULL,
    preset TEXT NOT NULL,
    rules INTEGER REFERENCES rulesets(id),
    seed INTEGER,
    match_no INTEGER,
    hints INTEGER NOT NULL DEFAULT 0,
    winner INTEGER,
    score0 INTEGER, score1 INTEGER,
    total0 INTEGER, total1 INTEGER,
    extra TEXT
);
CREATE INDEX matches_level ON matches (opponent, preset, replay, finished, winner, abandoned, hints);
CREATE INDEX matches_preset ON matches (preset);
CREATE INDEX matches_date ON matches (started, uid);
CREATE TABLE hands (
    match INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    hand_no INTEGER NOT NULL,
    dealer INTEGER,
    kind TEXT NOT NULL,
    knocker INTEGER,
    winner INTEGER,
    points INTEGER NOT NULL,
    dw0 INTEGER, dw1 INTEGER,
    score0 INTEGER, score1 INTEGER,
    PRIMARY KEY (match, seq)
) WITHOUT ROWID;
CREATE TABLE plays (
    match INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (match, seq)
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value
);
"""

_V2 = """
CREATE TABLE hints (
    match INTEGER NOT NULL REFERENCES matches(id),
    hand_no INTEGER,
    move_no INTEGER,
    at TEXT
);
CREATE INDEX hints_match ON hints (match);
"""

# The figures of the hands, kept up to date per (opponent, preset) by a trigger
# as hands are written (so that the statistics read a few rows, not every
# hand), and indexes that give the finished matches in the order they ended.
_HAND_SUMS = {  # {ord} and the {KIND} names are filled in below, from EndKind
    "hands": "NEW.kind != {TIMEOUT}",
    "voids": "NEW.kind = {VOID}",
    "hands_won": "{ord} AND NEW.winner IS 0",
    "hands_lost": "{ord} AND NEW.winner IS 1",
    "points": "CASE WHEN {ord} AND NEW.winner IS 0 THEN NEW.points ELSE 0 END",
    "points_against": "CASE WHEN {ord} AND NEW.winner IS 1 THEN NEW.points ELSE 0 END",
    "knocks": "{ord} AND NEW.knocker IS 0 AND NEW.kind IN ({KNOCK}, {UNDERCUT})",
    "gins": "{ord} AND NEW.knocker IS 0 AND NEW.kind = {GIN}",
    "big_gins": "{ord} AND NEW.knocker IS 0 AND NEW.kind = {BIG_GIN}",
    "undercuts_received": "{ord} AND NEW.knocker IS 0 AND NEW.kind = {UNDERCUT}",
    "opponent_knocks": "{ord} AND NEW.knocker IS 1 AND NEW.kind IN ({KNOCK}, {UNDERCUT})",
    "opponent_gins": "{ord} AND NEW.knocker IS 1 AND NEW.kind IN ({GIN}, {BIG_GIN})",
    "undercuts_given": "{ord} AND NEW.knocker IS 1 AND NEW.kind = {UNDERCUT}",
    "timeouts_lost": "NEW.kind = {TIMEOUT} AND NEW.winner IS 1",
}
HAND_FIGURES = tuple(_HAND_SUMS)
_END_SQL = {k.name: f"'{k.value}'" for k in EndKind}
"""Each way a hand ends, as an SQL literal (``{KNOCK}`` in the expressions above)."""
_ORD = "NEW.kind NOT IN ({TIMEOUT}, {VOID})".format(**_END_SQL)
HAND_EXPR = {name: expr.format(ord=_ORD, **_END_SQL) for name, expr in _HAND_SUMS.items()}
TALLY_FILL = (
    "INSERT INTO tallies SELECT m.opponent, m.preset, "
    + ", ".join(f"sum({expr.replace('NEW.', 'h.')})" for expr in HAND_EXPR.values())
    + " FROM hands h JOIN matches m ON m.id = h.match WHERE m.replay = 0{where} GROUP BY m.opponent, m.preset"
)
"""The tallies worked out from the hands there are (``where``: more conditions on the matches)."""
_V3 = (
    "CREATE TABLE tallies (opponent TEXT NOT NULL, preset TEXT NOT NULL, "
    + ", ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in HAND_FIGURES)
    + ", PRIMARY KEY (opponent, preset));\n"
    + TALLY_FILL.format(where="") + ";\n"
    + "CREATE TRIGGER hands_tally AFTER INSERT ON hands "
    + "WHEN (SELECT replay FROM matches WHERE id = NEW.match) = 0 BEGIN "
    + "INSERT INTO tallies SELECT opponent, preset, "
    + ", ".join(HAND_EXPR.values())
    + " FROM matches WHERE id = NEW.match ON CONFLICT (opponent, preset) DO UPDATE SET "
    + ", ".join(f"{name} = {name} + excluded.{name}" for name in HAND_FIGURES)
    + "; END;\n"
    + """
CREATE INDEX matches_finish_level ON matches (opponent, preset, coalesce(ended, started), started, uid, winner)
    WHERE finished = 1 AND replay = 0;
CREATE INDEX matches_finish ON matches (coalesce(ended, started), started, uid, winner)
    WHERE finished = 1 AND replay = 0;
CREATE INDEX matches_finish_opponent ON matches (opponent, coalesce(ended, started), uid)
    WHERE finished = 1 AND replay = 0;
"""
)

# The seed as the text it is: the game's seeds are text (the deals come from that
# text, so "05" is not "5"), which the INTEGER column of version 1 would have
# made numbers of ("05" and "5" alike, a seed past 64 bits a float short of
# digits): the seeds the game recorded were left to the record's other entries
# (``extra``, '{"seed":"5"}'), the column NULL.  SQLite cannot change a
# column's type: the table is made anew, with its indexes, and the trigger that
# reads it; a seed kept in ``extra`` moves to the column, and a number in the
# column becomes its text (kept in ``extra`` as the number it was, so that the
# record comes back as it went in).
_SEED_IN_EXTRA = "json_type(CASE WHEN json_valid(extra) THEN extra END, '$.seed') = 'text'"
_V4 = (
    """
DROP TRIGGER hands_tally;
CREATE TABLE matches_v4 (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    started TEXT,
    updated TEXT,
    ended TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    replay INTEGER NOT NULL DEFAULT 0,
    opponent TEXT NOT NULL,
    preset TEXT NOT NULL,
    rules INTEGER REFERENCES rulesets(id),
    seed TEXT,
    match_no INTEGER,
    hints INTEGER NOT NULL DEFAULT 0,
    winner INTEGER,
    score0 INTEGER, score1 INTEGER,
    total0 INTEGER, total1 INTEGER,
    extra TEXT
);
INSERT INTO matches_v4
SELECT id, uid, started, updated, ended, finished, abandoned, replay, opponent, preset, rules,
"""
    + f"""    CASE WHEN {_SEED_IN_EXTRA} THEN json_extract(extra, '$.seed') ELSE CAST(seed AS TEXT) END,
    match_no, hints, winner, score0, score1, total0, total1,
    CASE WHEN {_SEED_IN_EXTRA} THEN nullif(json_remove(extra, '$.seed'), '{{}}')
         WHEN seed IS NOT NULL AND (extra IS NULL OR json_valid(extra))
         THEN json_set(coalesce(extra, '{{}}'), '$.seed', seed)
         ELSE extra END
FROM matches;
DROP TABLE matches;
ALTER TABLE matches_v4 RENAME TO matches;
"""
    + "\n".join(
        s for s in (*statements(_V1), *statements(_V3))
        if s.startswith(("CREATE INDEX matches_", "CREATE TRIGGER hands_tally"))
    )
)

MIGRATIONS: dict[int, str] = {1: _V1, 2: _V2, 3: _V3, 4: _V4}
"""The SQL that takes the schema from version ``n - 1`` to ``n`` (0 is an empty file)."""
SCHEMA_VERSION = max(MIGRATIONS)
