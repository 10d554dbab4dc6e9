"""Provides PitchPanel: both World Wave teams around the pitch, each player's card.

Team B plays at the top, team A at the bottom, the middle line says what is on the pitch
(the shot being answered, a Suspension being answered, the deck and the discard pile).
Each player's card shows the seat and name, the character (中文 and English, position),
the stamina gauge (⚽ left, 〇 spent, and the numbers), the injured mark, the equipped
攻/防/體 skills, the pending zone and the hand size. The narrow layout (below 100
columns) gives each player one line. The player on turn is marked ▶ and the seat being
asked ?; a mark is never told by colour alone. Clicking a player posts `SeatClicked`.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from ...core.worldwave import CARDS, ROSTER
from ...i18n import _, list_text
from ...seats import ai_mark, ai_name_here, says_ai
from .worldwave_cards import MARK_GLYPH, card_name, character_name, fit, gauge, pad

TEAM_NAMES = ("A", "B")
BOX_MAX = 34  # a player's card is at most this wide
BOX_LINES = 6  # lines of a player's card in the wide layout, borders included


def team_name(team: int) -> str:
    return _("Team {team}").format(team=TEAM_NAMES[team])


def equipped_text(equipped: dict, narrow: bool) -> Text:
    """The three slots: `攻重炮 防— 體—` (both names of a card unless `narrow`)."""
    text = Text()
    for i, mark in enumerate(("attack", "defence", "stamina")):
        if i:
            text.append(" ")
        text.append(MARK_GLYPH[mark], style="bold")
        card = equipped.get(mark)
        if card is None:
            text.append("—", style="dim")
        else:
            text.append(CARDS[card].name_zh if narrow else card_name(card))
    return text


class PitchPanel(Widget):
    """The seats of a World Wave view around the pitch (see the module docstring)."""

    DEFAULT_CSS = """
    PitchPanel { height: auto; width: 1fr; }
    """

    class SeatClicked(Message):
        """A click on a player's card."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: dict | None = None
        self.names: list[str] = []
        self.ai: set[int] = set()
        self.narrow = False
        self.owners: list[list[tuple[int, int, int]]] = []  # per line: (x0, x1, seat)

    def show(self, view: dict, names: list[str], ai: set[int], narrow: bool) -> None:
        self.view = view
        self.names = list(names)
        self.ai = set(ai)
        self.narrow = narrow
        # the number of lines depends on the layout, never on the width: set it, so a
        # resize to the narrow layout cannot keep the wide layout's height
        self.styles.height = len(self.rows(80))
        self.refresh(layout=True)

    # -- what a seat shows ------------------------------------------------------------

    def asked(self) -> int | None:
        view = self.view
        if view is None or not view["windows"]:
            return None
        due: int | None = view["windows"][-1]["due"]
        return due

    def marker(self, seat: int) -> str:
        view = self.view
        assert view is not None
        if self.asked() == seat:
            return "?"
        if view["phase"] != "over" and view["phase"] != "draft" and view["turn"] == seat:
            return "▶"
        if view["phase"] == "draft" and view["to_move"] == seat:
            return "▶"
        return " "

    def seat_title(self, seat: int) -> str:
        who = self.names[seat] if seat < len(self.names) else f"P{seat + 1}"
        if seat in self.ai:
            who = ai_name_here(who)
        ai = " " + ai_mark() if seat in self.ai and not says_ai(who) else ""
        return f"{self.marker(seat)}P{seat + 1} {who}{ai}"

    def character_line(self, info: dict) -> Text:
        cid = info["character"]
        if cid is None:
            return Text(_("(choosing)"), style="dim italic")
        text = Text(character_name(cid), style="bold")
        text.append(f" {ROSTER[cid].position}")
        return text

    def stamina_line(self, info: dict) -> Text:
        st, top = info["stamina"], info["max_stamina"]
        if st is None:
            return Text("")
        text = Text(gauge(st, top))
        text.append(f" {st}/{top}")
        if info["injured"]:
            text.append(" ")
            text.append(_("受傷 INJURED"), style="bold reverse")
        return text

    def hand_line(self, info: dict) -> Text:
        text = Text(_("hand {n}").format(n=info["hand"]))
        if info["hand_limit"] is not None:
            text.append(f"/{info['hand_limit']}", style="dim")
        if info["pending"]:
            names = list_text(card_name(c) for c in info["pending"])
            text.append(" · " + _("pending: {cards}").format(cards=names), style="bold")
        return text

    # -- drawing ------------------------------------------------------------------------

    def render(self) -> Text:
        rows = self.rows(max(20, self.content_size.width or self.size.width or 80))
        self.owners = [owners for owners, _line in rows]
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, (_owners, line) in enumerate(rows):
            if i:
                out.append("\n")
            out.append_text(line)
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.rows(max(20, width))))

    def rows(self, width: int) -> list[tuple[list[tuple[int, int, int]], Text]]:
        view = self.view
        if view is None:
            return [([], Text(""))]
        out: list[tuple[list[tuple[int, int, int]], Text]] = []
        for team in (1, 0):  # B at the top, A at the bottom
            seats = [s for s in range(view["players"]) if s % 2 == team]
            goals = view["goals"][team]
            head = Text(f"{team_name(team)} · ", style="bold")
            head.append(_("goals {n}").format(n=goals))
            if team == 0:
                out.append(([], self.middle(width)))
            out.append(([], fit(head, width)))
            if self.narrow:
                out += [self.seat_row(s, width) for s in seats]
            else:
                out += self.boxes(seats, width)
        return out

    def middle(self, width: int) -> Text:
        """The pitch between the teams: the shot, a Suspension answered, deck and discard."""
        view = self.view
        assert view is not None
        text = Text("─── ", style="dim")
        shot = view["shot"]
        if shot is not None:
            saves = len(shot["saves"])
            text.append(
                _("{name}: {card} · Saves {made}/{needed}").format(
                    name=self.names[shot["shooter"]],
                    card=card_name(shot["card"]),
                    made=saves,
                    needed=shot["needed"],
                ),
                style="bold",
            )
            text.append(" · ")
        for card in view["table"]:
            text.append(_("on the table: {card}").format(card=card_name(card)) + " · ")
        text.append(_("deck {n}").format(n=view["deck"]))
        if view["discard_top"]:
            text.append(" · " + _("discard {card}").format(card=card_name(view["discard_top"])))
        text.append(" ───", style="dim")
        return fit(text, width)

    def seat_row(self, seat: int, width: int) -> tuple[list[tuple[int, int, int]], Text]:
        """A player on one line (the narrow layout)."""
        assert self.view is not None
        info = self.view["seats"][seat]
        line = Text()
        line.append(pad(self.seat_title(seat), 12), style="bold")
        cid = info["character"]
        if cid is None:
            line.append(" " + _("(choosing)"), style="dim")
            return [(0, width, seat)], fit(line, width)
        char = ROSTER[cid]
        line.append(f" {pad(char.name_zh, 8)} {char.position} ")
        line.append(f"{info['stamina']}/{info['max_stamina']}")
        if info["injured"]:
            line.append(" " + _("傷 INJ"), style="bold reverse")
        line.append(" ")
        line.append_text(self.hand_short(info))
        line.append(" ")
        line.append_text(equipped_text(info["equipped"], narrow=True))
        return [(0, width, seat)], fit(line, width)

    def hand_short(self, info: dict) -> Text:
        text = Text(_("✋{n}").format(n=info["hand"]))
        if info["pending"]:
            text.append(" " + _("待{n}").format(n=len(info["pending"])), style="bold")
        return text

    def boxes(self, seats: list[int], width: int) -> list[tuple[list[tuple[int, int, int]], Text]]:
        """A row of players' cards side by side (the wide layout)."""
        assert self.view is not None
        n = max(1, len(seats))
        box = min(BOX_MAX, (width - (n - 1)) // n)
        inner = box - 2
        lines = [Text() for _ in range(BOX_LINES)]
        owners: list[tuple[int, int, int]] = []
        x = 0
        for k, seat in enumerate(seats):
            if k:
                for line in lines:
                    line.append(" ")
                x += 1
            owners.append((x, x + box, seat))
            x += box
            info = self.view["seats"][seat]
            here = self.marker(seat) != " "
            edge = "bold" if here else "dim"
            title = fit(Text(self.seat_title(seat)), inner - 2)
            top = Text("╭─", style=edge)
            top.append_text(title)
            top.append("─" * max(0, inner - 1 - title.cell_len) + "╮", style=edge)
            lines[0].append_text(top)
            body = [
                self.character_line(info),
                self.stamina_line(info),
                equipped_text(info["equipped"], narrow=inner < 30),
                self.hand_line(info),
            ]
            for i, text in enumerate(body, 1):
                cell = fit(text, inner)
                lines[i].append("│", style=edge)
                lines[i].append_text(cell)
                lines[i].append(" " * (inner - cell.cell_len) + "│", style=edge)
            lines[BOX_LINES - 1].append("╰" + "─" * inner + "╯", style=edge)
        return [(owners, line) for line in lines]

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.owners):
            return
        for x0, x1, seat in self.owners[offset.y]:
            if x0 <= offset.x < x1:
                event.stop()
                self.post_message(self.SeatClicked(seat))
                return
