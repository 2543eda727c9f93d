"""The split of a face into fixed parts (one form per document) and per-card steps."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printing.core.data import CardData
from printing.core.faceplan import plan
from printing.core.layouts import Background, Blob, Box, Face, Text
from printing.core.render import draw_face
from printing.kits.grid.faces import germany_back
from printing.kits.world.faces import world_back


def _kinds(steps):
    return [(kind, type(el).__name__) for kind, el in steps]


def test_germany_back_draws_only_its_texts_per_card():
    face_plan = plan(germany_back(59, 91))
    assert _kinds(face_plan.fixed) == [
        ("shape", "Background"),  # no band at the cut edge: cut drift would show it
        ("shape", "Blob"),
        ("shape", "Blob"),
        ("text", "Text"),  # the blobs' captions, the same on every card
        ("text", "Text"),
    ]
    assert {kind for kind, _ in face_plan.steps} == {"text", "label"}
    assert all(el.content for _, el in face_plan.steps)  # only the card's own data


def test_data_coloured_parts_stay_per_card():
    face_plan = plan(world_back(59, 91))
    fixed = [el for _, el in face_plan.fixed]
    assert all(not (getattr(el, "fill", None) or "").startswith("@") for el in fixed)
    assert any(isinstance(el, Box) and el.fill == "@board_colour" for _, el in face_plan.steps)


def test_a_fixed_part_never_moves_under_a_card_part_it_overlaps():
    text = Text(4, 4, 20, 10, content="name")
    over = Box(10, 6, 10, 10, fill="#ff0000")  # paints over the name: must stay after it
    apart = Box(4, 40, 10, 10, fill="#00ff00")  # touches nothing: may join the form
    face = Face("t", 59, 91, (Background("#ffffff"), text, over, apart))
    face_plan = plan(face)
    assert [el for _, el in face_plan.fixed] == [face.elements[0], apart]
    assert [el for _, el in face_plan.steps] == [text, over]


def test_a_blob_number_is_per_card_and_its_shape_is_fixed():
    blob = Blob(20, 60, 8, 6, "ns", "#000000", "#ffffff")
    face_plan = plan(Face("b", 59, 91, (blob,)))
    assert face_plan.fixed == (("shape", blob),)
    assert face_plan.steps == (("label", blob),)


def test_equal_faces_share_one_form_key():
    a = Face("a", 59, 91, (Background("#ffffff"),))
    b = Face("a", 59, 91, (Background("#ffffff"),))
    c = Face("a", 59, 91, (Background("#000000"),))
    assert plan(a).key == plan(b).key != plan(c).key


def test_fixed_text_drawn_in_the_form_reaches_the_pdf():
    rules = Text(4, 10, 51, 10, text="Spielregeln")
    face = Face(
        "literal", 59, 91, (Background("#ffffff"), rules, Text(4, 30, 51, 10, content="name"))
    )
    assert [type(el).__name__ for _, el in plan(face).fixed] == ["Background", "Text"]
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    for name in ("Aachen", "Bonn"):
        draw_face(canvas, face, CardData("germany", 1, name))
        canvas.showPage()
    canvas.save()
    pages = PdfReader(io.BytesIO(buffer.getvalue())).pages
    assert ["Spielregeln" in p.extract_text() for p in pages] == [True, True]
    assert "Bonn" in pages[1].extract_text()
