"""Issue 25 item 8: players read player words — what the solver did is in a tooltip, not the
results; no internal identifiers in what the GUI shows."""
from __future__ import annotations

import dataclasses

from tests.ui.test_results import duel_result, panel  # noqa: F401  (fixture)


def test_the_solver_details_are_a_tooltip_not_the_results_line(panel):
    r = dataclasses.replace(duel_result(2, 2), pruned=8.3e-13, states_explored=117)
    panel.show_result(r)
    note = panel.note.text()
    assert "exact" in note
    for internal in ("duel", "positions", "pruned", "e-13"):
        assert internal not in note
    tip = panel.note.toolTip()
    assert "117" in tip and "8.3e-13" in tip
    assert "pruned" not in tip and "mass" not in tip


def test_a_refused_form_names_the_field_as_the_form_does(qtbot):
    from combatassist.errors import ScenarioError
    from combatassist_gui.engine_text import scenario_error_text
    exc = ScenarioError("must be at most 100, got 150", field="attacker.units.infantry")
    assert "field 'attacker.units.infantry'" in str(exc)         # the command line's words
    assert scenario_error_text("lowluck", exc) == \
        "Attacker's Infantry: must be at most 100, got 150"
    exc = ScenarioError("must be at most 1000", field="defender.units.mech_infantry")
    assert scenario_error_text("lowluck", exc).startswith("Defender's Mech")


def test_no_text_a_player_reads_speaks_our_jargon():
    """Every GUI and engine text (the translation sources list them all): no "round(s)"
    (English picks its plural), no article before a ruleset's name ("A Ur battle"), none of
    the solver's or the source document's words."""
    import html
    import re
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "ui" / "translations"
    sources = [html.unescape(s) for area in ("app", "views", "engine")
               for s in re.findall(r"<source>(.*?)</source>",
                                   (folder / f"{area}_de.ts").read_text(encoding="utf-8"), re.S)]
    assert len(sources) > 300
    for jargon in ("(s)", "A {ruleset}", "seed's", "seed 0", "pruned", "mass {"):
        assert not [s for s in sources if jargon in s], jargon


EDITION_1940 = ('ruleset = "lowluck"\n[options]\nedition = "1940se"\n'
                '[attacker]\nunits = { mech_infantry = 2, tactical_bomber = 1 }\n'
                '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n')


def _exports(view, qtbot):
    from combatassist.scenario import parse_scenario_text
    from tests.ui.conftest import wait_result
    view.set_scenario(parse_scenario_text(EDITION_1940))
    qtbot.waitUntil(lambda: view.results.scenario is not None and
                    "mech_infantry" in str(view.results.scenario.body), timeout=20_000)
    wait_result(qtbot, view)
    results = view.results
    return results.copy_text(), results.csv_text(), results.battle_figures.ends.text()


def test_exports_name_units_by_their_display_names(open_view, qtbot):
    """Copy results, the CSV export and the likely ends say 'Mech infantry' as the form does,
    never the id in words ('mech infantry')."""
    from combatassist_gui.views.lowluck import LowLuckView
    copied, csv_text, ends = _exports(open_view(LowLuckView), qtbot)
    assert "Attacker: 2 Mech infantry + 1 Tactical bomber" in copied.splitlines()
    assert "2 Mech infantry + 1 Tactical bomber" in csv_text and "AA gun" in csv_text
    assert "Mech infantry" in ends
    for text in (copied, csv_text, ends):
        assert "mech infantry" not in text and "tactical bomber" not in text


def test_exports_in_german_name_units_in_german(open_view, qtbot, qapp):
    from combatassist_gui import i18n
    from combatassist_gui.views.lowluck import LowLuckView
    i18n.install("de", qapp)
    try:
        copied, csv_text, ends = _exports(open_view(LowLuckView), qtbot)
    finally:
        i18n.install("en", qapp)
    assert "Angreifer: 2 Mech. Infanterie + 1 Taktischer Bomber" in copied.splitlines()
    assert "wahrscheinlichste Ausgänge:" in copied
    assert "2 Mech. Infanterie" in csv_text and "Mech. Infanterie" in ends
    for text in (copied, csv_text, ends):
        assert "Mech infantry" not in text and "Tactical bomber" not in text
