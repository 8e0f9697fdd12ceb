"""The statistics and the match records as text: the ``gin-tui stats`` table
and one match told hand by hand (``gin-tui export --match``)."""

from __future__ import annotations

import textwrap
from typing import Any

from ginrummy_tui.engine.kinds import EndKind
from ginrummy_tui.engine.rules import PRESETS, Rules
from ginrummy_tui.engine.words import counted

from .rule_words import CHANGED_RULES, UNKNOWN_RULES, recorded_rules_name, rule_args, rules_words
from .stats import LEFT, ME, NETWORK, OPPONENT_NAME, Stats, Tally

KIND_WORDS = {
    EndKind.KNOCK: "knock",
    EndKind.GIN: "gin",
    EndKind.BIG_GIN: "big gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void",
    EndKind.TIMEOUT: "out of time",
}


ROWS: tuple[tuple[str, str], ...] = (
    ("Matches played", "matches"),
    ("Matches won", "won"),
    ("Win rate", "win_rate"),
    ("Matches lost on time", "timeouts_lost"),
    ("Abandoned", "abandoned"),
    ("Hands", "hands"),
    ("Hands won", "hands_won"),
    ("Knocks", "knocks"),
    ("Gins", "gins"),
    ("Big gins", "big_gins"),
    ("You undercut them", "undercuts_given"),
    ("They undercut you", "undercuts_received"),
    ("Void hands", "voids"),
    ("Points per hand", "avg_points"),
    ("Net points per hand", "avg_net"),
    ("Best winning streak", "best_streak"),
    ("Current streak", "current_streak"),
    ("Hints used", "hints"),
)
"""The rows of the statistics table: label and :class:`Tally` field."""


def cell(tally: Tally, name: str) -> str:
    """One figure as text."""
    value = tally.figures()[name]
    if name == "win_rate":
        return f"{value:.0%}" if tally.matches else "-"
    if isinstance(value, float):
        return f"{value:.1f}" if tally.hands else "-"
    return str(value)


def table_columns(stats: Stats) -> list[tuple[str, Tally]]:
    """The columns of the statistics table: each opponent and rules (by their
    name: "vs easy / classic rules (changed: target 40)"; rules not named marked
    as :func:`unnamed_marks` says, "vs easy / unknown rules [1]"), then all."""
    marks = unnamed_marks(stats)
    cols = [
        (f"vs {opp} / {rules_words(name)}" + (f" [{marks[name]}]" if name in marks else ""), t)
        for (opp, name), t in sorted(stats.groups.items())
    ]
    if len(cols) != 1:
        cols.append(("All", stats.total))
    return cols


PRESET_SHORT = {"multiplayer-1.5": "mp-1.5"}
"""Preset names shortened for a column head."""


HEAD_LABELS = ("Opponent", "Rules")
"""The labels of the two head lines of :func:`column_heads` (the level, the rules)."""


def rules_marks(stats: Stats) -> dict[str, int]:
    """The rules of the columns other than a preset's ("classic (changed: target
    40)", "changed rules"), each with the number that marks it in a short column
    head, in the order of the columns."""
    marks: dict[str, int] = {}
    for _opp, name in sorted(stats.groups):
        if name not in PRESETS and name not in marks:
            marks[name] = len(marks) + 1
    return marks


def short_rules(name: str, marks: dict[str, int]) -> str:
    """The rules of a column in a short head: the preset ("mp-1.5"); changed
    rules by their preset and their mark ("classic [1]"; "changed [2]" for
    rules recorded as changed, without them; "unknown [3]" for those a damaged
    save did not tell), which :func:`rules_notes` tell."""
    if name not in marks:
        return PRESET_SHORT.get(name, name)
    preset = name.partition(" (")[0]
    short = PRESET_SHORT.get(preset, preset) if preset in PRESETS else "unknown" if name == UNKNOWN_RULES else "changed"
    return f"{short} [{marks[name]}]"


RULES_WHY = {
    CHANGED_RULES: " (which ones, an earlier version did not record)",
    UNKNOWN_RULES: " (the save was damaged: its rules could not be read)",
}
"""Why a column's rules are not named, for the rules a record did not keep."""


def rules_notes(marks: dict[str, int]) -> list[str]:
    """What the marks of :func:`short_rules` stand for: "[1] classic rules (changed: target 40)"."""
    return [f"[{n}] {rules_words(name)}{RULES_WHY.get(name, '')}" for name, n in marks.items()]


def unnamed_marks(stats: Stats) -> dict[str, int]:
    """The rules of the columns that need telling why they are not named
    (:data:`RULES_WHY`: "unknown rules", "changed rules"), each with the number
    that marks it in a wide column head ("unknown rules [1]"), told under the
    table by :func:`rules_notes` as the short heads' marks are."""
    marks: dict[str, int] = {}
    for _opp, name in sorted(stats.groups):
        if name in RULES_WHY and name not in marks:
            marks[name] = len(marks) + 1
    return marks


def column_heads(stats: Stats) -> list[tuple[str, str, Tally]]:
    """The columns as two short head lines (opponent level, rules: changed ones
    marked, see :func:`short_rules`) and figures; "All" last when there is more
    than one pair."""
    marks = rules_marks(stats)
    cols = [(opp, short_rules(name, marks), t) for (opp, name), t in sorted(stats.groups.items())]
    if len(cols) != 1:
        cols.append(("All", "", stats.total))
    return cols


def column_blocks(widths: list[int], label_w: int, width: int | None) -> list[list[int]]:
    """The columns (their indices) in blocks that fit ``width`` beside the row labels,
    two spaces before each; at least one column a block, and one block when ``width``
    is None."""
    blocks: list[list[int]] = [[]]
    used = label_w
    for i, w in enumerate(widths):
        if blocks[-1] and width is not None and used + w + 2 > width:
            blocks.append([])
            used = label_w
        blocks[-1].append(i)
        used += w + 2
    return blocks


def format_text(stats: Stats, width: int = 80, play: str = "gin-tui") -> str:
    """A plain-text table of the figures (``gin-tui stats``) within ``width``
    columns: one column per opponent level and rules, each headed by the
    level over the rules (changed rules by a mark, told under the table);
    when they do not all fit side by side, the table is split into blocks,
    each repeating the row labels.  With no figures, a line naming ``play``,
    the command whose matches are counted there (``gin-tui --data-dir D``)."""
    if not stats.groups:
        lines = [f"No games recorded yet: the matches played with {play} are counted here."]
    else:
        cols = column_heads(stats)
        label_w = max(len(label) for label, _ in ROWS)
        col_w = max(8, *(max(len(a), len(b)) for a, b, _ in cols))
        lines = []
        for indices in column_blocks([col_w] * len(cols), label_w, width):
            block = [cols[i] for i in indices]
            if lines:
                lines.append("")
            lines.append(HEAD_LABELS[0].ljust(label_w) + "".join("  " + a.rjust(col_w) for a, _, _ in block))
            lines.append(HEAD_LABELS[1].ljust(label_w) + "".join("  " + b.rjust(col_w) for _, b, _ in block))
            for label, name in ROWS:
                lines.append(label.ljust(label_w) + "".join("  " + cell(t, name).rjust(col_w) for _, _, t in block))
        notes = rules_notes(rules_marks(stats))
        if notes:
            lines.append("")
        for note in notes:
            lines.extend(textwrap.wrap(note, max(width, 20), subsequent_indent=" " * (note.index("]") + 2)))
    if stats.replays:
        lines.append(f"({counted(stats.replays, PRACTICE)} not counted)")
    if stats.unreadable:
        lines.append(f"({stats.unreadable} unreadable match record(s) skipped)")
    for bad in stats.left_out:  # a match whose row another program wrote
        lines.extend(textwrap.wrap(f"({bad})", max(width, 20)))
    return "\n".join(line.rstrip() for line in lines)


def opponent_words(opponent: str, name: Any = None) -> str:
    """The other player of a record: the computer at its level, or the person
    over the network, by name when the record keeps it ("Alice (network)")."""
    if opponent != NETWORK:
        return f"Computer ({opponent})"
    return f"{name} (network)" if isinstance(name, str) and name else "Opponent (network)"


def listed_opponent(summary: dict[str, Any]) -> str:
    """Who a match was played against, as a list of matches shows it: the
    level, or the person over the network by name when the record keeps it."""
    name = summary.get(OPPONENT_NAME)
    opponent = str(summary.get("opponent"))
    return opponent_words(opponent, name) if opponent == NETWORK and name else opponent


def _who(seat: Any, other: str) -> str:
    """"You" for the player's seat, ``other`` (:func:`opponent_words`) for the other one."""
    return "You" if seat == ME else other if seat == 1 else "-"


def outcome(summary: dict[str, Any]) -> str:
    """How a finished match went for the player, in a word or three: "won",
    "lost", "won on time" or "lost on time" (a move clock ran out)."""
    how = "won" if summary.get("winner") == ME else "lost"
    return f"{how} on time" if summary.get("on_time") else how


PRACTICE = "practice deal"
"""What a replayed deal (``gin-tui --seed N --hand K``, recorded with ``replay``) is
called everywhere it is listed: the game's own word for it, never counted."""


def unfinished_state(record: dict[str, Any]) -> str:
    """How a match that did not finish stands, in the same word wherever it is
    listed (F3's last matches, ``export --list`` and the text export): "left
    unfinished" (a network match the player left), "abandoned", or "unfinished"
    (a match that can still be resumed, or a practice deal stopped before its end)."""
    return "left unfinished" if record.get(LEFT) else "abandoned" if record.get("abandoned") else "unfinished"


def _ran_out(winner: int, other: str) -> str:
    """A match ended on time, from the side of the player (seat :data:`ME`):
    who ran out of time, and who wins the match on it."""
    if winner == ME:
        return f"{other} ran out of time: you win the match on time"
    return f"You ran out of time: {other} wins the match on time"


def _match_rules(record: dict[str, Any]) -> Rules | None:
    """The rules a recorded match was played by: its own, else its preset's (None if neither reads)."""
    try:
        return Rules.from_dict(record["rules"])
    except (KeyError, TypeError, ValueError):
        return PRESETS.get(str(record.get("preset")))


def _points_worked(hand: dict[str, Any], rules: Rules | None) -> str:
    """How a recorded hand's points are made up, in brackets as the end-of-hand
    summary has them ("  (undercut bonus 25 + 9 − 4) × 2"); the multiplier is
    what the points are of the hand's score before it.  Empty when the record
    does not tell it (no deadwood, unknown rules, points that do not add up)."""
    from ginrummy_tui.engine.scoring import multiplier_of, points_aside

    dw, knocker, points = _two_numbers(hand.get("deadwood")), hand.get("knocker"), hand["points"]
    if rules is None or knocker not in (0, 1) or dw is None or type(points) is not int:
        return ""
    kind, kdw, ddw = hand["kind"], dw[knocker], dw[1 - knocker]
    times = multiplier_of(kind, rules, kdw, ddw, points)
    how = None if times is None else points_aside(kind, rules, kdw, ddw, times)
    return "" if how is None else f"  {how}"


def _cards_of(value: Any) -> list[str] | None:
    """A recorded list of cards ("7S"), or None when it is not one."""
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return value
    return None


def _melds_of(value: Any) -> list[list[str]] | None:
    """A recorded list of melds, each a list of cards, or None when it is not one."""
    if not isinstance(value, list):
        return None
    melds = [_cards_of(m) for m in value]
    return None if any(m is None for m in melds) else [m for m in melds if m is not None]


def _layout_note(hand: dict[str, Any], rules: Rules | None, knocker: int, melds: list[list[str]]) -> str | None:
    """Which of the knocker's melds were kept back to block layoffs and what that
    gained, in the words of the end of the hand ("2D 3D 4D kept out of melds: it
    stops 5D 6D being laid off (+2)"), the gain in the points the hand scored; None
    where the knocker laid out the least-deadwood split, or the record does not
    tell (the layout is worked out again from both hands, and said only where it
    is the one recorded)."""
    from ginrummy_tui.engine.cards import parse_cards
    from ginrummy_tui.engine.scoring import layout_note, multiplier_of, score_knock

    dw, points, kind = _two_numbers(hand.get("deadwood")), hand.get("points"), hand.get("kind")
    if rules is None or dw is None or type(points) is not int or kind not in (EndKind.KNOCK, EndKind.UNDERCUT):
        return None
    kdw, ddw = dw[knocker], dw[1 - knocker]
    try:
        cards = [parse_cards(" ".join(h)) for h in hand["hands"]]
        # a limit of the knocker's own deadwood: the layouts it allows are those the hand's limit did
        knock = score_knock(cards[knocker], cards[1 - knocker], rules, knock_limit=kdw)
    except ValueError:
        return None
    laid_out = {frozenset(str(c) for c in m) for m in knock.knocker_melds}
    if laid_out != {frozenset(m) for m in melds} or (knock.knocker_deadwood, knock.defender_deadwood) != (kdw, ddw):
        return None
    return layout_note(knock, str, multiplier_of(kind, rules, kdw, ddw, points) or 1)


def _layout_lines(hand: dict[str, Any], rules: Rules | None, network: bool) -> list[str]:
    """The knock's (or gin's) melds, layoffs and deadwood of both players as the
    record has them, the knocker's first, as the end of the hand shows them, with
    the melds the knocker kept back to block layoffs and what that gained
    (:func:`_layout_note`): "Computer melds: [7S 8S 9S] [8H 8D 8C]  deadwood AH 2D
    3D 4D (10)"; ``network``: the other seat is a person's ("Their melds").  Nothing
    where the record does not have them (a hand without a knock, an older record)."""
    knocker, hands = hand.get("knocker"), hand.get("hands")
    if knocker not in (0, 1) or not isinstance(hands, list) or len(hands) != 2:
        return []
    cards = [_cards_of(h) for h in hands]
    mine, theirs = cards
    kmelds, dmelds = _melds_of(hand.get("knocker_melds")), _melds_of(hand.get("defender_melds"))
    layoffs = hand.get("layoffs", [])
    if mine is None or theirs is None or kmelds is None or dmelds is None or not isinstance(layoffs, list):
        return []
    onto: dict[tuple[str, ...], list[str]] = {}  # the cards laid off on each meld, in the order laid
    for lo in layoffs:
        if not (isinstance(lo, list) and len(lo) == 2 and isinstance(lo[0], str) and _cards_of(lo[1]) is not None):
            return []
        onto.setdefault(tuple(lo[1]), []).append(lo[0])
    dw = _two_numbers(hand.get("deadwood"))
    labels = ("Your melds:    ", "Their melds:   " if network else "Computer melds:")
    lines = []
    for seat in (knocker, 1 - knocker):
        melds = kmelds if seat == knocker else dmelds
        laid = [c for cs in onto.values() for c in cs] if seat != knocker else []
        used = {c for m in melds for c in m} | set(laid)
        told = " ".join(f"[{' '.join(m)}]" for m in melds) or "none"
        if laid:
            told += "  laid off " + ", ".join(f"{' '.join(cs)} on [{' '.join(m)}]" for m, cs in onto.items())
        dead = [c for c in (mine if seat == 0 else theirs) if c not in used]
        if dead:
            told += f"  deadwood {' '.join(dead)}"
        if dw is not None:
            told += f" ({dw[seat]})" if dead else f"  deadwood {dw[seat]}"
        lines.append(f"    {labels[seat]} {told}")
        note = _layout_note(hand, rules, knocker, kmelds) if seat == knocker else None
        if note:
            lines.append(f"      {note}")
    return lines


def _two_numbers(value: Any) -> tuple[int, int] | None:
    """A recorded pair of points (a list of two whole numbers), or None."""
    if isinstance(value, list) and len(value) == 2 and all(type(n) is int for n in value):
        return value[0], value[1]
    return None


def _bonus_lines(record: dict[str, Any], other: str, rules: Rules | None) -> list[str]:
    """The bonuses of a finished match (box and game, added when it ended:
    its totals less its scores), as the score sheet's "box bonuses", "game
    bonus" and "total" rows: "Bonuses: boxes You +60, Computer (standard) +40;
    game You +100  (total 288-99)"; the sum alone where the record does not
    tell them apart; none when there were none (or the record does not have both)."""
    from ginrummy_tui.engine.state import bonus_parts, is_shutout

    scores, totals = _two_numbers(record.get("scores")), _two_numbers(record.get("totals"))
    if scores is None or totals is None or scores == totals:
        return []
    total = f"  (total {totals[0]}-{totals[1]})"
    hands = [(str(h.get("kind")), h.get("winner")) for h in record["hands"]]
    parts = None if rules is None else bonus_parts(rules, hands, scores, totals)
    if parts is None:
        mine, theirs = totals[0] - scores[0], totals[1] - scores[1]
        return [f"  Bonuses: You +{mine}, {other} +{theirs}{total}"]
    told = []
    winner = 0 if parts[1][0] else 1 if parts[1][1] else None
    shutout = rules is not None and is_shutout(rules, scores, winner)
    for words, (mine, theirs) in zip(("boxes", "game"), parts):
        each = [f"{who} +{n}" for who, n in (("You", mine), (other, theirs)) if n]
        if each:
            told.append(f"{words} {', '.join(each)}{' (shutout: doubled)' if words == 'game' and shutout else ''}")
    return [f"  Bonuses: {'; '.join(told)}{total}"]


def _deal_again(record: dict[str, Any], hand: dict[str, Any], rules: Rules | None) -> str | None:
    """The command that deals ``hand`` of the match ``record`` again, as it
    was dealt: its seed, number, opponent's level (without it the settings'
    level would play it), rules and dealer (where the winner of a hand deals
    the next, the seed alone does not say who dealt it); None where the record
    does not say them all, the seed is none ``--seed`` takes (an earlier version took a
    negative one), or the hand is of a seed's later match (``--seed``
    deals its first).  A hand played over the network is dealt again against
    the computer, there being no level to name."""
    import shlex

    from .config import LEVELS

    seed, hand_no, dealer = record.get("seed"), hand.get("hand_no"), hand.get("dealer")
    if seed is None or rules is None or not isinstance(hand_no, int) or dealer not in (0, 1):
        return None
    if not (str(seed).isascii() and str(seed).isdigit()):  # the text of a seed 0 or more, as --seed takes it
        return None
    if record.get("match_no") not in (None, 1):
        return None
    opponent = record.get("opponent")
    if opponent != NETWORK and opponent not in LEVELS:
        return None
    level = ["--ai", str(opponent)] if opponent in LEVELS else []
    words = ["gin-tui", "--seed", str(seed), "--hand", str(hand_no), *level, *rule_args(rules)]
    return shlex.join([*words, "--dealer", "you" if dealer == 0 else "computer"])


def _dealt_line(hand: dict[str, Any], rules: Rules | None) -> str | None:
    """The upcard a recorded hand was dealt with and its knock limit, which under
    Oklahoma the upcard sets (and a spade doubles the hand): "Upcard: 7S, knock limit
    7 (Oklahoma: the upcard's count; a spade doubles the hand)", "Upcard: AH, knock
    limit 0 (Oklahoma: the upcard's count; gin only)"; None for a record
    that does not keep them (an earlier version's)."""
    upcard, limit = hand.get("upcard"), hand.get("knock_limit")
    if not isinstance(upcard, str) or not isinstance(limit, int) or isinstance(limit, bool):
        return None
    oklahoma = rules is not None and rules.oklahoma
    notes = ["Oklahoma: the upcard's count" if oklahoma else "", "gin only" if limit == 0 else "",
             "a spade doubles the hand" if oklahoma and upcard.endswith("S") else ""]
    told = "; ".join(note for note in notes if note)
    return f"    Upcard: {upcard}, knock limit {limit}" + (f" ({told})" if told else "")


def format_match(record: dict[str, Any]) -> str:
    """One match's history as readable text (``gin-tui export --format text``)."""
    opp = str(record.get("opponent"))
    other = opponent_words(opp, record.get(OPPONENT_NAME))
    seed = record.get("seed")  # none for the guest of a hosted match, who is never told it
    match_no = record.get("match_no")
    # a seed's later matches have deals of their own, which --seed (and --hand) do not deal
    seed_text = "-" if seed is None else (
        f"{seed}, match {match_no} (gin-tui --seed deals its match 1)"
        if isinstance(match_no, int) and match_no > 1 else f"{seed}"
    )
    left = record.get(LEFT)  # the player left the network match before it finished
    left_in = left.get("hand") if isinstance(left, dict) else None
    state = "finished" if record.get("finished") else unfinished_state(record)
    lines = [
        f"Match {record['id']}  ({state}{f', {PRACTICE}' if record.get('replay') else ''})",
        f"  Opponent: {listed_opponent(record)}   Rules: {recorded_rules_name(record.get('preset'), record.get('rules'))}"
        f"   Seed: {seed_text}",
        f"  Started: {record.get('started')}   Ended: {record.get('ended') or '-'}",
    ]
    taken = record.get("taken_over")  # the player took the seat from another during the match
    taken_in: tuple[int, int, str] | None = None  # the hand taken over during it, its moves made before, by whom
    if isinstance(taken, dict) and isinstance(taken.get("hand"), int) and isinstance(taken.get("from"), str):
        move = taken.get("move")
        if isinstance(move, int) and not isinstance(move, bool):
            taken_in = (taken["hand"], move, taken["from"])
            hand = next((h for h in record["hands"] if h.get("hand_no") == taken["hand"]), None)
            moves = hand.get("moves") if hand is not None else None
            theirs = move if not isinstance(moves, list) else sum(
                1 for m in moves[:move] if isinstance(m, dict) and m.get("seat") == ME)
            if theirs:
                before = "the moves before, and the hands before, were theirs" if taken["hand"] > 1 else "the moves before were theirs"
                lines.append(f"  Took the seat from {taken['from']} in hand {taken['hand']}, after its first {move} "
                             f"move{'s' if move != 1 else ''}: {before}")
            else:  # they held it as the hand was dealt, and left before the seat's first move
                before = "; the hands before were theirs" if taken["hand"] > 1 else ""
                lines.append(f"  Took the seat from {taken['from']} in hand {taken['hand']}, before the seat's first "
                             f"move: {taken['from']} held it at the deal{before}")
        else:
            lines.append(f"  Took the seat from {taken['from']} at hand {taken['hand']}: the hands before were theirs")
    left_at = _two_numbers(record.get("scores"))
    if isinstance(left_in, int) and left_at is not None:
        lines.append(f"  Left the table in hand {left_in} with the score {left_at[0]}-{left_at[1]}: neither won nor lost")
    rules = _match_rules(record)
    for h in record["hands"]:
        kind = KIND_WORDS.get(h["kind"], h["kind"])
        dw = h.get("deadwood")
        dw_text = f", deadwood {dw[0]}-{dw[1]}" if isinstance(dw, list) and len(dw) == 2 else ""
        if h["kind"] == EndKind.TIMEOUT and h.get("winner") in (0, 1):  # no points: the match is decided
            told = _ran_out(h["winner"], other)
        elif h.get("winner") is None and h["kind"] == EndKind.KNOCK:  # a tie that is no undercut
            told = f"{kind}{dw_text}: a tie, no score"
        elif h.get("winner") is None:
            told = f"{kind}{dw_text}: no score"
        else:
            told = f"{kind}{dw_text}: {_who(h['winner'], other)} +{h['points']}{_points_worked(h, rules)}"
        scores = h.get("scores") or ["?", "?"]
        # a move clock running out ends the match in that hand, which is not counted as played
        hand = f"In hand {h['hand_no']}" if h["kind"] == EndKind.TIMEOUT else f"Hand {h['hand_no']}"
        lines.append(f"  {hand}: {told}  (score {scores[0]}-{scores[1]})")
        dealt = _dealt_line(h, rules)
        if dealt:
            lines.append(dealt)
        again = _deal_again(record, h, rules)
        if again:
            lines.append(f"    Deal it again: {again}")
        if h.get("hands"):
            lines.append(f"    Your hand:     {' '.join(h['hands'][0])}")
            lines.append(f"    {'Their hand:   ' if opp == NETWORK else 'Computer hand:'} {' '.join(h['hands'][1])}")
            lines.extend(_layout_lines(h, rules, opp == NETWORK))
        if h.get("moves"):
            moves = []
            for i, m in enumerate(h["moves"]):
                who = "you" if m.get("seat") == ME else "them" if opp == NETWORK else "cpu"
                if taken_in is not None and h["hand_no"] == taken_in[0] and i < taken_in[1] and m.get("seat") == ME:
                    who = taken_in[2]  # made at this seat before the player took it
                action = str(m.get("action"))
                if m.get("card") and m["card"] not in action:
                    action += f" ({m['card']})"
                moves.append(f"{who}: {action}")
            lines.append("    Moves: " + "; ".join(moves))
    if record.get("finished"):
        totals = record.get("totals") or record.get("scores") or ["?", "?"]
        lines.extend(_bonus_lines(record, other, rules))
        on_time = any(h["kind"] == EndKind.TIMEOUT for h in record["hands"][-1:])
        lines.append(f"  Result: {_who(record.get('winner'), other)} won{' on time,' if on_time else ''} "
                     f"{totals[0]}-{totals[1]}")
    elif left is None and left_at is not None:  # where it was left, as a finished match ends with its result
        last = max((h["hand_no"] for h in record["hands"] if isinstance(h.get("hand_no"), int)), default=None)
        where = f"after hand {last}" if last is not None else "with no hand ended"
        how = "Abandoned" if record.get("abandoned") else "Unfinished"
        lines.append(f"  {how} {where}, You {left_at[0]} · {other} {left_at[1]}")
    return "\n".join(lines)
