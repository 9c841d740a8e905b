"""Medium Luck's data: the default colour chart (``resources/mediumluck/default_chart.toml``)
and the house charts scenarios name (``chart``: reading and validating a chart file)."""
from __future__ import annotations

from ...errors import ScenarioError
from ...files import named_file
from ...scenario import Reader
from .chart import Chart, default_chart, load_chart

__all__ = ["default_chart", "load_scenario_chart"]


def load_scenario_chart(opts: Reader | None, ref: str | None, scenario_file: str | None
                        ) -> tuple[Chart, str | None]:
    """The chart a scenario names in ``[options] chart`` (relative to its folder), or the
    default chart, and the reference to keep (``files.named_file``: a full path once read);
    ScenarioError naming the field when the file is missing or bad."""
    if not ref:
        return default_chart(), ref
    assert opts is not None                     # a reference is read from [options]
    try:
        path, kept = named_file(ref, scenario_file, "chart file")
    except ScenarioError as exc:
        raise opts.error("chart", exc.message, exc.hint) from None
    return load_chart(path), kept
