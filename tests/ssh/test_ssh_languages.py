"""Over SSH each player has their own language: the client's LC_ALL / LANG picks it (zh_TW
is Traditional Chinese), a client whose locale has no catalogue gets English without a
word, and one session switching language leaves the others as they are."""

from __future__ import annotations

import pytest

from footycards import i18n

SUBTITLE = "pick a game and your seats"  # the launcher's title bar


def said(lang: str, message: str) -> str:
    return i18n.translation(lang).gettext(message)


@pytest.mark.parametrize("missing", [lang for lang in ("zh_Hant", "uk")])
def test_the_catalogues_are_there(missing):
    assert missing in i18n.available_languages(), f"no {missing} catalogue"


async def test_each_player_sees_their_own_language(start_server, clients) -> None:
    st = start_server()
    zh = await clients(st.port, user="mei", term="xterm-256color", env={"LANG": "zh_TW.UTF-8"})
    uk = await clients(
        st.port, user="olena", term="xterm-256color", env={"LC_ALL": "uk_UA.UTF-8", "LANG": "C"}
    )
    fr = await clients(st.port, user="luc", term="xterm-256color", env={"LANG": "fr_FR.UTF-8"})
    await zh.wait_for(said("zh_Hant", SUBTITLE).split("和")[0])
    await uk.wait_for(said("uk", SUBTITLE))
    await fr.wait_for(SUBTITLE)  # no French catalogue: English, quietly
    by_user = {s.user: s for s in st.sessions()}
    assert st.call(lambda: by_user["mei"].app.lang) == "zh_Hant"
    assert st.call(lambda: by_user["olena"].app.lang) == "uk"
    assert st.call(lambda: by_user["luc"].app.lang) == "en"
    assert SUBTITLE not in zh.text() and SUBTITLE not in uk.text()
