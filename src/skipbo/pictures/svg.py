"""SVG written by hand from the standard library: elements, escaping, the document.

Every text and attribute value goes through ``xml.sax.saxutils`` escaping, so a
player's name or a caption can never break (or script) the picture. Elements are
strings; numbers are written with at most one decimal so that equal pictures are
equal bytes.

>>> element("rect", width=10, height=5.25, fill="#fff")
'<rect width="10" height="5.2" fill="#fff"/>'
>>> element("text", "<b>&", x=1, class_="label")
'<text x="1" class="label">&lt;b&gt;&amp;</text>'
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

import attrs

__all__ = ["Picture", "document", "element", "group", "number"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font families asked for: common ones with clear digits, DejaVu on Linux."""


def number(value: float) -> str:
    """A coordinate as SVG text: an integer if whole, else one decimal."""
    rounded = round(float(value), 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _attribute(name: str, value: object) -> str:
    # class_ and data_x: Python names for the XML names class and data-x.
    name = name.rstrip("_").replace("_", "-")
    text = (
        number(value) if isinstance(value, int | float) and not isinstance(value, bool) else value
    )
    return f"{name}={quoteattr(str(text))}"


def element(tag: str, content: str | None = None, /, **attributes: object) -> str:
    """One element; ``content`` is text (escaped here), ``None`` makes it empty.

    Attributes whose value is ``None`` are left out.
    """
    shown = " ".join(_attribute(k, v) for k, v in attributes.items() if v is not None)
    head = f"<{tag} {shown}" if shown else f"<{tag}"
    if content is None:
        return head + "/>"
    return f"{head}>{escape(content)}</{tag}>"


def group(children: Iterable[str], /, **attributes: object) -> str:
    """A ``<g>`` of already written elements."""
    shown = "".join(f" {_attribute(k, v)}" for k, v in attributes.items() if v is not None)
    return f"<g{shown}>" + "".join(children) + "</g>"


def document(width: float, height: float, body: Iterable[str], *, title: str, size: float) -> str:
    """A whole SVG document of the internal size ``width`` x ``height`` shown ``size`` wide.

    The drawing keeps its proportions at any ``size`` (the ``viewBox``); ``title`` is
    what screen readers and tooltips say.
    """
    shown = size / width * height
    head = (
        f'<svg xmlns="{SVG_NAMESPACE}" viewBox="0 0 {number(width)} {number(height)}" '
        f'width="{number(size)}" height="{number(shown)}" role="img" '
        f"font-family={quoteattr(FONT)}>"
    )
    return head + element("title", title) + "".join(body) + "</svg>"


@attrs.frozen
class Picture:
    """An SVG picture: its text, shown as a picture by Jupyter (``_repr_svg_``).

    >>> picture = Picture('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> str(picture) == picture.svg == picture._repr_svg_()
    True
    """

    svg: str
    """The SVG document."""

    def __str__(self) -> str:
        return self.svg

    def _repr_svg_(self) -> str:
        return self.svg
