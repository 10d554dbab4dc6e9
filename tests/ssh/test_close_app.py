"""A session's app is closed cleanly whenever its client leaves, even at once: an app
told to exit while its launcher was being mounted used to fail (and the session was
logged as a crash)."""

from __future__ import annotations

import asyncio

from footycards.ssh.session import close_app
from footycards.tui.app import FootyApp
from footycards.tui.textual_internals import app_exception


def test_an_app_closed_while_it_starts_ends_without_an_error(footy_home):
    async def main() -> list[tuple[float, int | None, BaseException | None]]:
        failed = []
        for step in range(12):
            delay = step * 0.004  # from before its first screen to after it is drawn
            app = FootyApp(speed="instant")
            run = asyncio.create_task(app.run_async(headless=True, size=(80, 24)))
            await asyncio.sleep(delay)
            close_app(app)
            await asyncio.wait_for(run, 10)
            if app.return_code or app_exception(app) is not None:
                failed.append((delay, app.return_code, app_exception(app)))
        return failed

    assert asyncio.run(main()) == []
