"""Provides the World Wave match state: the turn (W4), response windows (W5), the end (W6).

Read top to bottom: the tables built from the data files, the state with its contract
(`to_move`, `legal_actions`, `apply`), the turn's phases, the response windows and the
steps that run when they close, what each card does, the helpers skills call, views, and
the JSON round trip.

The turn structure is data. `windows` is the stack of open response windows (W5.1), top
last: plain dicts `{"kind", "asked", "at", "passes", "then", …}`; the seat due is
`asked[at]`, `pass` advances `at`, a card played into a window resets `passes`, and a
window closes when `passes == len(asked)`. `steps` is the stack of steps still to run once
the windows above them have closed (top last), each a dict naming a step function of
`_STEPS` with its arguments. Nothing in the state is a callback or a coroutine, so it
clones, saves and replays exactly.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..contract import EventLog
from ..errors import NP_, IllegalAction, check_view_seat, not_an_action
from ..rng import GameRng
from .data import Character, load_deck, load_roster
from .notation import Action, parse
from .skills import SKILLS, Skill

ID = "worldwave"
# refusals that count cards (`IllegalAction(one, code, many, n=...)`; a front end
# picks the plural form)
DISCARD_FIRST = NP_(
    "discard {n} card down to your hand limit first",
    "discard {n} cards down to your hand limit first",
)
DISCARD_COUNT = NP_("discard exactly {n} card", "discard exactly {n} cards")
SAVE_VERSION = 1

ROSTER: dict[str, Character] = load_roster()
CARDS = load_deck()
DECK: tuple[str, ...] = tuple(c for card in CARDS.values() for c in [card.id] * card.copies)
KIND = {cid: card.kind for cid, card in CARDS.items()}  # event, skill, action, setpiece
MARK = {cid: card.mark for cid, card in CARDS.items() if card.mark}
MARKS = ("attack", "defence", "stamina")
_MARK_INDEX = {m: i for i, m in enumerate(MARKS)}
SHOTS = ("shoot", "freekick", "penalty")  # W2.4, W2.5
ACTION_EVENTS = ("foul", "tackle", "longball", "suspension", "waterbreak")  # W2.2
TARGETED = ("foul", "tackle", "suspension")
# W4.5: how a card is played on its own in the action phase (None: it is not)
_PLAYED: dict[str, str | None] = {
    cid: "equip"
    if kind == "skill"
    else ("event_on" if cid in TARGETED else "event")
    if kind == "event" and cid in ACTION_EVENTS
    else None
    for cid, kind in KIND.items()
}
RESPONSE_EVENTS = {"controversy": "controversy", "misjudgement": "misjudgement"}
DEFAULT_HAND_LIMIT = 4  # W1.3
FIRST_DRAW = 3  # W3.5
DRAW = 2  # W4.4

SHOOT, FREEKICK, PENALTY = Action("shoot"), Action("freekick"), Action("penalty")
END, PASS = Action("end"), Action("pass")
CHAR_SKILL = {cid: SKILLS[char.skill] for cid, char in ROSTER.items()}
_TIMINGS = ("start", "action", "shot_played", "save", "save_made", "goal_scored", "passive")

# Prebuilt actions for the hot path (legal_actions builds lists of these, not new objects)
_SLOTS = range(1, 41)
PICKS = {i: Action("pick", (i,)) for i in _SLOTS}
EQUIPS = {i: Action("equip", (i,)) for i in _SLOTS}
EVENTS = {i: Action("event", (i,)) for i in _SLOTS}
EVENTS_ON = {(i, t): Action("event", (i,), t) for i in _SLOTS for t in range(10)}
SAVES = {i: Action("save", (i,)) for i in _SLOTS}
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {
    (n, after): tuple((after + i) % n for i in range(1, n + 1))
    for n in range(2, 11, 2)
    for after in range(n)
}
_ANSWER_CARDS = ("controversy", "misjudgement", "whistle")  # windows answered by that card
_PASS_ONLY = [PASS]  # the legal actions of most seats asked in a window (never changed)
_OPPONENTS = {k: tuple(s for s in order if s % 2 != k[1] % 2) for k, order in _ORDERS.items()}
_MATES = {k: tuple(s for s in order if s % 2 == k[1] % 2) for k, order in _ORDERS.items()}
_OTHERS = {k: order[:-1] for k, order in _ORDERS.items()}  # clockwise after a seat, not it
_FROM = {k: (k[1], *order[:-1]) for k, order in _ORDERS.items()}  # a seat, then clockwise
# The steps with no arguments, queued as these very dicts (a queued step never changes)
_WHISTLE_WINDOW = {"step": "whistle_window"}
_SHOT_STEPS = (_WHISTLE_WINDOW, {"step": "result"}, {"step": "misjudgement_window"},
               {"step": "save_window"})  # fmt: skip  # queued in this order: run last first


def _well_formed(action: Action) -> bool:
    """An Action built in code has the field types notation gives (anything else is
    refused before it is compared or looked at)."""
    return (
        type(action.kind) is str
        and type(action.slots) is tuple
        and all(type(s) is int and 1 <= s <= 999 for s in action.slots)
        and (action.target is None or (type(action.target) is int and 0 <= action.target < 10))
    )


def _copy_event(e: dict) -> dict:
    return {k: (list(v) if type(v) is list else v) for k, v in e.items()}


# The frequent events as `_record` notes them: a tuple (kind, *values) with the values in
# the order of its keys here ("event" first). They become dicts when the log is read
# (`_built`), so random play and searches that never read it do not pay for them.
_EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "pass": ("event", "seat", "window"),
    "turn": ("event", "seat", "number"),
    "recover": ("event", "seat", "stamina", "healed"),
    "draw": ("event", "seat", "count"),
    "stamina": ("event", "seat", "change", "stamina"),
    "play": ("event", "seat", "card"),  # with a target: noted as a dict
    "equip": ("event", "seat", "card", "replaced"),
    "end_action": ("event", "seat"),
    "shot": ("event", "seat", "kind", "card", "needed"),
    "save": ("event", "seat", "how", "card", "saves", "needed"),
    "stopped": ("event", "seat"),
    "unsaved": ("event", "seat"),
    "saved": ("event", "seat"),
    "goal": ("event", "seat", "team", "goals"),
    "discard": ("event", "seat", "cards", "why"),
}


def _event_of(record: dict | tuple) -> dict:
    """The event dict of one of `records`' entries (rare events are noted as dicts)."""
    if type(record) is dict:
        return record
    return dict(zip(_EVENT_KEYS[record[0]], record, strict=True))


def _event(slot: int) -> Action:
    return EVENTS.get(slot) or Action("event", (slot,))


_DISCARDS: dict[tuple[int, int], tuple[Action, ...]] = {}


@dataclass(frozen=True, slots=True)
class _Kit:
    """A seat's character and its skills as its equipment and injury make them (W5.4)."""

    char: Character
    at: dict[str, tuple[Skill, ...]]  # per timing: the character's, then the cards'
    hand_limit: int  # the character's numbers with the passive skills' bonuses added
    max_stamina: int
    save_cost: int  # before the shot's extra cost


_KITS: dict[tuple, _Kit] = {}  # _kit_of's answers, by its arguments


def _kit_of(
    cid: str, attack: str | None, defence: str | None, stamina: str | None, injured: bool
) -> _Kit:
    """The kit of a character with these skill cards equipped: its skills are the
    character's, then the cards' (attack, defence, stamina). An injured player uses no 防
    skill (W4.3)."""
    skills = [CHAR_SKILL[cid]]
    for card in (attack, None if injured else defence, stamina):
        if card is not None:
            skills.append(SKILLS[card])
    at = {t: tuple(sk for sk in skills if sk.timing == t) for t in _TIMINGS}
    char = ROSTER[cid]

    def bonus(what: str) -> int:
        return sum(sk.bonus(None, -1, what) for sk in at["passive"] if sk.bonus is not None)

    return _Kit(
        char,
        at,
        char.hand_limit + bonus("hand_limit"),
        char.stamina + bonus("max_stamina"),
        char.save_cost + bonus("save_cost"),
    )


def _discards(n: int, k: int) -> tuple[Action, ...]:
    """W4.6: every way to discard k of n hand cards (built once per n and k)."""
    found = _DISCARDS.get((n, k))
    if found is None:
        combos = itertools.combinations(range(1, n + 1), k)
        found = _DISCARDS[n, k] = tuple(Action("discard", c) for c in combos)
    return found


@dataclass(slots=True, eq=False)
class WorldWaveState:
    """The whole match; only `view()` / `public_view()` are meant for players' eyes.

    Seats 0, 2, 4 … are team A (0), seats 1, 3, 5 … team B (1) (W3.1). The deck and the
    discard pile keep their top card last. Hands keep the order cards came in (W7 slots).
    """

    players: int
    names: list[str]
    rng: GameRng
    halves: bool
    characters: list[str | None]
    deck: list[str]
    stamina: list[int] = field(default_factory=list)
    injured: list[bool] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    equipped: list[list[str | None]] = field(default_factory=list)  # attack, defence, stamina
    pending: list[list[str]] = field(default_factory=list)  # W4.2, last placed last
    discard: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)  # a Suspension while it is answered
    goals: list[int] = field(default_factory=lambda: [0, 0])  # per team
    half: int = 1
    turn: int = 0
    turn_number: int = 0
    phase: str = "draft"  # draft, action, discard, over
    draft_seat: int = 0
    offer: list[str] = field(default_factory=list)
    big_draw: int | None = 1  # W3.5, W6.2: the seat whose first draw this half is 3 cards
    turns_taken: list[int] = field(default_factory=list)
    conceded: list[bool] = field(default_factory=list)  # team conceded since the last turn
    used: list[str] = field(default_factory=list)  # once-per-turn tokens (W5.4)
    until_next: list[list[str]] = field(default_factory=list)  # until the owner's next turn
    exhausted: bool = False  # W6.1
    quiet: int = 0  # W6.1: turns in a row since the deck ran out with no card played
    active: bool = False  # a card was played or equipped in this turn
    windows: list[dict] = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)
    shot: dict | None = None
    is_over: bool = False
    events: list[dict] = field(default_factory=list)  # the public log, as far as built
    secret: list[list] = field(default_factory=list)  # [seats, event]: private events
    records: list[dict | tuple] = field(default_factory=list)  # noted, not yet in `events`
    # Caches, never saved: the legal actions now, and per seat the skills of its character
    # and equipment by timing (`_kit`; `_kit_changed` forgets a seat's whenever its
    # character, equipment or injury changes)
    _legal: list[Action] | None = field(default=None, repr=False)
    _kits: dict[int, _Kit] = field(default_factory=dict, repr=False)

    # -- the contract --------------------------------------------------------------

    @property
    def log(self) -> EventLog:
        """The public events since the start, oldest first (a read-only view of copies).

        The frequent events are noted as tuples in `records` (`_EVENT_KEYS`) and become
        dicts here, when the log is read."""
        return EventLog(self._built())

    def _built(self) -> list[dict]:
        """The engine's own list of public events, with the records noted so far built."""
        if self.records:
            self.events += map(_event_of, self.records)
            self.records.clear()
        return self.events

    @property
    def to_move(self) -> int | None:
        """The one seat whose decision is due: the asked seat of the top window, the
        drafting seat, or the player on turn; None once the match is over."""
        if self.is_over:
            return None
        if self.windows:
            w = self.windows[-1]
            return w["asked"][w["at"]]
        if self.phase == "draft":
            return self.draft_seat
        return self.turn

    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now (a new list: the one found is
        kept, unchanged, until the state changes)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal.copy()

    def _legal_now(self) -> list[Action]:
        if self.is_over:
            return []
        if self.windows:
            return self._window_actions(self.windows[-1])
        if self.phase == "draft":
            return [PICKS[i] for i in range(1, len(self.offer) + 1)]
        if self.phase == "discard":
            seat = self.turn
            excess = len(self.hands[seat]) - self.hand_limit(seat)
            return list(_discards(len(self.hands[seat]), excess))
        return self._action_phase_actions(self.turn)

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation); IllegalAction leaves the state unchanged."""
        if action is PASS and self.windows:  # always legal while a window is open
            w = self.windows[-1]  # the most frequent action, in short: W5.1, W5.2
            asked = w["asked"]
            self._legal = None
            self.records.append(("pass", asked[w["at"]], w["kind"]))
            w["passes"] += 1
            w["at"] = (w["at"] + 1) % len(asked)
            if w["passes"] >= len(asked):
                self._run()
            return
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        for listed in legal:  # the usual move is one of the very actions listed
            if listed is action:
                break
        else:  # anything else is examined (all the actions listed are well formed)
            if type(action) is not Action:
                if not isinstance(action, str):
                    raise not_an_action("World Wave", action)
                action = parse(action)
            elif not _well_formed(action):  # e.g. True for a slot would equal slot 1
                raise not_an_action("World Wave", action)
            if action not in legal:
                if self.is_over:
                    raise IllegalAction("the match is over", "game_over")
                raise self._refusal(action)
        self._legal = None
        self._do(action)
        self._run()

    def scores(self) -> list[int]:
        """Per seat: the goals of that seat's team."""
        return [self.goals[s % 2] for s in range(self.players)]

    def result(self) -> dict[str, Any]:
        """`{"scores", "winners", "over", "goals"}`: the winning team's seats; every seat
        when the goals are equal (W6.3)."""
        scores = self.scores()
        res: dict[str, Any] = {
            "scores": scores,
            "winners": [],
            "over": self.is_over,
            "goals": list(self.goals),
        }
        if self.is_over:
            a, b = self.goals
            res["winners"] = [s for s in range(self.players) if a == b or (s % 2 == 0) == (a > b)]
        return res

    # -- who is who --------------------------------------------------------------------

    def character(self, seat: int) -> Character:
        cid = self.characters[seat]
        assert cid is not None
        return ROSTER[cid]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other team's seats, clockwise after `seat`."""
        return _OPPONENTS[self.players, seat]

    def _clockwise(self, after: int) -> tuple[int, ...]:
        """Every seat, clockwise starting after `after` (so `after` itself comes last)."""
        return _ORDERS[self.players, after]

    def _skills(self, seat: int, timing: str) -> tuple[Skill, ...]:
        """The seat's character skill and equipped skill cards at one timing (W5.4)."""
        kit = self._kits.get(seat) or self._kit(seat)
        return kit.at[timing]

    def _kit(self, seat: int) -> _Kit:
        """The seat's kit now (`_kit_of`), kept until `_kit_changed`."""
        kit = self._kits.get(seat)
        if kit is None:
            attack, defence, stamina = self.equipped[seat]
            cid = self.characters[seat]
            assert cid is not None
            key = (cid, attack, defence, stamina, bool(self.injured[seat]))
            kit = _KITS.get(key)
            if kit is None:
                kit = _KITS[key] = _kit_of(*key)
            self._kits[seat] = kit
        return kit

    def _kit_changed(self, seat: int | None = None) -> None:
        """Forget the skills found for a seat (None: every seat) after its character,
        equipment or injury changed."""
        if seat is None:
            self._kits.clear()
        else:
            self._kits.pop(seat, None)

    def hand_limit(self, seat: int) -> int:
        """W1.3: the hand limit as it is now."""
        kit = self._kits.get(seat) or self._kit(seat)
        return max(0, kit.hand_limit)

    def max_stamina(self, seat: int) -> int:
        """W1.6: the maximum stamina as it is now (Iron lungs included)."""
        kit = self._kits.get(seat) or self._kit(seat)
        return kit.max_stamina

    def save_cost(self, seat: int) -> int:
        """W1.1, W2.3: what a Save of `seat` costs against the current shot."""
        kit = self._kits.get(seat) or self._kit(seat)
        extra = self.shot["extra_cost"] if self.shot else 0
        return max(0, kit.save_cost + extra)

    def once(self, token: str) -> bool:
        """Whether a once-per-turn skill token is still unused in this turn."""
        return token not in self.used

    def spend_once(self, token: str) -> None:
        self.used.append(token)

    # -- legal actions -------------------------------------------------------------

    def _action_phase_actions(self, seat: int) -> list[Action]:
        """W4.5: shots, equips, events and skills the player can pay for, and `end`."""
        hand = self.hands[seat]
        st = self.stamina[seat]
        kit = self._kits.get(seat) or self._kit(seat)
        char = kit.char
        acts: list[Action] = []
        if "shoot" in hand and char.shoot_cost is not None and st >= char.shoot_cost:
            acts.append(SHOOT)  # W1.2: never for a goalkeeper
        if st >= 1:  # W2.5: set pieces cost 1
            if "freekick" in hand:
                acts.append(FREEKICK)
            if "penalty" in hand:
                acts.append(PENALTY)
        for i, card in enumerate(hand, 1):
            play = _PLAYED[card]
            if play is None:
                continue
            if play == "equip":
                acts.append(EQUIPS.get(i) or Action("equip", (i,)))
            elif play == "event":
                acts.append(EVENTS.get(i) or Action("event", (i,)))
            else:  # an event on an opponent
                for t in _OPPONENTS[self.players, seat]:
                    if card == "tackle" and not self.hands[t]:
                        continue
                    if card == "suspension" and "suspension" in self.pending[t]:
                        continue
                    acts.append(EVENTS_ON.get((i, t)) or Action("event", (i,), t))
        for sk in kit.at["action"]:
            if sk.offers is not None:
                acts += sk.offers(self, seat)
        acts.append(END)
        return acts

    def _window_actions(self, w: dict) -> list[Action]:
        seat = w["asked"][w["at"]]
        kind = w["kind"]
        acts: list[Action] = []
        hand = self.hands[seat]
        if kind in _ANSWER_CARDS and kind not in hand:
            return _PASS_ONLY
        if kind == "save":
            acts = self._save_actions(seat)
        elif kind == "shot_skill":
            for sk in self._skills(seat, "shot_played"):
                if sk.offers is not None:
                    acts += sk.offers(self, seat)
        else:  # controversy, misjudgement, whistle: the matching event card
            acts = [_event(i) for i, c in enumerate(hand, 1) if c == kind]
        acts.append(PASS)
        return acts

    def _save_actions(self, seat: int) -> list[Action]:
        """W2.4, W1.2, W1.4, W2.3: the ways `seat` can save the current shot."""
        if self.injured[seat]:  # W4.3: no Save of any kind
            return []
        kit = self._kits.get(seat) or self._kit(seat)
        cost = self.save_cost(seat)
        acts: list[Action] = []
        if cost <= self.stamina[seat]:
            keeper = kit.char.position == "GK"
            for i, c in enumerate(self.hands[seat], 1):
                if c == "save" or (keeper and c == "shoot"):
                    acts.append(SAVES.get(i) or Action("save", (i,)))
        for sk in kit.at["save"]:
            if sk.offers is not None:
                acts += sk.offers(self, seat)
        return acts

    def _refusal(self, action: Action) -> IllegalAction:
        """Why an action is not legal now, as a code and parameters (the first reason
        found: the moment, the hand slot, the card, the target, the cost)."""
        seat = self.to_move
        assert seat is not None
        text = str(action)[:60]
        verb = action.kind
        hand = self.hands[seat]
        w = self.windows[-1] if self.windows else None
        if self.phase == "draft" and w is None:
            if verb != "pick":
                return IllegalAction("choose a character first, e.g. 'pick 1'", "draft_first")
            return IllegalAction(
                "pick one of the {n} characters offered (pick 1 to pick {n})",
                "no_such_pick",
                n=len(self.offer),
            )
        if verb == "pick":
            return IllegalAction("the draft is over", "not_now", action=text)
        for slot in action.slots:
            if slot > len(hand):
                return IllegalAction(
                    "there is no card in slot {slot} (the hand holds {n})",
                    "slot_empty",
                    slot=slot,
                    n=len(hand),
                )
        if action.target is not None and action.target >= self.players:
            return IllegalAction(
                "there is no seat P{seat} at this table", "no_such_seat", seat=action.target + 1
            )
        if w is not None:
            return self._window_refusal(w, seat, action, text)
        if self.phase == "discard":
            excess = len(hand) - self.hand_limit(self.turn)
            if verb != "discard":
                one, many = DISCARD_FIRST
                return IllegalAction(one, "discard_first", many, n=excess)
            one, many = DISCARD_COUNT
            return IllegalAction(one, "discard_count", many, n=excess)
        if verb in ("pass", "discard", "save", "terry", "anticipation"):
            return IllegalAction(
                "'{action}' is for answers and the discard phase; this is your action phase",
                "not_now",
                action=text,
            )
        if verb in SHOTS:
            if verb not in hand:
                return IllegalAction("you hold no {card} card", "no_card", card=verb)
            if verb == "shoot" and self.character(seat).shoot_cost is None:
                return IllegalAction("a goalkeeper never shoots a Shoot (W1.2)", "keeper_shot")
            return IllegalAction("not enough stamina for that", "no_stamina")
        if verb in ("equip", "event"):
            card = hand[action.slots[0] - 1]
            wanted = "skill" if verb == "equip" else "event"
            if KIND[card] != wanted:
                return IllegalAction(
                    "the card in slot {slot} is {card}, not a {kind} card",
                    "wrong_card",
                    slot=action.slots[0],
                    card=card,
                    kind=wanted,
                )
            if card not in ACTION_EVENTS and verb == "event":
                return IllegalAction(
                    "{card} is played only as an answer in its window (W2.2)",
                    "answer_only",
                    card=card,
                )
            if card in TARGETED and action.target is None:
                return IllegalAction(
                    "{card} needs a target: an opponent, e.g. 'event {slot} P2'",
                    "needs_target",
                    card=card,
                    slot=action.slots[0],
                )
            if verb == "event" and action.target is not None:
                if card not in TARGETED:
                    return IllegalAction("{card} takes no target", "no_target", card=card)
                if action.target % 2 == seat % 2:
                    return IllegalAction(
                        "P{seat} is on your team; {card} is played on an opponent",
                        "bad_target",
                        seat=action.target + 1,
                        card=card,
                    )
                return IllegalAction(
                    "{card} cannot be played on P{seat} now (a Tackle needs a hand to take "
                    "from, a pending zone holds one Suspension)",
                    "bad_target",
                    card=card,
                    seat=action.target + 1,
                )
        return IllegalAction("'{action}' is not allowed now", "not_legal", action=text)

    def _window_refusal(self, w: dict, seat: int, action: Action, text: str) -> IllegalAction:
        """Why an answer does not fit the open window."""
        kind = w["kind"]
        verb = action.kind
        if kind == "save" and verb in ("save", "terry", "anticipation", "skill"):
            if self.injured[seat]:
                return IllegalAction(
                    "an injured player makes no Save of any kind (W4.3)", "injured"
                )
            if verb == "save":
                card = self.hands[seat][action.slots[0] - 1]
                keeper = self.character(seat).position == "GK"
                if card != "save" and not (keeper and card == "shoot"):
                    return IllegalAction(
                        "the card in slot {slot} is {card}, not a Save",
                        "wrong_card",
                        slot=action.slots[0],
                        card=card,
                        kind="save",
                    )
            if self.save_cost(seat) > self.stamina[seat]:
                return IllegalAction(
                    "a Save costs you {cost} stamina; you have {stamina}",
                    "no_stamina",
                    cost=self.save_cost(seat),
                    stamina=self.stamina[seat],
                )
        if kind in _ANSWER_CARDS and verb == "event":
            card = self.hands[seat][action.slots[0] - 1]
            return IllegalAction(
                "the card in slot {slot} is {card}; this window takes a {kind}",
                "wrong_card",
                slot=action.slots[0],
                card=card,
                kind=kind,
            )
        return IllegalAction(
            "'{action}' does not answer this {window} window; 'pass' always does",
            "not_an_answer",
            action=text,
            window=kind,
        )

    # -- doing an action --------------------------------------------------------------

    def _do(self, action: Action) -> None:
        verb = action.kind
        if self.windows:
            w = self.windows[-1]
            seat = w["asked"][w["at"]]
            if verb == "pass":
                self.records.append(("pass", seat, w["kind"]))
                w["passes"] += 1
                w["at"] = (w["at"] + 1) % len(w["asked"])
                return
            self._answer(w, seat, action)
            return
        seat = self.draft_seat if self.phase == "draft" else self.turn
        if verb == "pick":
            self._pick(action.slots[0])
        elif verb == "discard":
            self.discard_slots(seat, action.slots, "limit")
            self._end_turn()
        elif verb in SHOTS:
            cost = 1 if verb != "shoot" else self.character(seat).shoot_cost
            assert cost is not None
            self.start_shot(seat, verb, self.hands[seat].index(verb) + 1, cost=cost)
        elif verb == "equip":
            self._equip(seat, action.slots[0])
        elif verb == "event":
            self._play_event(seat, action.slots[0], action.target)
        elif verb == "skill":
            self._use_skill(seat, "action", action)
        elif verb == "end":
            self.records.append(("end_action", seat))
            self._discard_phase()

    def _answer(self, w: dict, seat: int, action: Action) -> None:
        """A card or skill played into the top window (W5.1)."""
        kind = w["kind"]
        if kind == "shot_skill":
            self._use_skill(seat, "shot_played", action)
            w["passes"] += 1  # each asked seat decides once
            w["at"] = (w["at"] + 1) % len(w["asked"])
            return
        w["passes"] = 0
        w["at"] = (w["at"] + 1) % len(w["asked"])
        if kind == "save":
            if action.kind == "save":
                cost = self.save_cost(seat)
                card = self.play_slot(seat, action.slots[0])
                self.add_save(seat, "card", card, cost)
            else:
                self._use_skill(seat, "save", action)
            return
        card = self.play_slot(seat, action.slots[0])
        self.records.append(("play", seat, card))
        if kind == "controversy":  # W5.1.1: a window on itself
            w["chain"].append([card, seat])
            w["asked"] = list(_OTHERS[self.players, seat])
            w["at"] = 0
            return
        # misjudgement or whistle: an event, so first the Controversy window on it
        self._open_controversy(card, seat, {"step": kind, "seat": seat})

    def _use_skill(self, seat: int, timing: str, action: Action) -> None:
        for sk in self._skills(seat, timing):
            if sk.offers is not None and sk.use is not None and action in sk.offers(self, seat):
                sk.use(self, seat, action)
                return
        raise AssertionError("a legal skill action no skill offers")  # pragma: no cover

    # -- the draft (W3.2) ---------------------------------------------------------------

    def _draft_pool(self) -> list[str]:
        chosen = set(self.characters)
        return [
            cid
            for cid, char in ROSTER.items()
            if cid not in chosen and (self.players > 2 or char.position != "GK")
        ]

    def _offer(self) -> None:
        pool = self._draft_pool()
        self.rng.shuffle_batched(pool)
        self.offer = pool[: 3 if self.players == 10 else 4]
        self.note({"event": "offer", "seat": self.draft_seat, "count": len(self.offer)})
        self._secret([self.draft_seat], {"event": "offered", "seat": self.draft_seat,
                                          "characters": list(self.offer)})  # fmt: skip

    def _pick(self, slot: int) -> None:
        cid = self.offer[slot - 1]
        self.characters[self.draft_seat] = cid
        self._kit_changed(self.draft_seat)
        self.offer = []
        self.note({"event": "pick", "seat": self.draft_seat, "character": cid})
        if self.draft_seat + 1 < self.players:
            self.draft_seat += 1
            self._offer()
        else:
            self._kick_off()

    def _kick_off(self) -> None:
        """W3.3-W3.5: stamina cards at the maximum, seat 1 starts."""
        self.phase = "action"
        self._kit_changed()
        self.stamina = [ROSTER[c].stamina for c in self.characters if c is not None]
        self.note({"event": "half", "half": 1, "seat": 0})
        self._start_turn(0)

    # -- a turn (W4) ------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.turn_number += 1
        self.used.clear()
        self.active = False
        self.until_next[seat].clear()
        self.phase = "action"
        self.records.append(("turn", seat, self.turn_number))
        skip = False
        while self.pending[seat]:  # W4.2: last placed, first resolved
            card = self.pending[seat].pop()
            turned = self.turn_over(seat, "suspension") if self.deck else None
            if turned is not None and turned != "save":
                skip = True
            self.note({"event": "suspension", "seat": seat, "card": turned, "skip": skip})
            self.discard.append(card)
        for sk in (self._kits.get(seat) or self._kit(seat)).at["start"]:
            assert sk.use is not None
            sk.use(self, seat, None)
        self.turns_taken[seat] += 1
        self.conceded[seat] = False
        # W4.3 recovery
        top = (self._kits.get(seat) or self._kit(seat)).max_stamina
        healed = self.injured[seat]
        self.stamina[seat] = top
        if healed:
            self.injured[seat] = False
            self._kit_changed(seat)
        self.records.append(("recover", seat, top, healed))
        # W4.4 draw (W3.5: one seat's first draw of the half is three cards)
        n = DRAW
        if self.big_draw == seat:
            n = FIRST_DRAW
            self.big_draw = None
        self.draw(seat, n)
        if skip:
            self.note({"event": "skip", "seat": seat})
            self._discard_phase()

    def _discard_phase(self) -> None:
        """W4.6: discard down to the hand limit as it is now (W1.3)."""
        self.phase = "discard"
        seat = self.turn
        if len(self.hands[seat]) <= max(0, (self._kits.get(seat) or self._kit(seat)).hand_limit):
            self._end_turn()

    def _end_turn(self) -> None:
        """W4.7, W6.1: the next seat starts, unless the half or match ends here."""
        if self.exhausted:
            self.quiet = 0 if self.active else self.quiet + 1
            if self.quiet >= self.players or not any(self.hands):
                self._end_half()
                return
        self._start_turn((self.turn + 1) % self.players)

    def _end_half(self) -> None:
        """W6.1, W6.2: half time, or the end of the match."""
        if self.halves and self.half == 1:
            self.note({"event": "half_time", "goals": list(self.goals)})
            cards = self.deck + self.discard + self.table
            for s in range(self.players):
                cards += self.hands[s] + self.pending[s]
                cards += [c for c in self.equipped[s] if c is not None]
                self.hands[s] = []
                self.pending[s] = []
                self.equipped[s] = [None, None, None]
                self.stamina[s] = self.character(s).stamina
                self.injured[s] = False
                self.until_next[s] = []
            self._kit_changed()
            cards.sort()
            self.rng.shuffle_batched(cards)
            self.deck = cards
            self.discard = []
            self.table = []
            self.exhausted = False
            self.quiet = 0
            self.half = 2
            self.big_draw = 0  # W6.2: seat 1 gets three cards in its first draw
            self.note({"event": "half", "half": 2, "seat": 1, "shuffled": len(cards)})
            self._start_turn(1)
            return
        self.is_over = True
        self.phase = "over"
        self.note({"event": "end", "goals": list(self.goals), "winners": self.result()["winners"]})

    # -- cards played in the action phase ------------------------------------------------

    def _equip(self, seat: int, slot: int) -> None:
        """W2.3: one skill per mark; a second of a mark discards the first."""
        card = self.hands[seat].pop(slot - 1)
        self.active = True
        i = _MARK_INDEX[MARK[card]]
        old = self.equipped[seat][i]
        if old is not None:
            self.discard.append(old)
        self.equipped[seat][i] = card
        self._kit_changed(seat)
        self.records.append(("equip", seat, card, old))
        top = self.max_stamina(seat)
        if self.stamina[seat] > top:  # W1.6: a lowered maximum cuts the stamina
            self.lose_stamina(seat, self.stamina[seat] - top)
        self.steps.append(_WHISTLE_WINDOW)

    def _play_event(self, seat: int, slot: int, target: int | None) -> None:
        """W2.2: an event in one's own action phase: Controversy window, effect, Whistle."""
        card = self.hands[seat].pop(slot - 1)
        self.active = True
        if card == "suspension":
            self.table.append(card)
        else:
            self.discard.append(card)
        if target is None:
            self.records.append(("play", seat, card))
        else:
            self.note({"event": "play", "seat": seat, "card": card, "target": target})
        self.steps.append(_WHISTLE_WINDOW)
        self._open_controversy(
            card, seat, {"step": "event", "card": card, "seat": seat, "target": target}
        )

    def start_shot(self, seat: int, kind: str, slot: int, *, cost: int) -> None:
        """W5.1 step 2: a shot is played: shot-played skills, the Save window, the
        Misjudgement window, the result, the Whistle window."""
        card = self.play_slot(seat, slot)
        self.pay(seat, cost)
        self.shot = {
            "shooter": seat,
            "kind": kind,
            "card": card,
            "needed": 1,
            "saves": [],
            "extra_cost": 0,
            "stopped": False,
            "reversed": False,
        }
        kits = self._kits
        for s in _FROM[self.players, seat]:  # passive shot-played skills
            for sk in (kits.get(s) or self._kit(s)).at["shot_played"]:
                if sk.offers is None and sk.use is not None:
                    sk.use(self, s, self.shot)
        self.records.append(("shot", seat, kind, card, self.shot["needed"]))
        self.steps += _SHOT_STEPS
        asked = []  # the seats with a shot-played skill to use now
        for s in _ORDERS[self.players, seat]:
            for sk in (kits.get(s) or self._kit(s)).at["shot_played"]:
                if sk.offers is not None and sk.offers(self, s):
                    asked.append(s)
                    break
        if asked:
            self.windows.append({"kind": "shot_skill", "asked": asked, "at": 0, "passes": 0,
                                 "then": None, "shooter": seat})  # fmt: skip

    # -- windows and steps (W5.1) ------------------------------------------------------

    # Each window opens as a dict literal of the form the module docstring gives: kind,
    # asked (a new list), at, passes, then (the step run as it closes) and its own keys.

    def _open_controversy(self, card: str, seat: int, then: dict) -> None:
        """W5.1.1: every seat but the card's player may cancel the event card."""
        self.windows.append({"kind": "controversy", "asked": list(_OTHERS[self.players, seat]),
                             "at": 0, "passes": 0, "then": then,
                             "chain": [[card, seat]]})  # fmt: skip

    def _run(self) -> None:
        """Close finished windows and run queued steps until a decision is due."""
        windows, steps = self.windows, self.steps  # (changed in place, never replaced)
        while not self.is_over:
            if windows:
                w = windows[-1]
                if w["passes"] < len(w["asked"]):
                    return
                windows.pop()
                if w["then"] is not None or w["kind"] == "controversy":
                    self._close(w)  # (the other windows close with nothing to run)
            elif steps:
                step = steps.pop()
                _STEPS[step["step"]](self, step)
            else:
                return

    def _close(self, w: dict) -> None:
        then = w["then"]
        if w["kind"] == "controversy":
            chain = w["chain"]
            # W2.2: resolved from the top; each Controversy left standing cancels the
            # card below it, so the event falls when the chain holds an odd number
            cancelled = (len(chain) - 1) % 2 == 1
            if len(chain) > 1:
                self.note({"event": "chain", "card": chain[0][0], "seat": chain[0][1],
                            "length": len(chain) - 1, "cancelled": cancelled})  # fmt: skip
            then = dict(then, cancelled=cancelled)
        if then is not None:  # runs now, before the window below is asked again
            _STEPS[then["step"]](self, then)

    def _step_event(self, step: dict) -> None:
        """An action-phase event after its Controversy window (W2.2)."""
        card, seat, target = step["card"], step["seat"], step["target"]
        if card == "suspension":
            self.table.remove(card)
        if step["cancelled"]:
            self.note({"event": "cancelled", "seat": seat, "card": card})
            if card == "suspension":
                self.discard.append(card)
            return
        if card == "foul":
            self.lose_stamina(target, 2)
            self.injured[target] = True
            self._kit_changed(target)
            self.note({"event": "injured", "seat": target})
        elif card == "tackle":
            self.take_random(seat, target, "tackle")
        elif card == "longball":
            self.draw(seat, 2)
        elif card == "suspension":
            self.pending[target].append(card)
            self.note({"event": "pending", "seat": target, "card": card})
        elif card == "waterbreak":
            for s in range(seat % 2, self.players, 2):
                self.gain_stamina(s, 1)

    def _step_save_window(self, step: dict) -> None:
        """W5.1.2: the defending team (a Penalty: its goalkeepers), clockwise after the
        shooter; closes when the shot is stopped or everyone has passed since the last Save."""
        shot = self.shot
        assert shot is not None
        if len(shot["saves"]) >= shot["needed"]:
            return
        shooter = shot["shooter"]
        asked = list(_OPPONENTS[self.players, shooter])
        if shot["kind"] == "penalty":
            asked = [s for s in asked if self.character(s).position == "GK"]
        self.windows.append({"kind": "save", "asked": asked, "at": 0, "passes": 0, "then": None,
                             "shooter": shooter})  # fmt: skip

    def _step_misjudgement_window(self, step: dict) -> None:
        """W5.1.3: after a stop, the shooter's team; after a goal, the conceding team."""
        shot = self.shot
        assert shot is not None
        shooter = shot["shooter"]
        stopped = len(shot["saves"]) >= shot["needed"]
        shot["stopped"] = stopped
        self.records.append(("stopped" if stopped else "unsaved", shooter))
        team = _MATES if stopped else _OPPONENTS
        asked = list(team[self.players, shooter])
        self.windows.append({"kind": "misjudgement", "asked": asked, "at": 0, "passes": 0,
                             "then": None, "shooter": shooter, "stopped": stopped})  # fmt: skip

    def _step_misjudgement(self, step: dict) -> None:
        """A Misjudgement after its Controversy window: the result is reversed, for good."""
        if step["cancelled"]:
            self.note({"event": "cancelled", "seat": step["seat"], "card": "misjudgement"})
            return
        assert self.shot is not None
        self.shot["reversed"] = True
        self.note({"event": "reversed", "seat": step["seat"]})
        w = self.windows.pop()  # the Misjudgement window: no Misjudgement on a Misjudgement
        assert w["kind"] == "misjudgement"

    def _step_result(self, step: dict) -> None:
        """W5.1.4: the result stands: save made / goal scored skills, then Poacher."""
        shot = self.shot
        assert shot is not None
        shooter = shot["shooter"]
        goal = shot["stopped"] == shot["reversed"]
        order = _FROM[self.players, shooter]
        if goal:
            team = shooter % 2
            self.goals[team] += 1
            for s in range(1 - team, self.players, 2):
                self.conceded[s] = True
            self.records.append(("goal", shooter, team, list(self.goals)))
            for timing_cards in (False, True):  # character skills, then Poacher
                for s in order:
                    for sk in self._skills(s, "goal_scored"):
                        if sk.card == timing_cards and sk.use is not None:
                            sk.use(self, s, shot)
        elif shot["reversed"]:
            self.note({"event": "no_goal", "seat": shooter})
        else:
            self.records.append(("saved", shooter))
            for s in order:
                for sk in self._skills(s, "save_made"):
                    if sk.use is not None:
                        sk.use(self, s, shot)
        self.shot = None

    def _step_whistle_window(self, step: dict) -> None:
        """W5.1.5: after a card of the action phase, the acting player's opponents."""
        if self.phase == "action":
            turn = self.turn
            self.windows.append({"kind": "whistle", "asked": list(_OPPONENTS[self.players, turn]),
                                 "at": 0, "passes": 0, "then": None, "seat": turn})  # fmt: skip

    def _step_whistle(self, step: dict) -> None:
        """A Biased whistle after its Controversy window: the action phase ends at once."""
        if step["cancelled"]:
            self.note({"event": "cancelled", "seat": step["seat"], "card": "whistle"})
            return
        w = self.windows.pop()
        assert w["kind"] == "whistle"
        self.note({"event": "whistle", "seat": step["seat"], "turn": self.turn})
        self.steps.clear()
        self._discard_phase()

    # -- helpers the skills use ------------------------------------------------------

    def note(self, event: dict) -> None:
        """Add a public event to the log."""
        self.records.append(event)

    def _secret(self, seats: list[int], event: dict) -> None:
        self.secret.append([seats, event])

    def play_slot(self, seat: int, slot: int) -> str:
        """Take the card in a hand slot (from 1) onto the discard pile; a card played."""
        card = self.hands[seat].pop(slot - 1)
        self.discard.append(card)
        self.active = True
        return card

    def discard_slots(self, seat: int, slots: Sequence[int], why: str) -> None:
        """Discard the cards of several hand slots (W4.6, Terry, Anticipation, skills)."""
        hand = self.hands[seat]
        cards = [hand[s - 1] for s in slots]
        for s in sorted(slots, reverse=True):
            del hand[s - 1]
        self.discard += cards
        if why != "limit":
            self.active = True
        self.records.append(("discard", seat, cards, why))

    def pay(self, seat: int, cost: int) -> None:
        """W1.6: pay a cost (never refunded)."""
        if cost:
            self.stamina[seat] -= cost
            self.records.append(("stamina", seat, -cost, self.stamina[seat]))

    def lose_stamina(self, seat: int, n: int) -> None:
        """Lose up to n stamina, not below 0 (W1.6)."""
        n = min(n, self.stamina[seat])
        if n:
            self.pay(seat, n)

    def gain_stamina(self, seat: int, n: int) -> None:
        """Regain up to n stamina, not above the maximum (W1.6)."""
        n = min(n, self.max_stamina(seat) - self.stamina[seat])
        if n > 0:
            self.stamina[seat] += n
            self.records.append(("stamina", seat, n, self.stamina[seat]))

    def draw(self, seat: int, n: int) -> None:
        """W4.4: draw up to n cards (fewer when the deck holds fewer)."""
        deck = self.deck
        n = min(n, len(deck))
        if not n:
            return
        cards = deck[-1 : -n - 1 : -1]  # the top card first
        del deck[-n:]
        self.hands[seat] += cards
        self.records.append(("draw", seat, n))
        self._secret([seat], {"event": "drew", "seat": seat, "cards": cards})
        if not deck:
            self._exhaust()

    def turn_over(self, seat: int, why: str) -> str | None:
        """Turn the top deck card over onto the discard pile (Suspension, Okafor)."""
        if not self.deck:
            return None
        card = self.deck.pop()
        self.discard.append(card)
        self.note({"event": "turn_over", "seat": seat, "card": card, "why": why})
        if not self.deck:
            self._exhaust()
        return card

    def _exhaust(self) -> None:
        if not self.exhausted:
            self.exhausted = True
            self.quiet = 0
            self.note({"event": "exhausted"})

    def take_random(self, taker: int, victim: int, why: str) -> None:
        """Take a random card from a hand (Tackle, Hagen); only the two see which."""
        hand = self.hands[victim]
        if not hand:
            self.note({"event": "take", "seat": taker, "target": victim, "why": why,
                        "took": False})  # fmt: skip
            return
        card = hand.pop(self.rng.randbelow(len(hand)))
        self.hands[taker].append(card)
        self.note({"event": "take", "seat": taker, "target": victim, "why": why, "took": True})
        self._secret([taker, victim], {"event": "took", "seat": taker, "target": victim,
                                       "card": card})  # fmt: skip

    def take_from_discard(self, seat: int, card: str, why: str) -> None:
        """Take the last copy of a card from the discard pile into a hand (Ricci)."""
        i = len(self.discard) - 1 - self.discard[::-1].index(card)
        del self.discard[i]
        self.hands[seat].append(card)
        self.note({"event": "retrieve", "seat": seat, "card": card, "why": why})

    def add_save(self, seat: int, how: str, card: str | None, cost: int = 0) -> None:
        """A Save of any kind against the current shot (W2.4); closes the Save window
        once enough Saves were made."""
        shot = self.shot
        assert shot is not None
        self.pay(seat, cost)
        shot["saves"].append([seat, how, card])
        self.active = True
        self.records.append(("save", seat, how, card, len(shot["saves"]), shot["needed"]))
        if len(shot["saves"]) >= shot["needed"] and self.windows:
            w = self.windows[-1]
            if w["kind"] == "save":
                w["passes"] = len(w["asked"])  # stopped: the window closes

    # -- views --------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """What a spectator may know."""
        return self.view(None)

    def review_view(self) -> dict[str, Any]:
        """Every hand, for post-game review (replays); never for a player. The public
        view plus `hands` (each seat's cards) and, while drafting, the offer shown."""
        view = self.view(None)
        view["hands"] = [list(h) for h in self.hands]
        if view["draft"] is not None:
            view["draft"]["offered"] = list(self.offer)
        return view

    def view(self, seat: int | None, *, log: bool = True) -> dict[str, Any]:
        """What `seat` may know (None: a spectator); fresh data, JSON-ready.

        Keys: game, seat, players, names, teams (0 = A, 1 = B per seat), to_move, phase
        (draft, action, discard, over), half, halves, turn, turn_number, goals (per team),
        scores (per seat), deck (count), discard (the pile, top last), discard_top, table,
        exhausted, quiet_turns, seats (per seat: seat, name, team, character, position,
        stamina, max_stamina, injured, equipped {attack, defence, stamina}, pending,
        hand (count), hand_limit), hand (this seat's cards, None for spectators), draft
        (while drafting: seat, count, offered — only to the drafter — and chosen), windows
        (bottom first: kind, asked, due, and what is answered), shot, log, private (the
        events only this seat saw), is_over, result.
        """
        check_view_seat(seat, self.players)
        drafting = self.phase == "draft"
        seats = []
        for s in range(self.players):
            cid = self.characters[s]
            info: dict[str, Any] = {
                "seat": s,
                "name": self.names[s],
                "team": s % 2,
                "character": cid,
                "position": ROSTER[cid].position if cid else None,
                "stamina": self.stamina[s] if not drafting else None,
                "max_stamina": self.max_stamina(s) if not drafting else None,
                "injured": self.injured[s],
                "equipped": dict(zip(MARKS, self.equipped[s], strict=True)),
                "pending": list(self.pending[s]),
                "hand": len(self.hands[s]),
                "hand_limit": self.hand_limit(s) if not drafting else None,
            }
            seats.append(info)
        v: dict[str, Any] = {
            "game": ID,
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "teams": [s % 2 for s in range(self.players)],
            "to_move": self.to_move,
            "phase": self.phase,
            "half": self.half,
            "halves": self.halves,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "goals": list(self.goals),
            "scores": self.scores(),
            "deck": len(self.deck),
            "discard": list(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
            "table": list(self.table),
            "exhausted": self.exhausted,
            "quiet_turns": self.quiet,
            "seats": seats,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "draft": None,
            "windows": [self._window_view(w) for w in self.windows],
            "shot": _shot_view(self.shot),
            "log": [_copy_event(e) for e in self._built()] if log else [],
            "private": [_copy_event(e) for seats_, e in self.secret if seat in seats_]
            if log and seat is not None
            else [],
            "is_over": self.is_over,
        }
        if drafting:
            v["draft"] = {
                "seat": self.draft_seat,
                "count": len(self.offer),
                "offered": list(self.offer) if seat == self.draft_seat else None,
                "chosen": list(self.characters),
            }
        if self.is_over:
            v["result"] = self.result()
        return v

    def _window_view(self, w: dict) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": w["kind"],
            "asked": list(w["asked"]),
            "due": w["asked"][w["at"]] if w["asked"] else None,
            "passes": w["passes"],
        }
        if w["kind"] == "controversy":
            out["chain"] = [{"card": c, "seat": s} for c, s in w["chain"]]
            out["card"], out["seat"] = w["chain"][-1]
        elif w["kind"] in ("save", "shot_skill", "misjudgement"):
            out["shooter"] = w["shooter"]
            if w["kind"] == "misjudgement":
                out["stopped"] = w["stopped"]
        elif w["kind"] == "whistle":
            out["seat"] = w["seat"]
        return out

    # -- persistence -------------------------------------------------------------------

    def to_json(self) -> str:
        """The exact state as JSON, RNG position included."""
        d = {"game": ID, "version": SAVE_VERSION, "rng": self.rng.state}
        self._built()
        for name in _FIELDS:
            d[name] = getattr(self, name)
        return json.dumps(d, ensure_ascii=False, sort_keys=True)

    def clone(self) -> WorldWaveState:
        """An independent copy (events are never changed once logged, so they are shared)."""
        rng = GameRng()
        rng.state = self.rng.state
        return WorldWaveState(
            players=self.players,
            names=list(self.names),
            rng=rng,
            halves=self.halves,
            characters=list(self.characters),
            deck=list(self.deck),
            stamina=list(self.stamina),
            injured=list(self.injured),
            hands=[list(h) for h in self.hands],
            equipped=[list(e) for e in self.equipped],
            pending=[list(p) for p in self.pending],
            discard=list(self.discard),
            table=list(self.table),
            goals=list(self.goals),
            half=self.half,
            turn=self.turn,
            turn_number=self.turn_number,
            phase=self.phase,
            draft_seat=self.draft_seat,
            offer=list(self.offer),
            big_draw=self.big_draw,
            turns_taken=list(self.turns_taken),
            conceded=list(self.conceded),
            used=list(self.used),
            until_next=[list(u) for u in self.until_next],
            exhausted=self.exhausted,
            quiet=self.quiet,
            active=self.active,
            windows=_copy_data(self.windows),
            steps=_copy_data(self.steps),
            shot=_copy_data(self.shot),
            is_over=self.is_over,
            events=list(self.events),
            secret=list(self.secret),
            records=list(self.records),
        )


def _copy_data(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, scalars)."""
    if type(value) is dict:
        return {k: _copy_data(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_data(v) for v in value]
    return value


def _shot_view(shot: dict | None) -> dict | None:
    if shot is None:
        return None
    out = dict(shot)
    out["saves"] = [{"seat": s, "how": how, "card": c} for s, how, c in shot["saves"]]
    return out


_FIELDS = (
    "players", "names", "halves", "characters", "deck", "stamina", "injured", "hands",
    "equipped", "pending", "discard", "table", "goals", "half", "turn", "turn_number",
    "phase", "draft_seat", "offer", "big_draw", "turns_taken", "conceded", "used",
    "until_next", "exhausted", "quiet", "active", "windows", "steps", "shot", "is_over",
    "events", "secret",
)  # fmt: skip

_STEPS = {
    "event": WorldWaveState._step_event,
    "save_window": WorldWaveState._step_save_window,
    "misjudgement_window": WorldWaveState._step_misjudgement_window,
    "misjudgement": WorldWaveState._step_misjudgement,
    "result": WorldWaveState._step_result,
    "whistle_window": WorldWaveState._step_whistle_window,
    "whistle": WorldWaveState._step_whistle,
}


def from_json(text: str) -> WorldWaveState:
    """Rebuild a state from `to_json()` output; ValueError for anything else."""
    try:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get("game") != ID:
            raise ValueError("not a World Wave game")
        if d.get("version") != SAVE_VERSION:
            raise ValueError(
                f"saved in format version {d.get('version')}; this version reads {SAVE_VERSION}"
            )
        rng = GameRng()
        rng.state = int(d["rng"])
        state = WorldWaveState(**{name: d[name] for name in _FIELDS}, rng=rng)
        for cid in state.characters:
            if cid is not None and cid not in ROSTER:
                raise ValueError(f"unknown character {cid}")
        return state
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a saved World Wave game: {exc}") from None
