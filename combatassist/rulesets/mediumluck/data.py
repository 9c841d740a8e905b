"""Medium Luck's data: the default colour chart (``resources/mediumluck/default_chart.toml``)
and the house charts scenarios name (``chart``: reading and validating a chart file)."""
from __future__ import annotations

from pathlib import Path

from ...errors import ScenarioError, shown
from ...files import check_path
from ...scenario import Reader
from .chart import Chart, chart_for, chart_path, default_chart

__all__ = ["default_chart", "load_scenario_chart"]


def load_scenario_chart(opts: Reader | None, ref: str | None, scenario_file: str | None) -> Chart:
    """The chart a scenario names in ``[options] chart`` (relative to its folder), or the
    default chart; ScenarioError naming the field when the file is missing."""
    if not ref:
        return default_chart()
    folder = str(Path(scenario_file).resolve().parent) if scenario_file else None
    try:
        path = chart_path(ref, folder)
    except ScenarioError as exc:
        raise opts.error("chart", exc.message, exc.hint) from None
    try:
        path = check_path(path)
        exists = path.exists()
    except ScenarioError as exc:
        raise opts.error("chart", exc.message, exc.hint) from None
    except OSError as exc:      # e.g. a file name longer than the system allows
        raise opts.error("chart", f"chart file {shown(ref)} can't be opened: "
                         f"{exc.strerror or exc}") from None
    if not exists:        # a folder or a device: reading it says what it is
        raise opts.error("chart", f"chart file {shown(ref)} not found (looked for {path})",
                         hint="give a path relative to the scenario file's folder")
    return chart_for(ref, folder)
