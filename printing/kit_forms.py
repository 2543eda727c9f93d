"""One options form for every kit, built from the kit's option schema."""

from __future__ import annotations

from django import forms

from printing.core.kit import Kit, KitError, Option


def _field(option: Option) -> forms.Field:
    common = {"label": option.label, "required": False, "help_text": option.help}
    if option.kind is bool:
        return forms.BooleanField(initial=option.default, **common)
    if option.kind in (int, float):
        field = forms.IntegerField if option.kind is int else forms.FloatField
        return field(initial=option.default, min_value=option.min, max_value=option.max, **common)
    return forms.ChoiceField(choices=option.choices, initial=option.default, **common)


class KitForm(forms.Form):
    """The kit's options; ``cleaned_data["job"]`` is the kit's job once valid. Only the
    options in ``sent`` count as given: the others take the kit's defaults."""

    def __init__(self, kit: Kit, data: dict, deck=None, sent: frozenset[str] = frozenset()):
        parts = data.get("what")
        self.parts = parts if isinstance(parts, list) else None
        if self.parts:
            data = {**data, "what": "kit"}
        super().__init__(data)
        self.kit, self.deck, self.sent = kit, deck, sent
        for option in kit.options:
            self.fields[option.name] = _field(option)

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        given = {name: data.get(name) for name in self.sent if name in self.fields}
        if self.parts:
            given["what"] = self.parts
        try:
            data["job"] = self.kit.clean(given)  # the deck's cards are loaded only to print
        except KitError as exc:
            raise forms.ValidationError(str(exc)) from None
        self.given = given
        return data

    def full_job(self):
        """The job with its card source (the deck's cards in the chosen language)."""
        return self.kit.prepare(self.given, self.deck)


def bound_form(kit: Kit, query, deck=None) -> KitForm:
    """The form bound to the query (the kit's defaults shown for anything left out). An
    option the kit does not have is refused by name, never ignored."""
    data = {o.name: o.default for o in kit.options if o.default is not None}
    sent = set(query) if query else set()
    if query:
        data.update(query.dict())
        parts = query.getlist("what") if hasattr(query, "getlist") else []
        if len(parts) > 1:  # some parts (``?what=counters&what=rules``): dict() keeps the last
            data["what"] = parts
        if "layout" in query or "what" in query:  # the form was sent (its menus always are)
            for option in kit.options:
                if option.kind is bool and option.name not in query:
                    data[option.name] = False  # an unticked checkbox is simply absent
                    sent.add(option.name)
    form = KitForm(kit, data, deck, frozenset(sent))
    unknown = sorted(sent - {o.name for o in kit.options})
    if unknown:
        form.is_valid()
        form.add_error(None, f"{', '.join(unknown)} does not apply to the {kit.slug} kit")
    return form
