"""The settings' data panel (phones with the key): the data folder, exports (a JSON backup,
CSV for spreadsheets) written to ``<data>/exports/`` and offered as a download, importing a
backup, and the store's backups with "restore the latest good backup" for a damaged file."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

import flet as ft

from companion.errors import CompanionError
from companion.table import runtime
from companion.table.service import TableService
from companion.ui import theme
from companion.ui.data_model import (
    BackupLine,
    ExportedFile,
    backups_overview,
    export_backup,
    export_spreadsheets,
    import_backup,
    restore_latest,
)
from companion.ui.evenings import call
from companion.ui.session import Session
from companion.ui.state import Setter
from companion.ui.when import day_words, moment_words
from companion.ui.widgets import big_button, note, section, tagged
from companion.words import tn

Handler = Callable[[object], Awaitable[None]]  # a button's on_click


def _where(session: Session, data_dir: object) -> str:
    """Where the data lives: a folder, or this browser (which may or may not have promised
    to keep it: when it has not, it may evict it when short of space, so say so)."""
    kept = runtime.current().storage_kept()
    if kept is None:
        return session.tr("settings.data_dir", path=str(data_dir))
    return session.tr("data.browser_kept" if kept else "data.browser_not_kept")


Picked = Callable[[ft.FilePickerResultEvent], Awaitable[None]]

MAX_BACKUP_LINES = 8


def _when(session: Session, moment: datetime | None) -> str:
    if moment is None:
        return "—"
    return moment_words(session.lang, None, moment)  # as History writes an evening's start


def _backup_line(
    session: Session, line: BackupLine, n: int, restore: Callable[[BackupLine], Handler]
) -> ft.Control:
    label = line.label if line.kind == "evening" else session.tr(f"data.file.{line.kind}")
    if line.day is not None:  # an evening: its day first, as History lists them
        label = " · ".join(p for p in (day_words(session.lang, line.day), label) if p)
    texts: list[ft.Control] = [
        ft.Text(label, size=theme.TEXT, weight=ft.FontWeight.W_500),
        ft.Text(
            session.tr("data.backup_count", count=line.count, when=_when(session, line.newest)),
            size=15,
        ),
    ]
    if line.damaged:
        texts.append(ft.Text(session.tr("data.damaged"), size=15, color=ft.Colors.ERROR))
    column: list[ft.Control] = [ft.Column(texts, spacing=2)]
    if line.damaged and line.count:
        column.append(
            big_button(
                session.tr("data.restore"),
                restore(line),
                ident=f"restore-{n}",
                icon=ft.Icons.RESTORE,
                primary=True,
            )
        )
    return tagged(
        f"backup-{n}",
        ft.Container(
            content=ft.Column(column, spacing=8),
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=8),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        ),
    )


@ft.component
def DataPanel(session: Session) -> ft.Control:
    files: tuple[ExportedFile, ...]  # the last export, offered for download
    set_files: Setter[tuple[ExportedFile, ...]]
    files, set_files = ft.use_state(())
    message: tuple[str, bool] | None  # (text, is_error)
    set_message: Setter[tuple[str, bool] | None]
    message, set_message = ft.use_state(None)
    busy, set_busy = ft.use_state(False)
    backups: list[BackupLine] | None
    set_backups: Setter[list[BackupLine] | None]
    backups, set_backups = ft.use_state(None)
    version, set_version = ft.use_state(0)  # bumped to reload the backups list
    data_dir = session.config.data_dir

    # the latest render's handler (it sees the latest state)
    on_result: ft.MutableRef[Picked | None] = ft.use_ref(None)

    def make_picker() -> ft.FilePicker:
        async def picked(e: ft.FilePickerResultEvent) -> None:
            if on_result.current is not None:
                await on_result.current(e)

        return ft.FilePicker(on_result=picked)  # registers itself with the page

    picker = ft.use_memo(make_picker, [])

    async def load_backups() -> None:
        try:
            set_backups(await call(data_dir, backups_overview))
        except CompanionError as err:
            set_message((session.tr("data.failed", reason=err.message(session.lang)), True))

    ft.use_effect(load_backups, [version])

    def export(fn: Callable[[TableService], list[ExportedFile]], done_key: str) -> Handler:
        async def handler(_: object) -> None:
            set_busy(True)
            try:
                written: list[ExportedFile] = await call(data_dir, fn)
            except CompanionError as err:
                set_message((session.tr("data.failed", reason=err.message(session.lang)), True))
            except OSError as err:
                set_message((session.tr("data.failed", reason=str(err)), True))
            else:
                set_files(tuple(written))
                set_message((session.tr(done_key, folder=str(written[0].path.parent)), False))
            finally:
                set_busy(False)

        return handler

    def download(file: ExportedFile) -> Handler:
        async def handler(_: object) -> None:
            # In a browser, save_file with the bytes is a download (Flet's web mode).
            try:
                await picker.save_file(file_name=file.name, src_bytes=file.data)
            except Exception as err:  # a refusal: the path is on the screen anyway
                set_message((session.tr("data.download_failed", reason=str(err)), True))

        return handler

    async def on_picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            return
        chosen = e.files[0]
        data = chosen.bytes
        if data is None:
            set_message((session.tr("data.import_unread"), True))
            return
        set_busy(True)
        try:
            summary = await call(data_dir, lambda s: import_backup(s, data, name=chosen.name))
        except CompanionError as err:
            set_message(
                (
                    session.tr(
                        "data.import_refused", name=chosen.name, reason=err.message(session.lang)
                    ),
                    True,
                )
            )
        except OSError as err:
            set_message((session.tr("data.failed", reason=str(err)), True))
        except Exception as err:  # anything else: said on the screen, which stays up
            set_message((session.tr("data.failed", reason=str(err) or type(err).__name__), True))
        else:
            set_message(
                (
                    session.tr(
                        "data.imported",
                        evenings=summary.evenings,
                        players=summary.players,
                        copy=str(summary.safety_copy),
                    ),
                    False,
                )
            )
            set_version(version + 1)
        finally:
            set_busy(False)

    on_result.current = on_picked

    def restore(line: BackupLine) -> Handler:
        async def handler(_: object) -> None:
            await restore_file(line)

        return handler

    async def restore_file(line: BackupLine) -> None:
        set_busy(True)
        try:
            used = await call(data_dir, restore_latest, line.file)
        except CompanionError as err:
            set_message((session.tr("data.failed", reason=err.message(session.lang)), True))
        else:
            set_message((session.tr("data.restored", backup=used.name), False))
            set_version(version + 1)
        finally:
            set_busy(False)

    body: list[ft.Control] = [
        section(session.tr("data.title")),
        tagged("data-dir", ft.Text(_where(session, data_dir), size=15)),
        big_button(
            session.tr("data.export_json"),
            export(export_backup, "data.exported"),
            ident="export-json",
            icon=ft.Icons.SAVE_ALT,
            disabled=busy,
        ),
        big_button(
            session.tr("data.export_csv"),
            export(lambda s: export_spreadsheets(s, lang=session.lang), "data.exported"),
            ident="export-csv",
            icon=ft.Icons.TABLE_CHART,
            disabled=busy,
        ),
        tagged(
            "import-json",
            ft.OutlinedButton(
                content=ft.Text(session.tr("data.import"), size=theme.TEXT),
                icon=ft.Icons.UPLOAD_FILE,
                height=theme.TAP,
                disabled=busy,
                action=ft.PickFiles(
                    picker,
                    with_data=True,
                    file_type=ft.FilePickerFileType.CUSTOM,
                    allowed_extensions=["json"],
                ),
            ),
        ),
        ft.Text(session.tr("data.import_help"), size=15),
    ]
    if message:
        text, is_error = message
        body.append(
            tagged(
                "data-message",
                ft.Text(text, size=theme.TEXT, color=ft.Colors.ERROR if is_error else None),
            )
        )
    for n, file in enumerate(files):
        body.append(
            big_button(
                session.tr("data.download", name=file.name),
                download(file),
                ident=f"download-{n}",
                icon=ft.Icons.DOWNLOAD,
            )
        )
    body.append(section(session.tr("data.backups")))
    if backups is None:
        body.append(note(session.tr("history.loading")))
    elif not backups:
        body.append(note(session.tr("data.no_backups"), ident="backups-empty"))
    else:
        if not any(b.damaged for b in backups):
            body.append(note(session.tr("data.all_good"), ident="backups-good"))
        body += [
            _backup_line(session, line, n, restore)
            for n, line in enumerate(backups[:MAX_BACKUP_LINES])
        ]
        if len(backups) > MAX_BACKUP_LINES:
            body.append(
                note(tn(session.lang, "ui.data.more_backups", len(backups) - MAX_BACKUP_LINES))
            )
    return ft.Column(body, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
