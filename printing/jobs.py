"""Prints as background jobs: a kit's PDF or PNG zip, written to the job's folder.

The request's options are checked by the view before the job starts; the worker checks them
again (the deck may have changed since) and refuses with the same one-line message.
"""

from __future__ import annotations

from django.conf import settings
from django.http import QueryDict

from jobs.runner import JobFailed
from printing.core.kit import KitError
from printing.core.png import pool_size

KINDS = ("pdf", "zip")


def make_print(job, progress) -> dict:
    from printing import views

    params = job.params
    kit, deck = views._kit_and_deck(params.get("kit"), params.get("slug"))
    form = views.bound_form(kit, QueryDict(params.get("query", "")), deck)
    if not form.is_valid():
        raise JobFailed(views._form_errors(form))
    full = form.full_job()
    kind = params["kind"]
    filename = views._filename(form.cleaned_data["job"], deck, kind)
    path = job.folder / filename
    try:
        if kind == "zip":
            kit.render_faces(
                full, out=path, progress=progress, processes=pool_size(settings.PNG_PROCESSES)
            )
        else:
            path.write_bytes(kit.render(full, progress=progress))
    except KitError as error:
        raise JobFailed(str(error)) from None
    return {"filename": filename}
