"""Provides the World Wave skills: character skills and equipped skill cards as triggers.

A skill is data plus one small function (W5.4): its timing point, and `use` — what it does.
A skill with a choice also has `offers`, the actions `legal_actions()` lists for its owner
at that timing; a passive one has `bonus`, what it adds to a number the rules ask for
(`save_cost`, `hand_limit`, `max_stamina`): a constant of the skill, read with no state
(`bonus(None, owner, what)`), which the state adds up once per character, equipment and
injury. Adding a character or a card = an entry in
`assets/worldwave/` and one `register(...)` call here; the turn loop stays as it is.

Timings: `start` (W4.2, after pending cards; no choice), `action` (the owner's action
phase, notation `skill …`), `shot_played` (W5.1 step 2, before the Save window), `save`
(a way to make a Save, offered in the Save window), `save_made` / `goal_scored` (W5.1
step 4), `passive` (a standing change, `bonus`). "Once per turn" tokens live in the state
(`once` / `spend_once`) and clear at every turn start; "until his next turn" ones at the
owner's turn start.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .notation import Action

if TYPE_CHECKING:
    from .state import WorldWaveState

TIMINGS = ("start", "action", "shot_played", "save", "save_made", "goal_scored", "passive")


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill: when it triggers and what it does (see the module docstring)."""

    id: str
    timing: str
    card: bool  # the skill of an equipped skill card (W2.3), else a character's
    use: Callable[..., None] | None = None
    offers: Callable[[WorldWaveState, int], list[Action]] | None = None
    bonus: Callable[[Any, int, str], int] | None = None


SKILLS: dict[str, Skill] = {}


def register(
    skill_id: str,
    timing: str,
    *,
    use: Callable[..., None] | None = None,
    offers: Callable[[WorldWaveState, int], list[Action]] | None = None,
    bonus: Callable[[Any, int, str], int] | None = None,
    card: bool = False,
) -> None:
    """Add a skill to `SKILLS` (one call per skill, at the end of this module)."""
    if timing not in TIMINGS:
        raise ValueError(f"unknown timing {timing}")
    SKILLS[skill_id] = Skill(skill_id, timing, card, use, offers, bonus)


_PAIRS: dict[tuple[str, int], tuple[Action, ...]] = {}
_SKILL = Action("skill")  # a skill with no choice to make
_SKILL_ON = {t: Action("skill", (), t) for t in range(10)}  # `skill P3`
_SKILL_SLOT = {i: Action("skill", (i,)) for i in range(1, 41)}  # `skill 2`


def _pairs(verb: str, n: int) -> tuple[Action, ...]:
    """The actions `verb i j` for every two of n hand slots (built once per verb and n)."""
    found = _PAIRS.get((verb, n))
    if found is None:
        pairs = itertools.combinations(range(1, n + 1), 2)
        found = _PAIRS[verb, n] = tuple(Action(verb, p) for p in pairs)
    return found


def _skill_slot(slot: int) -> Action:
    """`skill 2`: a skill on one hand slot."""
    return _SKILL_SLOT.get(slot) or Action("skill", (slot,))


# -- start of turn (W4.2) ----------------------------------------------------------------


def _clean_sheet(state: WorldWaveState, owner: int, ctx: Any) -> None:
    """Lindqvist: no goal conceded since his last turn, not his first turn: draw 1."""
    if state.turns_taken[owner] > 0 and not state.conceded[owner]:
        state.note({"event": "skill", "seat": owner, "skill": "clean_sheet"})
        state.draw(owner, 1)


def _comeback(state: WorldWaveState, owner: int, ctx: Any) -> None:
    """Sandoval: his team trails by 2 or more: draw 1."""
    team = owner % 2
    if state.goals[1 - team] - state.goals[team] >= 2:
        state.note({"event": "skill", "seat": owner, "skill": "comeback"})
        state.draw(owner, 1)


# -- action phase ------------------------------------------------------------------------


def _pickpocket_offers(state: WorldWaveState, owner: int) -> list[Action]:
    if state.stamina[owner] < 3 or not state.once(f"pickpocket:{owner}"):
        return []
    return [
        _SKILL_ON[s] for s in state.opponents(owner) if state.hands[s]
    ]  # a target that holds a card (hand sizes are public)


def _pickpocket(state: WorldWaveState, owner: int, action: Action) -> None:
    """Hagen: pay 3, take a random card from an opponent."""
    assert action.target is not None
    state.spend_once(f"pickpocket:{owner}")
    state.pay(owner, 3)
    state.note({"event": "skill", "seat": owner, "skill": "pickpocket", "target": action.target})
    state.take_random(owner, action.target, "pickpocket")


def _recycle_offers(state: WorldWaveState, owner: int) -> list[Action]:
    if not state.once(f"recycle:{owner}"):
        return []
    n = len(state.hands[owner])
    return [_skill_slot(i) for i in range(1, n + 1)] + list(_pairs("skill", n))


def _recycle(state: WorldWaveState, owner: int, action: Action) -> None:
    """Ferreira: discard 1-2 cards, draw as many."""
    state.spend_once(f"recycle:{owner}")
    state.note({"event": "skill", "seat": owner, "skill": "recycle"})
    state.discard_slots(owner, action.slots, "recycle")
    state.draw(owner, len(action.slots))


def _outside_foot_offers(state: WorldWaveState, owner: int) -> list[Action]:
    cost = state.character(owner).shoot_cost
    if cost is None or state.stamina[owner] < cost or not state.once(f"outside_foot:{owner}"):
        return []
    return [_skill_slot(i) for i, c in enumerate(state.hands[owner], 1) if c == "save"]


def _outside_foot(state: WorldWaveState, owner: int, action: Action) -> None:
    """Dubois: play a Save as a Shoot."""
    cost = state.character(owner).shoot_cost
    assert cost is not None  # offered only to a character who shoots
    state.spend_once(f"outside_foot:{owner}")
    state.note({"event": "skill", "seat": owner, "skill": "outside_foot"})
    state.start_shot(owner, "shoot", action.slots[0], cost=cost)


# -- shot played (W5.1 step 2) -------------------------------------------------------------


def _lucky_hands_offers(state: WorldWaveState, owner: int) -> list[Action]:
    shot = state.shot
    if (
        shot is None
        or owner % 2 == shot["shooter"] % 2
        or state.injured[owner]  # W4.3: no Save of any kind
        or state.stamina[owner] < 2
        or not state.deck
        or len(shot["saves"]) >= shot["needed"]
        or not state.once(f"lucky_hands:{owner}")
    ):
        return []
    return [_SKILL]


def _lucky_hands(state: WorldWaveState, owner: int, action: Action) -> None:
    """Okafor: pay 2, turn over the top card; a Save or Shoot counts as his Save."""
    state.spend_once(f"lucky_hands:{owner}")
    state.pay(owner, 2)
    state.note({"event": "skill", "seat": owner, "skill": "lucky_hands"})
    card = state.turn_over(owner, "lucky_hands")
    if card in ("save", "shoot"):
        state.add_save(owner, "lucky_hands", card)


def _pressure_offers(state: WorldWaveState, owner: int) -> list[Action]:
    shot = state.shot
    if (
        shot is None
        or shot["kind"] != "shoot"
        or owner % 2 != shot["shooter"] % 2
        or state.stamina[owner] < 2
        or not state.once(f"pressure:{owner}")
    ):
        return []
    return [_SKILL]


def _pressure(state: WorldWaveState, owner: int, action: Action) -> None:
    """Mwangi: pay 2, one more Save is needed."""
    assert state.shot is not None
    state.spend_once(f"pressure:{owner}")
    state.pay(owner, 2)
    state.shot["needed"] += 1
    state.note({"event": "skill", "seat": owner, "skill": "pressure"})


def _thunderbolt(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Okonkwo: Saves against his Shoot cost 1 more."""
    if shot["shooter"] == owner and shot["kind"] == "shoot":
        shot["extra_cost"] += 1


def _powershot(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Power shot: the owner's Shoot (not set pieces) needs one more Save."""
    if shot["shooter"] == owner and shot["kind"] == "shoot":
        shot["needed"] += 1


# -- ways to save (the Save window) --------------------------------------------------------


def _can_save_by_skill(state: WorldWaveState, owner: int) -> bool:
    return state.save_cost(owner) <= state.stamina[owner] and len(state.hands[owner]) >= 2


def _discard_save_offers(state: WorldWaveState, owner: int) -> list[Action]:
    if not _can_save_by_skill(state, owner):
        return []
    return list(_pairs("terry", len(state.hands[owner])))


def _discard_save(state: WorldWaveState, owner: int, action: Action) -> None:
    """Terry (W1.4): discard two cards and pay the save cost: a Save."""
    cost = state.save_cost(owner)
    state.discard_slots(owner, action.slots, "terry")
    state.add_save(owner, "terry", None, cost)


def _anticipation_offers(state: WorldWaveState, owner: int) -> list[Action]:
    if not state.once(f"anticipation:{owner}") or not _can_save_by_skill(state, owner):
        return []
    return list(_pairs("anticipation", len(state.hands[owner])))


def _anticipation(state: WorldWaveState, owner: int, action: Action) -> None:
    """Anticipation: once per opponent's turn, discard 2 and pay the save cost: a Save."""
    cost = state.save_cost(owner)
    state.spend_once(f"anticipation:{owner}")
    state.discard_slots(owner, action.slots, "anticipation")
    state.add_save(owner, "anticipation", None, cost)


def _last_ditch_offers(state: WorldWaveState, owner: int) -> list[Action]:
    shot = state.shot
    if (
        shot is None
        or shot["kind"] == "penalty"
        or state.save_cost(owner) > state.stamina[owner]
        or not state.once(f"last_ditch:{owner}")
    ):
        return []
    return [_skill_slot(i) for i, c in enumerate(state.hands[owner], 1) if c == "shoot"]


def _last_ditch(state: WorldWaveState, owner: int, action: Action) -> None:
    """Baptiste: once per opponent's turn, a Shoot played as a Save."""
    cost = state.save_cost(owner)
    state.spend_once(f"last_ditch:{owner}")
    card = state.play_slot(owner, action.slots[0])
    state.add_save(owner, "last_ditch", card, cost)


# -- save made, goal scored (W5.1 step 4) ------------------------------------------------


def _saved_by(shot: dict, seat: int) -> bool:
    return any(s[0] == seat for s in shot["saves"])


def _tiring_save(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Moreau: when he saved, the shooter loses 1 stamina."""
    if _saved_by(shot, owner):
        state.note({"event": "skill", "seat": owner, "skill": "tiring_save"})
        state.lose_stamina(shot["shooter"], 1)


def _quick_release(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Tanaka: when he saved, draw 1, once until his next turn."""
    token = "quick_release"
    if _saved_by(shot, owner) and token not in state.until_next[owner]:
        state.until_next[owner].append(token)
        state.note({"event": "skill", "seat": owner, "skill": "quick_release"})
        state.draw(owner, 1)


def _rebound(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Ricci: once per turn, take the card of the last Save that stopped his Shoot."""
    if shot["shooter"] != owner or shot["kind"] != "shoot" or not state.once(f"rebound:{owner}"):
        return
    card = shot["saves"][-1][2] if shot["saves"] else None
    if card is None or card not in state.discard:
        return
    state.spend_once(f"rebound:{owner}")
    state.take_from_discard(owner, card, "rebound")


def _second_wind(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Costa: when the opponents score, regain 1 stamina."""
    if shot["shooter"] % 2 != owner % 2:
        state.note({"event": "skill", "seat": owner, "skill": "second_wind"})
        state.gain_stamina(owner, 1)


def _celebration(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Novak: when his team scores, regain 1 stamina."""
    if shot["shooter"] % 2 == owner % 2:
        state.note({"event": "skill", "seat": owner, "skill": "celebration"})
        state.gain_stamina(owner, 1)


def _poacher(state: WorldWaveState, owner: int, shot: dict) -> None:
    """Poacher: after the owner scores, draw 1."""
    if shot["shooter"] == owner:
        state.note({"event": "skill", "seat": owner, "skill": "poacher"})
        state.draw(owner, 1)


# -- passive ------------------------------------------------------------------------------


def _wall(state: WorldWaveState | None, owner: int, what: str) -> int:
    """Wall: the owner's Save costs 1 less (an injured player uses no 防 skill, W4.3: the
    state leaves an injured seat's 防 card out of its skills)."""
    return -1 if what == "save_cost" else 0


def _ironlungs(state: WorldWaveState | None, owner: int, what: str) -> int:
    return 1 if what == "max_stamina" else 0


def _depth(state: WorldWaveState | None, owner: int, what: str) -> int:
    return 1 if what == "hand_limit" else 0


def _big_hands(state: WorldWaveState | None, owner: int, what: str) -> int:
    """Rooney (W1.3): 2 more than the default hand limit of 4, so 6. Needs no state (the
    catalog asks it with none)."""
    return 2 if what == "hand_limit" else 0


register("clean_sheet", "start", use=_clean_sheet)
register("comeback", "start", use=_comeback)
register("pickpocket", "action", use=_pickpocket, offers=_pickpocket_offers)
register("recycle", "action", use=_recycle, offers=_recycle_offers)
register("outside_foot", "action", use=_outside_foot, offers=_outside_foot_offers)
register("lucky_hands", "shot_played", use=_lucky_hands, offers=_lucky_hands_offers)
register("pressure", "shot_played", use=_pressure, offers=_pressure_offers)
register("thunderbolt", "shot_played", use=_thunderbolt)
register("discard_save", "save", use=_discard_save, offers=_discard_save_offers)
register("last_ditch", "save", use=_last_ditch, offers=_last_ditch_offers)
register("tiring_save", "save_made", use=_tiring_save)
register("quick_release", "save_made", use=_quick_release)
register("rebound", "save_made", use=_rebound)
register("second_wind", "goal_scored", use=_second_wind)
register("celebration", "goal_scored", use=_celebration)
register("big_hands", "passive", bonus=_big_hands)
# the skill cards (W2.3), by card id
register("powershot", "shot_played", use=_powershot, card=True)
register("poacher", "goal_scored", use=_poacher, card=True)
register("wall", "passive", bonus=_wall, card=True)
register("anticipation", "save", use=_anticipation, offers=_anticipation_offers, card=True)
register("ironlungs", "passive", bonus=_ironlungs, card=True)
register("depth", "passive", bonus=_depth, card=True)
