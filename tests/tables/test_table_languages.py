"""A shared table shows each player their own language: the table sends data, and each
session says it in its language (a German host, a Polish guest, a Chinese spectator)."""

from __future__ import annotations

import contextvars

import pytest
from test_table_screens import SIZE, host_quartett, join_by_code, screen_text, wait_for

from footycards import i18n
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.textual_internals import key_bindings

LANGS = {"Ann": "de", "Bob": "pl", "Mei": "zh_Hant"}


def said(lang: str, message: str) -> str:
    return i18n.translation(lang).gettext(message)


def descriptions(screen) -> set[str]:
    return {b.description for items in key_bindings(screen).values() for b in items}


async def test_each_player_at_a_table_reads_their_own_language():
    for lang in LANGS.values():
        if lang not in i18n.available_languages():
            pytest.fail(f"no {lang} catalogue")
    hub = TableHub(ai_delay=0)
    apps = {
        user: contextvars.copy_context().run(
            lambda user=user: FootyApp(hub=hub, user=user, speed="instant", lang=LANGS[user])
        )
        for user in LANGS
    }
    ann, bob, mei = apps.values()
    async with (
        ann.run_test(size=SIZE) as ann_keys,
        bob.run_test(size=SIZE) as bob_keys,
        mei.run_test(size=SIZE) as mei_keys,
    ):
        await host_quartett(ann, ann_keys, ["people", "people"], rounds=3)
        (table,) = hub.tables.values()
        await join_by_code(bob, bob_keys, table.code)
        await wait_for(lambda: table.match is not None)
        match = table.match
        assert match is not None
        for app in (ann, bob):
            await wait_for(lambda app=app: isinstance(app.screen, GameScreen))
        await join_by_code(mei, mei_keys, table.code, watch=True)
        await wait_for(lambda: isinstance(mei.screen, GameScreen))
        for user, app in apps.items():
            leave = said(LANGS[user], "Leave")
            assert leave != "Leave" and leave in descriptions(app.screen), user
        keys = {0: ann_keys, 1: bob_keys}
        while not match.is_over:
            number = len(match.actions)
            await keys[match.due].press("1")
            await wait_for(lambda number=number: len(match.actions) > number)
        for user, app in apps.items():
            await wait_for(lambda app=app: isinstance(app.screen, EndScreen))
            whistle = said(LANGS[user], "Final whistle").split("!")[0]
            assert whistle != "Final whistle" and whistle in screen_text(app), user
