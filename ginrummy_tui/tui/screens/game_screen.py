"""The table: the other player's hand, the piles, the player's hand, the prompt.

Every key or click becomes an :class:`~ginrummy_tui.engine.Action` that goes
to the session; the screen then redraws from the session's new view.  It keeps
only how things are shown (the order of the cards, the selection, the last
refusal), never the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ..hint_prompt import hint_prompt, request_hint
from ..widgets.action_bar import ActionBar
from ..widgets.cardfaces import card_label, card_text, pretty_codes
from ..widgets.deadwood_line import DeadwoodLine
from ..widgets.discard_pile import DiscardPile
from ..widgets.hand import KEYS, HandView
from ..widgets.key_bar import KeyBar
from ..widgets.moves_line import MovesLine
from ..widgets.opponent_hand import OpponentHand
from ..widgets.prompt import PromptLine
from ..widgets.scoreboard import Scoreboard
from ..widgets.stock import StockPile
from ..widgets.too_small import NORMAL_WIDTH, TooSmall

if TYPE_CHECKING:
    from ginrummy_tui.engine import Action, Card, PlayerView

    from ..app import GinApp

UPCARD, DRAW, DISCARD, HAND_OVER, MATCH_OVER = "upcard", "draw", "discard", "hand_over", "match_over"

# which phase each simple move belongs to (its key is hidden in other phases)
_MOVE_WORDS = {
    "pass": ("passed on the upcard", ""),
    "take upcard": ("took the upcard ", ""),
    "draw stock": ("drew from the stock", ""),
    "draw discard": ("took ", " from the discard pile"),
    "discard": ("threw ", ""),
    "knock": ("knocked, throwing ", ""),
    "gin": ("went gin, throwing ", ""),
    "big gin": ("went Big Gin", ""),
}
"""How the moves line tells a move: the words before and after its card."""
_MOVES_SHOWING_THE_CARD = {"take upcard", "draw discard", "discard", "knock", "gin"}
_PHASE_OF = {"take upcard": UPCARD, "pass": UPCARD, "draw stock": DRAW, "draw discard": DRAW, "big gin": DISCARD}


def _pick_bindings() -> list[Binding]:
    return [Binding(k, f"pick({i})", f"Card {i + 1}", show=False) for i, k in enumerate(KEYS)]


class GameScreen(Screen):
    """The table, where a hand is played."""

    BINDINGS = [
        Binding("t", "play('take upcard')", "Take", tooltip="Take the upcard"),
        Binding("p", "play('pass')", "Pass", tooltip="Pass on the upcard"),
        Binding("s", "play('draw stock')", "Stock", tooltip="Draw from the stock"),
        Binding("d", "play('draw discard')", "Pile", tooltip="Take the top card of the discard pile"),
        Binding("enter", "discard", "Discard", key_display="⏎", tooltip="Discard the selected card"),
        Binding("k", "knock", "Knock", tooltip="Knock"),
        Binding("g", "gin", "Gin", tooltip="Go gin"),
        Binding("b", "play('big gin')", "Big Gin", tooltip="Big Gin: knock with all 11 cards melded"),
        Binding("left", "cursor(-1)", "Select left", show=False),
        Binding("right", "cursor(1)", "Select right", show=False),
        Binding("shift+left,less_than_sign,comma", "move_card(-1)", "Move card left", show=False),
        Binding("shift+right,greater_than_sign,full_stop", "move_card(1)", "Move card right", show=False),
        Binding("o", "sort", "Sort", tooltip="Sort the hand by rank or by suit"),
        Binding("l", "toggle_pile", "Pile list", show=False),
        Binding("h", "hint", "Hint", tooltip="What the expert would do now, and why"),
        *_pick_bindings(),
    ]
    """The moves (``play`` and friends) and the ways to arrange the hand."""

    def __init__(self) -> None:
        super().__init__()
        self.refusal = ""
        """Why the last move was refused (shown until the next move)."""
        self.v: PlayerView | None = None

    @property
    def gin(self) -> GinApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        a = self.gin.ascii_only
        yield TooSmall()
        with Vertical(id="table"):
            yield Scoreboard(id="scoreboard")
            yield OpponentHand(ascii_only=a, id="opponent")
            with Horizontal(id="piles"):
                yield StockPile(ascii_only=a, id="stock")
                yield DiscardPile(ascii_only=a, id="pile")
            yield MovesLine(id="moves")
            yield HandView(ascii_only=a, id="hand")
            yield DeadwoodLine(id="deadwood")
            yield ActionBar(id="actions")
            yield PromptLine(id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(HandView).one_click = self.gin.one_click
        self.show_view(self.gin.session.view())

    def on_resize(self) -> None:
        width, height = self.size
        big = width >= 90 and height >= 34
        for widget in (self.query_one(HandView), self.query_one(StockPile), self.query_one(DiscardPile)):
            widget.set_big(big)
        self._update_details()
        if hasattr(self.gin.session, "status"):  # network play: keep the clock and connection line fresh
            self.set_interval(0.5, self._update_details)

    # ------------------------------------------------------------ drawing

    def show_view(self, v: PlayerView) -> None:
        """Redraw everything from the view ``v``."""
        from ginrummy_tui.engine import best_melds

        old = self.v
        if old is not None and (old.hand_no, old.phase, len(old.history)) != (v.hand_no, v.phase, len(v.history)):
            self.refusal = ""  # the game moved on: the last refusal no longer applies
        self.v = v
        app = self.gin
        name = app.session.opponent_name
        mine = v.my_turn
        from ..practice import practice_line

        board = self.query_one(Scoreboard)
        board.set_state(v.totals[v.seat], v.totals[1 - v.seat], name, v.rules.target, v.hand_no, v.rules.name)
        board.set_practice(practice_line(app))
        self.query_one(OpponentHand).set_state(
            name if self.app.size.width >= 60 else name.split(" (")[0],
            v.opponent_hand_size,
            v.opponent_known,
            to_move=v.current != v.seat and v.phase in (UPCARD, DRAW, DISCARD),
        )
        legal = set(v.legal_actions)
        from ginrummy_tui.engine import Action

        self.query_one(StockPile).set_state(v.stock_size, Action("draw stock") in legal)
        pile_hint = ""
        if v.phase == UPCARD and mine:
            pile_hint = "t: take the upcard"
        elif Action("draw discard") in legal:
            pile_hint = "d: take it"
        self.query_one(DiscardPile).set_state(
            v.discard, Action("draw discard") in legal or (v.phase == UPCARD and mine), pile_hint
        )
        split = best_melds(v.hand)
        melded = {c for m in split.melds for c in m}
        hand = self.query_one(HandView)
        hand.set_hand(v.hand, melded, drawn=v.drawn, taken=v.taken)
        self.query_one(MovesLine).set_text(self._moves_text(v))
        self._update_details()

    def suits_changed(self) -> None:
        """The suits are drawn otherwise now (letters or symbols): redraw the table's text."""
        if self.v is not None:
            self.show_view(self.v)

    def _update_details(self) -> None:
        """The parts that depend on the selected card too."""
        v = self.v
        if v is None:
            return
        self.query_one(DeadwoodLine).set_text(self._deadwood_text(v))
        self.query_one(ActionBar).show(self._buttons(v))
        refusal = pretty_codes(self.refusal, self.gin.ascii_only)
        prompt = hint_prompt(self, v, self._prompt_text(v))
        # a reason often ends with what to do ("...: draw from the stock"): not said twice
        tail = refusal.rsplit(":", 1)[-1].strip().lower() if ":" in refusal else ""
        if tail and tail in prompt.plain.lower():
            prompt = Text()
        self.query_one(PromptLine).set_prompt(self._with_status(prompt), refusal)
        self.refresh_bindings()

    def _with_status(self, text: Text) -> Text:
        """The session's line (network play: move clock, waiting for the opponent) or the local
        move clock comes first."""
        rich = self.gin.clock_rich  # the clock, coloured by how little time is left
        if rich is not None:
            out = rich.copy()
        else:
            status = getattr(self.gin.session, "status", None)
            line = status() if status is not None else ""
            if not line:
                return text
            out = Text(line, style="bold #ffd21f")
        out.append("  ")
        out.append_text(text)
        return out

    def _moves_text(self, v: PlayerView) -> Text:
        """What the other player did since our last move, or how the hand
        began; while the other player is to move, what we just did."""
        a = self.gin.ascii_only
        name = self.gin.session.opponent_name
        history = list(v.history)
        while history and history[-1].seat == v.seat and v.phase == DISCARD:
            history.pop()  # our own draw this turn: still show what the other player did before it
        moves = []
        for m in reversed(history):
            if m.seat == v.seat:
                break
            moves.append(m)
        moves.reverse()
        t = Text()
        if not moves:
            if not history:
                dealer = "You" if v.dealer == v.seat else name
                t.append(f"Hand {v.hand_no}: {dealer} dealt. ")
                first = v.history[0] if v.history else None
                if first is not None and first.seat == v.seat and first.card is not None and (
                    first.action.kind in ("take upcard", "draw discard")
                ):
                    t.append("You took the upcard ")  # it is in the hand now, no longer on the pile
                    t.append_text(card_text(first.card, a))
                elif v.upcard is not None:
                    t.append("The upcard is ")
                    t.append_text(card_text(v.upcard, a))
                else:
                    t.append("The discard pile is empty")
                t.append(".")
                if v.knock_limit != v.rules.knock_limit or v.multiplier != 1:
                    lim = "gin only" if v.knock_limit == 0 else f"knock at {v.knock_limit} or less"
                    t.append(f" This hand: {lim}" + (f", scores ×{v.multiplier}" if v.multiplier != 1 else "") + ".")
                return t
            if v.my_turn or v.phase not in (UPCARD, DRAW, DISCARD):
                return t
            mine = []  # the other player is to move: say what we just did
            for m in reversed(history):
                if m.seat != v.seat:
                    break
                mine.append(m)
            mine.reverse()
            t.append("You", style="bold")
            self._describe(t, mine, a)
            return t
        t.append(name, style="bold")
        self._describe(t, moves, a)
        return t

    @staticmethod
    def _describe(t: Text, moves: list, a: bool) -> None:
        """Append `` drew from the stock and threw 9♥.`` for ``moves`` of one player."""
        for i, m in enumerate(moves):
            t.append(" " if i == 0 else ", then " if i < len(moves) - 1 else " and ")
            kind = m.action.kind
            before, after = _MOVE_WORDS.get(kind, (str(m.action), ""))
            t.append(before)
            if kind in _MOVES_SHOWING_THE_CARD:
                t.append_text(card_text(m.card, a))
            t.append(after)
        t.append(".")

    def _deadwood_text(self, v: PlayerView) -> Text:
        from ginrummy_tui.engine import deadwood

        a = self.gin.ascii_only
        dw = deadwood(v.hand)
        t = Text()
        t.append("Deadwood ", style="bold")
        t.append(str(dw), style="bold #ffd21f")
        sel = self.query_one(HandView).selected
        if v.phase == DISCARD and v.current == v.seat and len(v.hand) == 11 and sel is not None:
            after = deadwood(c for c in v.hand if c is not sel)
            t.append(" · discarding ")
            t.append_text(card_text(sel, a))
            t.append(f" leaves {after}")
            if sel is v.taken:
                t.append(" (you just took it: it cannot be thrown)", style="italic")
            elif after == 0:
                t.append(" — gin!", style="bold #2fd16b")
            elif after <= v.knock_limit:
                t.append(" — you may knock", style="bold #2fd16b")
            best = min(
                (c for c in v.hand if c is not v.taken),
                key=lambda c: (deadwood(x for x in v.hand if x is not c), -c.value),
            )
            if best is not sel:
                low = deadwood(x for x in v.hand if x is not best)
                if low < after and low <= v.knock_limit:  # the card the Knock / Gin button would throw
                    t.append(" · ")
                    t.append_text(card_text(best, a))
                    t.append(f" leaves {low}")
        else:
            limit = "gin only" if v.knock_limit == 0 else f"knock at {v.knock_limit} or less"
            t.append(f" · {limit}", style="dim")
        return t

    # ------------------------------------------------------------ what may be done

    def _legal(self) -> tuple[Action, ...]:
        return self.v.legal_actions if self.v is not None else ()

    def _choice(self, kind: str) -> Card | None:
        """The card to knock (or go gin) with: the one the player selected if it
        allows it, else the one leaving the least deadwood."""
        from ginrummy_tui.engine import Action, deadwood

        legal = [a for a in self._legal() if a.kind == kind]
        if not legal:
            return None
        hand_view = self.query_one(HandView)
        sel = hand_view.selected
        if sel is not None and Action(kind, sel) in legal and (hand_view.chosen or kind == "gin"):
            return sel
        if hand_view.chosen:
            return None  # the player picked a card that does not allow it: never another card behind their back
        hand = self.v.hand if self.v else ()
        return min((a.card for a in legal), key=lambda c: (deadwood(x for x in hand if x is not c), -c.value))

    def _buttons(self, v: PlayerView) -> dict[str, str]:
        from ginrummy_tui.engine import Action

        a = self.gin.ascii_only
        legal = set(v.legal_actions)
        out: dict[str, str] = {}
        if not v.my_turn:
            return out
        if v.phase == UPCARD:
            out["take"] = f"Take {card_label(v.upcard, a)} (t)" if v.upcard else "Take (t)"
            out["pass"] = "Pass (p)"
        elif v.phase == DRAW:
            if Action("draw stock") in legal:
                out["stock"] = "Draw stock (s)"
            if Action("draw discard") in legal and v.upcard is not None:
                out["pile"] = f"Take {card_label(v.upcard, a)} (d)"
        elif v.phase == DISCARD:
            sel = self.query_one(HandView).selected
            if sel is not None and Action("discard", sel) in legal:
                out["discard"] = f"Discard {card_label(sel, a)} (⏎)"
            k = self._choice("knock")
            if k is not None:
                out["knock"] = f"Knock with {card_label(k, a)} (k)"
            g = self._choice("gin")
            if g is not None:
                out["gin"] = f"Gin with {card_label(g, a)} (g)"
            if Action("big gin") in legal:
                out["big-gin"] = "Big Gin (b)"
        return out

    def _prompt_text(self, v: PlayerView) -> Text:
        a = self.gin.ascii_only
        name = self.gin.session.opponent_name
        width = self.app.size.width
        narrow = width < NORMAL_WIDTH
        if narrow:
            name = name.split(" (")[0]
        t = Text()
        if v.phase == HAND_OVER:
            t.append("The hand is over: ⏎ for the next hand.")
            return t
        if v.phase == MATCH_OVER:
            t.append("The match is over: n for a new match.")
            return t
        if not v.my_turn:
            verb = "is thinking" if self.gin.session.computes_opponent else "is to move"
            t.append(f"{name} {verb}…", style="italic")
            return t
        if v.phase == UPCARD:
            if v.passes:
                t.append(f"{name} passed. ")
            t.append("Take the upcard ")
            if v.upcard is not None:
                t.append_text(card_text(v.upcard, a))
            t.append(" (t) or pass (p).")
        elif v.phase == DRAW:
            if v.stock_only:
                t.append("Both passed: draw from the stock (s)." if narrow else
                         "Both passed the upcard: draw from the stock (s, or click it).")
            else:
                t.append("Draw from the stock (s) or the pile (d)." if narrow else
                         "Draw from the stock (s) or the discard pile (d), or click a pile.")
        elif v.phase == DISCARD:
            click = "click" if self.gin.one_click else "click twice"
            if width < 60:
                t.append("Discard (⏎)")
            elif narrow:
                t.append(f"Discard a card (⏎ or {click})")
            else:
                t.append(f"Discard a card (←/→ and ⏎, 1-9 0 -, or {click})")
            g = self._choice("gin")
            k = self._choice("knock")
            if g is not None:
                t.append(" — or go gin with ")
                t.append_text(card_text(g, a))
                t.append(" (g)")
            elif k is not None:
                t.append(" — or knock with ")
                t.append_text(card_text(k, a))
                t.append(" (k)")
            else:
                able = [x.card for x in v.legal_actions if x.kind in ("gin", "knock") and x.card is not None]
                if able:  # the selected card does not allow it: name the ones that do
                    verb = "go gin" if any(x.kind == "gin" for x in v.legal_actions) else "knock"
                    able = [x.card for x in v.legal_actions if x.kind == verb.split()[-1] and x.card is not None]
                    t.append(f" — or {verb} with ")
                    for i, c in enumerate(able[:3]):
                        if i:
                            t.append("/")
                        t.append_text(card_text(c, a))
            if v.rules.big_gin and any(x.kind == "big gin" for x in v.legal_actions):
                t.append(" — or Big Gin (b)")
            t.append(".")
        return t

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Moves of another phase are hidden; moves of this phase that are not legal now are dimmed."""
        v = self.v
        if v is None:
            return True
        if action == "hint":
            return True if v.my_turn else None
        if action == "play":
            from ginrummy_tui.engine import Action

            kind = str(parameters[0])
            phase = _PHASE_OF.get(kind)
            if kind == "big gin" and not v.rules.big_gin:
                return False
            if phase != v.phase:
                return False
            return True if Action(kind) in v.legal_actions else None
        if action in ("discard", "knock", "gin"):
            if v.phase != DISCARD:
                return False
            if action == "discard":
                from ginrummy_tui.engine import Action

                sel = self.query_one(HandView).selected
                return True if sel is not None and Action("discard", sel) in v.legal_actions else None
            return True if self._choice(action) is not None else None
        return True

    # ------------------------------------------------------------ moves

    def play(self, action: Action) -> None:
        """Submit the player's ``action``; show the reason if it is refused."""
        from ginrummy_tui.engine import IllegalAction

        app = self.gin
        try:
            app.session.submit(action)
        except IllegalAction as exc:
            reason = str(exc)
            if reason == "it is not your turn":
                reason = f"it is not your turn: wait for {app.session.opponent_name}"
            self.refuse(reason)
            return
        self.refusal = ""
        app.sync()

    def refuse(self, reason: str) -> None:
        """Show why a move was refused; nothing else changes."""
        self.refusal = reason
        self._update_details()
        self.app.bell()

    def try_move(self, name: str) -> None:
        """Try the move a key stands for, even when it is not legal (to explain why)."""
        from ginrummy_tui.engine import Action

        sel = self.query_one(HandView).selected
        if name in ("discard", "knock", "gin"):
            card = self._choice(name) if name != "discard" else sel
            if card is None and name != "discard" and sel is not None:
                able = [a.card for a in self._legal() if a.kind == name and a.card is not None]
                if able:  # the selected card does not allow it, others do: say which
                    a = self.gin.ascii_only
                    verb = "knock" if name == "knock" else "go gin"
                    names = [card_label(c, a) for c in able]
                    which = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
                    self.refuse(f"you cannot {verb} with {card_label(sel, a)}: select {which}, then {name[0]}")
                    return
            if card is None:
                card = sel
            if card is None:
                self.refuse("there is no card to play")
                return
            self.play(Action(name, card))
        else:
            self.play(Action(name))

    def action_play(self, kind: str) -> None:
        """Take the upcard, pass, draw, or go Big Gin."""
        from ginrummy_tui.engine import Action

        self.play(Action(kind))

    def action_discard(self) -> None:
        """Discard the selected card."""
        self.try_move("discard")

    def action_knock(self) -> None:
        """Knock with the selected card (or with the best card for knocking)."""
        self.try_move("knock")

    def action_gin(self) -> None:
        """Go gin."""
        self.try_move("gin")

    def action_cursor(self, step: int) -> None:
        """Move the selection."""
        self.query_one(HandView).move_cursor(step)
        self._update_details()

    def action_pick(self, index: int) -> None:
        """Select the card at ``index`` (number keys)."""
        if self.query_one(HandView).select(index):
            self._update_details()

    def action_move_card(self, step: int) -> None:
        """Move the selected card left or right."""
        self.query_one(HandView).move_card(step)
        self._update_details()

    def action_sort(self) -> None:
        """Sort by rank, or by suit if already sorted by rank."""
        hand = self.query_one(HandView)
        hand.sort("suit" if hand.sort_mode == "rank" else "rank")
        self.notify(f"Sorted by {hand.sort_mode}", timeout=1.5)
        self._update_details()

    def action_toggle_pile(self) -> None:
        """Show or hide the cards under the top of the discard pile."""
        self.query_one(DiscardPile).toggle()

    def action_hint(self) -> None:
        """Show what the expert would do now, with its reason, in the prompt line."""
        request_hint(self)

    # ------------------------------------------------------------ mouse

    def on_stock_pile_clicked(self) -> None:
        from ginrummy_tui.engine import Action

        self.play(Action("draw stock"))

    def on_discard_pile_clicked(self) -> None:
        from ginrummy_tui.engine import Action

        if self.v is not None and self.v.phase == UPCARD:
            self.play(Action("take upcard"))
        else:
            self.play(Action("draw discard"))

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        """One-click mode: throw the card.  Otherwise the first click selects
        (lifts) it and shows what may be done with it; a second click throws it."""
        from ginrummy_tui.engine import Action

        if self.gin.one_click or message.again:
            self.play(Action("discard", message.card))
        else:
            self._update_details()

    def on_hand_view_hovered(self) -> None:
        self._update_details()

    def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        name = message.button
        if name in ("discard", "knock", "gin"):
            self.try_move(name)
        else:
            kind = {
                "take": "take upcard",
                "pass": "pass",
                "stock": "draw stock",
                "pile": "draw discard",
                "big-gin": "big gin",
            }[name]
            from ginrummy_tui.engine import Action

            self.play(Action(kind))
