"""The results' look, shared by every view: the colours and how figures are written (the one
plot style is in ``plot_style``, used when a plot is made: ``lazy_plot``).

Colours are the Okabe-Ito palette (distinguishable with every common colour-vision deficiency):
attacker blue, defender vermillion, draw grey, undecided yellow. Baseline overlays are drawn
hollow / dashed in the same hue, so "before" and "now" differ by shape, not only by colour.
"""
from __future__ import annotations

from .i18n import QT_TRANSLATE_NOOP, localize, percent, translate

ATTACKER = "#0072B2"     # Okabe-Ito blue
DEFENDER = "#D55E00"     # Okabe-Ito vermillion
DRAW = "#999999"         # neutral grey
UNDECIDED = "#F0E442"    # Okabe-Ito yellow
ACCENT = "#009E73"       # Okabe-Ito bluish green
#: the outcome bar's segments (names translated where shown: ``segment_name``)
SEGMENTS = ((QT_TRANSLATE_NOOP("results", "Attacker wins"), ATTACKER),
            (QT_TRANSLATE_NOOP("results", "Draw"), DRAW),
            (QT_TRANSLATE_NOOP("results", "Undecided"), UNDECIDED),
            (QT_TRANSLATE_NOOP("results", "Defender wins"), DEFENDER))
#: what the loss plots count (a view's ``loss_unit``), translated where shown
LOSS_UNITS = (QT_TRANSLATE_NOOP("results", "units"), QT_TRANSLATE_NOOP("results", "steps of damage"),
              QT_TRANSLATE_NOOP("results", "steps"))


#: a baseline point under this probability (in %) is not drawn: circles along the axis for
#: outcomes that never happen hide the bars and say nothing
BASELINE_MIN_PCT = 0.5


def baseline_points(xs: list[float], ys: list[float]) -> tuple[list[float], list[float]]:
    """The (x, y %) points of a baseline worth a marker (``BASELINE_MIN_PCT`` or more)."""
    kept = [(x, y) for x, y in zip(xs, ys) if y >= BASELINE_MIN_PCT]
    return [x for x, _ in kept], [y for _, y in kept]


def segment_name(name: str) -> str:
    """An outcome's name (``SEGMENTS``) in the app's language."""
    return translate("results", name)


def pct(p: float) -> str:
    """A probability as the app writes it: ``99.69%`` (German ``99,69 %``)."""
    return percent(p)


def delta_pct(now: float, before: float) -> str:
    d = 100 * (now - before)
    return translate("results", "{delta} pts").format(delta=localize(f"{d:+.2f}")) \
        if abs(d) >= 0.005 else "±0"


def delta_num(now: float, before: float) -> str:
    d = now - before
    return localize(f"{d:+.2f}") if abs(d) >= 0.005 else "±0"
