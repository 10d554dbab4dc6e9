"""Provides `footycards serve`: the SSH server's options, checked and handed to
`footycards.ssh.server`."""

from __future__ import annotations

import click

from ..i18n import N_, _
from .texts import TextCommand


@click.command(
    cls=TextCommand,
    help=N_("Let people play over SSH: ssh -p PORT NAME@HOST opens the launcher."),
)
@click.option("--host", default="127.0.0.1", show_default=True, help=N_("Address to listen on."))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=2222,
    show_default=True,
    help=N_("Port to listen on."),
)
@click.option(
    "--host-key",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Host key file (default: created on first run in the user data directory)."),
)
@click.option(
    "--authorized-keys",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Only the public keys in this file may connect."),
)
@click.option(
    "--open",
    "open_",
    is_flag=True,
    help=N_("Anyone may connect (the user name is only a display name)."),
)
@click.option(
    "--max-sessions",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help=N_("Sessions open at once in all."),
)
@click.option(
    "--max-per-address",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help=N_("Sessions open at once from one address."),
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(0),
    default=30.0,
    show_default=True,
    metavar="MIN",
    help=N_("Close a session after this many minutes without a key (0: never)."),
)
@click.option(
    "--takeover-wait",
    type=click.FloatRange(0),
    default=3.0,
    show_default=True,
    metavar="MIN",
    help=N_("Minutes before an AI takes the seat of a player who dropped out of a table."),
)
@click.option(
    "--rate-limit",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help=N_("New connections a minute from one address."),
)
@click.option(
    "--gc",
    "gc_mode",
    type=click.Choice(["freeze", "python"]),
    default="freeze",
    show_default=True,
    help=N_(
        "Garbage collection: 'freeze' keeps key presses quick with many sessions (the "
        "server frees dropped screens at once and finds what is left in a forked scan); "
        "'python' is Python's own (pauses of a second or more for everyone from about 50 "
        "sessions)."
    ),
)
@click.option(
    "--workers",
    default="1",
    show_default=True,
    metavar="N|auto",
    help=N_("Worker processes sharing the port (auto: one per core); more than one needs --hub."),
)
@click.option(
    "--hub",
    default=None,
    metavar="URL",
    help=N_("Shared tables in Redis, e.g. redis://127.0.0.1:6379/0 (default: in this process)."),
)
@click.option(
    "--recycle-mb",
    type=click.FloatRange(0),
    default=256.0,
    show_default=True,
    metavar="MB",
    help=N_(
        "With --workers: a worker holding this much more memory than its sessions explain "
        "takes no new connections and is replaced once its last session ends (0: never)."
    ),
)
@click.option(
    "--reclaim",
    type=click.Choice(["on", "deep", "recycle"]),
    default=None,  # "on" for one process; with --workers, recycle.WORKERS_RECLAIM
    hidden=True,  # for benchmarks/bench_recycle.py only
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    host_key: str | None,
    authorized_keys: str | None,
    open_: bool,
    max_sessions: int,
    max_per_address: int,
    idle_timeout: float,
    takeover_wait: float,
    rate_limit: int,
    gc_mode: str,
    workers: str,
    hub: str | None,
    recycle_mb: float,
    reclaim: str | None,
) -> None:
    """Let people play over SSH: ssh -p PORT NAME@HOST opens the launcher."""
    from pathlib import Path

    from ..ssh.server import ServeError, ServerOptions, check_options
    from ..ssh.server import serve as run_server

    options = ServerOptions(
        host=host,
        port=port,
        host_key=Path(host_key) if host_key else None,
        authorized_keys=Path(authorized_keys) if authorized_keys else None,
        open=open_,
        max_sessions=max_sessions,
        max_per_address=max_per_address,
        idle_timeout=idle_timeout,
        rate_limit=rate_limit,
        takeover_wait=takeover_wait,
        lang=ctx.find_root().obj,
        freeze_gc=gc_mode == "freeze",
        hub=hub,
        reclaim=reclaim or "on",
    )
    from ..ssh.supervisor import worker_count

    try:
        count = worker_count(workers)
    except ValueError:
        raise click.UsageError(_("--workers must be a number of 1 or more, or auto")) from None
    if count > 1 and hub is None:
        raise click.UsageError(
            _(
                "--workers {n} needs --hub redis://HOST:PORT/DB: the workers share their "
                "tables through it"
            ).format(n=count)
        )
    try:
        check_options(options)
        if count > 1:
            from ..ssh.recycle import WORKERS_RECLAIM
            from ..ssh.supervisor import supervise

            options.recycle_mb = recycle_mb
            options.reclaim = reclaim or WORKERS_RECLAIM
            supervise(options, count)
        else:
            run_server(options)
    except ServeError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(
            _("cannot listen on {host} port {port}: {why}").format(
                host=host, port=port, why=exc.strerror or exc
            )
        ) from None
