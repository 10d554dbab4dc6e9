"""Text mode with several people at one terminal: a private view waits for its person."""

from __future__ import annotations

import io

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode import CLEAR_SCREEN
from footycards.textmode import run as run_text


def top_card(match: Match, seat: int) -> str:
    return match.view(seat)["top_card"]["name"]


def test_private_view_printed_only_after_the_named_person_confirms():
    """Two people: Ann's top card appears only after "Ann, press Enter", never before."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 3, {"round_limit": 1})
    ann_card = top_card(match, 0)
    out = io.StringIO()
    run_text(match, io.StringIO("\ncall games\n"), out)
    text = out.getvalue()
    ask = text.index("Ann, press Enter to see your cards>")
    assert ann_card not in text[:ask]
    assert ann_card in text[ask:]
    assert "Pass the keyboard to Ann" in text


def test_each_person_confirms_before_their_own_view():
    """Quartett game, two people: each turn change asks the next person first."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    out = io.StringIO()

    class People(io.StringIO):
        """Confirms each pass prompt, then plays the first legal ask."""

        def readline(self, *args: object) -> str:
            prompt = out.getvalue().rstrip()
            if prompt.endswith("press Enter to see your cards>"):
                return "\n"
            if match.is_over:
                return ""
            return str(match.legal_actions()[0]) + "\n"

    assert run_text(match, People(), out) == 0
    text = out.getvalue()
    blocks = text.split("Pass the keyboard to ")
    assert len(blocks) > 2  # the keyboard changed hands several times
    for block in blocks[1:]:
        name = block.split(".")[0]
        # the hand printed in this block is the hand of the person who just confirmed
        assert f"{name}, press Enter to see your cards>" in block
        assert f"{name} (P" in block.split("to move>")[0]


def test_one_person_is_never_asked():
    """With one person at the terminal, nothing changes: no pass prompt."""
    match = Match.start("quartett", parse_players("Ann,ai:normal"), 3, {"round_limit": 1})
    card = top_card(match, 0)
    out = io.StringIO()
    run_text(match, io.StringIO("call games\n"), out)
    assert "press Enter" not in out.getvalue()
    assert card in out.getvalue()  # Ann's own top card, shown straight away


class Terminal(io.StringIO):
    """Output that says it is a terminal, as sys.stdout does in a shell."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_is_cleared_before_every_pass_prompt():
    """Ann asks Bob for a card: her hand and the card she drew are wiped from the screen
    and its scrollback before "Pass the keyboard to Bob" is printed."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    out = Terminal()
    run_text(match, io.StringIO("\nask P2 A1\n\n"), out)
    text = out.getvalue()
    prompts = text.count("Pass the keyboard to ")
    assert prompts >= 2  # to Ann, then to Bob
    assert text.count(CLEAR_SCREEN) == prompts
    for block in text.split(CLEAR_SCREEN)[1:]:  # only public moves, then the prompt
        before = block.split("Pass the keyboard to ")[0]
        assert all(line.startswith("* ") for line in before.splitlines() if line.strip())
    ann_hand = [
        card["name"]
        for card in Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"}).view(
            0
        )["hand"]
    ]
    after_bob_prompt = text.split(CLEAR_SCREEN)[-1]
    assert "Pass the keyboard to Bob" in after_bob_prompt
    assert not any(name in after_bob_prompt.split("press Enter")[0] for name in ann_hand)


def test_piped_output_is_never_cleared():
    """A script or a screen reader reads plain text: no escape codes at all."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    out = io.StringIO()
    run_text(match, io.StringIO("\nask P2 A1\n\n"), out)
    assert "Pass the keyboard to Bob" in out.getvalue()
    assert "\x1b" not in out.getvalue()


def test_after_a_clear_the_next_person_still_reads_the_public_moves():
    """The clear takes Ann's hand and her drawn card away, not what everyone may know:
    Bob reads that Ann asked him for A1 and drew, after the clear."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    out = Terminal()
    run_text(match, io.StringIO("\nask P2 A1\n\n"), out)
    to_bob = out.getvalue().split(CLEAR_SCREEN)[-1]
    ask = next(line for line in to_bob.splitlines() if line.startswith("* Ask by Ann"))
    assert "A1" in ask and "Your card from the stack" not in to_bob.split("Bob, press")[0]
