"""Charts of results: shares with their intervals as bars, game lengths as a histogram.

Written for a tournament's result (:func:`tournament_chart`, ``skipbo tournament
--plot``) and used by the docs for their strength and verification figures, from
the numbers of the docs' own tables. Every bar says its value in words as well
(``59.7% (56.6% - 62.7%)``), so a chart is readable without its colours.

>>> from skipbo.pictures.charts import Bar, bar_chart
>>> svg = bar_chart([Bar("search vs heuristic", 0.597, 0.566, 0.627, reference=0.5)],
...                 title="Win rate of the first bot")
>>> svg.count('class="bar"'), "59.7% (56.6% - 62.7%)" in svg
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from skipbo.arena import TournamentResult
from skipbo.pictures.layout import BACKGROUND, INK, MUTED, label
from skipbo.pictures.svg import document, element, group

__all__ = ["Bar", "bar_chart", "histogram", "tournament_chart"]

WIDTH = 640.0
MARGIN = 14.0
LABELS = 220.0
"""The room left of the bars for their labels."""
ROW = 34.0
BAR_FILL = "#3b63b8"
WHISKER = "#1c1c28"
REFERENCE = "#b3261e"


@attrs.frozen
class Bar:
    """One bar: a share from 0 to 1, with an optional interval and reference mark."""

    label: str
    """What the bar stands for."""
    value: float
    """The share (0 to 1)."""
    low: float | None = None
    """The interval's low end, if there is one."""
    high: float | None = None
    """The interval's high end."""
    reference: float | None = None
    """A mark to compare with (e.g. the fair share 1/players)."""
    text: str | None = None
    """The value in words (default: the percentage and the interval)."""

    def __attrs_post_init__(self) -> None:
        for name in ("value", "low", "high", "reference"):
            share = getattr(self, name)
            if share is not None and not 0.0 <= share <= 1.0:
                raise ValueError(f"{name} must be a share from 0 to 1, got {share!r}")

    def words(self) -> str:
        """The value as the chart writes it."""
        if self.text is not None:
            return self.text
        shown = f"{self.value:.1%}"
        if self.low is not None and self.high is not None:
            shown += f" ({self.low:.1%} - {self.high:.1%})"
        return shown


def _title(text: str, y: float) -> str:
    return label(MARGIN, y, text, size=17, bold=True, role="chart-title")


def _bars(bars: Sequence[Bar], top: float, note: str | None) -> tuple[list[str], float]:
    """The rows of bars from ``top``; the scale's 0%, 50% and 100% under them."""
    left, right = MARGIN + LABELS, WIDTH - MARGIN - 150
    span = right - left
    parts = []
    for index, bar in enumerate(bars):
        y = top + index * ROW
        row = [
            label(left - 8, y + ROW * 0.62, bar.label, size=13, anchor="end"),
            element("rect", x=left, y=y + 6, width=span, height=ROW - 12, fill="#dde3ef"),
            element(
                "rect",
                x=left,
                y=y + 6,
                width=span * bar.value,
                height=ROW - 12,
                fill=BAR_FILL,
                class_="value",
            ),
        ]
        if bar.low is not None and bar.high is not None:
            middle = y + ROW / 2
            row += [
                element(
                    "line",
                    x1=left + span * bar.low,
                    x2=left + span * bar.high,
                    y1=middle,
                    y2=middle,
                    stroke=WHISKER,
                    stroke_width=2,
                    class_="interval",
                ),
                *(
                    element(
                        "line",
                        x1=left + span * end,
                        x2=left + span * end,
                        y1=middle - 7,
                        y2=middle + 7,
                        stroke=WHISKER,
                        stroke_width=2,
                    )
                    for end in (bar.low, bar.high)
                ),
            ]
        if bar.reference is not None:
            row.append(
                element(
                    "line",
                    x1=left + span * bar.reference,
                    x2=left + span * bar.reference,
                    y1=y + 2,
                    y2=y + ROW - 2,
                    stroke=REFERENCE,
                    stroke_width=2,
                    stroke_dasharray="4 3",
                    class_="reference",
                )
            )
        row.append(label(right + 8, y + ROW * 0.62, bar.words(), size=12, fill=INK))
        parts.append(group(row, class_="bar", data_value=f"{bar.value:.4f}"))
    bottom = top + len(bars) * ROW
    for tick in (0.0, 0.5, 1.0):
        parts.append(
            label(
                left + span * tick, bottom + 14, f"{tick:.0%}", size=11, anchor="middle", fill=MUTED
            )
        )
    height = len(bars) * ROW + 20
    if note:
        parts.append(label(MARGIN, bottom + 34, note, size=12, fill=MUTED))
        height += 20
    return parts, height


def bar_chart(
    bars: Sequence[Bar], *, title: str, note: str | None = None, size: float = WIDTH
) -> str:
    """An SVG chart of ``bars``, one row each, with ``title`` above and ``note`` below."""
    parts, height = _bars(bars, 36, note)
    total = 36 + height + MARGIN
    background = element("rect", width=WIDTH, height=total, fill=BACKGROUND)
    return document(WIDTH, total, [background, _title(title, 24), *parts], title=title, size=size)


def _histogram(values: Sequence[int], top: float, bins: int, axis: str) -> tuple[list[str], float]:
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    counts = [0] * (-(-(high - low + 1) // width))
    for value in values:
        counts[(value - low) // width] += 1
    left, right, tall = MARGIN + 40, WIDTH - MARGIN, 140.0
    step = (right - left) / len(counts)
    most = max(counts)
    parts = []
    for index, count in enumerate(counts):
        height = tall * count / most
        start = low + index * width
        parts.append(
            group(
                [
                    element(
                        "rect",
                        x=left + index * step + 1,
                        y=top + tall - height,
                        width=max(1.0, step - 2),
                        height=height,
                        fill=BAR_FILL,
                    ),
                    element("title", f"{start}-{start + width - 1} {axis}: {count} games"),
                ],
                class_="bin",
                data_count=count,
                data_from=start,
            )
        )
    parts += [
        label(left - 6, top + 10, str(most), size=11, anchor="end", fill=MUTED),
        label(left - 6, top + tall, "0", size=11, anchor="end", fill=MUTED),
        label(left, top + tall + 16, str(low), size=11, fill=MUTED),
        label(
            right,
            top + tall + 16,
            str(low + len(counts) * width - 1),
            size=11,
            anchor="end",
            fill=MUTED,
        ),
        label(
            (left + right) / 2, top + tall + 16, f"game length ({axis})", size=12, anchor="middle"
        ),
    ]
    return parts, tall + 24


def histogram(values: Sequence[int], *, title: str, axis: str = "turns", bins: int = 20) -> str:
    """An SVG histogram of whole numbers (e.g. game lengths), in at most ``bins`` bins."""
    if not values:
        raise ValueError("a histogram needs at least one value")
    parts, height = _histogram(values, 36, bins, axis)
    total = 36 + height + MARGIN
    background = element("rect", width=WIDTH, height=total, fill=BACKGROUND)
    return document(WIDTH, total, [background, _title(title, 24), *parts], title=title, size=WIDTH)


def tournament_chart(result: TournamentResult, *, size: float = WIDTH) -> str:
    """A tournament's win rates with their 95% Wilson intervals, and its game lengths.

    The dashed mark on each bar is the fair share, one game in ``players``.
    """
    players = result.rules.players
    bars = [
        Bar(
            f"#{entry.entry} {entry.bot}",
            entry.win_rate,
            *entry.interval,
            reference=1 / players,
        )
        for entry in result.entries
    ]
    title = f"Win rates: {result.games} games of {players} players, seats rotated"
    note = f"whiskers: 95% Wilson interval; dashed: the fair share, one game in {players}"
    parts, height = _bars(bars, 36, note)
    y = 36 + height + 16
    parts.append(_title(f"Game lengths (average {result.average_turns:.1f} turns)", y + 12))
    drawn, more = _histogram([game.turns for game in result.summaries], y + 26, 20, "turns")
    parts += drawn
    total = y + 26 + more + MARGIN
    background = element("rect", width=WIDTH, height=total, fill=BACKGROUND)
    return document(WIDTH, total, [background, _title(title, 24), *parts], title=title, size=size)
