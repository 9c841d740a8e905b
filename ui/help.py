"""Help → Rules: a short summary of each ruleset as the engine plays it (from docs/rules.md).

"Our reading" marks the places where the original rules were silent or ambiguous and we had to
decide; scenario options say where the user can switch.
"""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

RULES_HTML: dict[str, str] = {
    "lowluck": """
<h2>Low Luck (A&amp;A Classic)</h2>
<p>Each firing group adds up its units' values (attack or defence) into a <b>power</b>. It scores
power ÷ 6 sure hits, and one more hit if a single die shows the remainder or less
(power 15 = 2 hits, plus a third on 1–3).</p>
<ul>
<li>Units: infantry 1/2, armor 3/2, fighter 3/4, bomber 4/1, battleship 4/4, carrier 1/3,
transport 0/1, submarine 2/2 (attack/defence).</li>
<li>A round: AA fire (round 1 only) → attacking submarines' first strike (sea battles, if on) →
everyone else fires at once → casualties removed.</li>
<li>AA gun: n aircraft → n ÷ 6 sure hits, one more on a die ≤ the remainder. Planes shot down
don't fire. Hits by submarines can't be taken by aircraft.</li>
<li>Casualties follow each side's <b>order of loss</b> (default: cheapest first). Option: the
attacker keeps its last land unit alive to take the territory.</li>
<li>Techs: jet power (fighters defend at 5), super subs (attack at 3), heavy bombers
(a bomber attacks with 3 dice' worth).</li>
<li>Compare with <b>standard dice</b>: every unit rolls its own die.</li>
<li>Options: stop after N rounds (the rest is "undecided"), or the attacker retreats after
round N (the defender holds: counted as a defender win).</li>
</ul>
<p><b>Strategic bombing</b> (our reading of "2 or 3 IPC"): an expected total E becomes ⌊E⌋, or
⌊E⌋+1 with probability E − ⌊E⌋. With an AA gun the attacker pays 15/6 IPC per bomber and the
defender loses 35/12; without AA the defender loses 3.5 and the attacker pays nothing. Extra AA
guns en route hit on 1. Variants A (3 IPC set aside per bomber), B (normal SBR, 1d6 per bomber),
C (3 or 4 per bomber).</p>
<p><b>Research</b>: save on one branch (IT: 4–12 per round, attempts at 24/36/48; Air: 6–18,
at 36/54/72); less than the minimum in a round loses the savings. A tech already owned becomes the
next better one.</p>
""",
    "mediumluck": """
<h2>Medium Luck</h2>
<p>Units are placed in colour <b>bands</b> (yellow, black, blue, green, red, white), each either
rolling or boosting. Dice per band = per unit type ⌈count ÷ 3⌉, at most 6. Both sides roll a band
at once; dice are paired high to high: the higher die scores a casualty, a tie costs both sides
one, unpaired dice each score one. Boosts add +1 to a die (each kind once per die).</p>
<ul>
<li>Bands resolve in chart order; casualties go before the next band rolls.</li>
<li>Red hits are the <b>winner's choice</b>; all others the victim's.</li>
<li>Option (on by default): the defender rolls one extra white die each round.</li>
<li>Our reading: the chart's sixth colour is <b>blue</b> (subs and destroyers), reconstructed
because the original chart image is lost; boosts are placed to maximise the side's net hits.</li>
</ul>
""",
    "agc": """
<h2>Alternate Ground Combat</h2>
<p>One resolution: each side rolls its units' dice (armor d10, infantry d6, artillery d8,
engineers d4, air support d8) with the terrain's modifiers, the totals are compared, and the
<b>margin of victory</b> (higher ÷ lower) gives each side's steps of damage: equal 1d6 each; up to
1.5: victor 1d4 / loser 1d6; up to 2: 1d2 / 1d6; up to 3: 1 / 1d8; above: 0 / 1d10.</p>
<ul>
<li>Armor–infantry pairs ignore negative terrain modifiers; infantry paired with armor,
artillery or air support gets +1; armor without infantry rolls −2.</li>
<li>AAD contests enemy air support on the same table (our reading: the AAD side counts as victor).</li>
<li>Random forces: the percentage rules of the original, seeded, every roll shown.</li>
</ul>
""",
    "ur": """
<h2>Ur</h2>
<p>Every roll: unit value + modifiers + d6; 6+ one hit, 10+ two, 14+ three. Units have steps
(usually 4) and fight at full strength until the last one goes. At most 4 units per side.</p>
<ul>
<li>A round: ranged phase (both sides at once), then melee, where each side attacks or defends
(both defending: no melee).</li>
<li>Terrain, river, wall and a dwarf hill belong to the defender's position; walls add their
strength to defence and shooting, and subtract it from attacks.</li>
<li>Hits are spread evenly (our reading: ties go to the unit with most steps, then the first
listed). Retreat when your steps left fall to a chosen level; retreating loses the battle.</li>
</ul>
""",
    "ds2": """
<h2>Dirtside II quick damage</h2>
<p>After a hit: Impact = impact die × size class; Armour = 1d8 × armour rating. Impact &gt;
Armour destroys the vehicle; otherwise a maximum impact roll means special damage (1d8: 1–3
mobility, 4–5 systems down, 6–8 damage).</p>
<ul>
<li>The impact die depends on the weapon family and range band (close/medium/long), or the target
being infantry. Armour 0 vehicles die to any heavy hit.</li>
<li>Infantry: no to-hit roll; its impact die depends on cover and whether it's a firefight or a
close assault.</li>
<li>Figure of merit: P(kill) + P(special) ÷ 2.</li>
</ul>
""",
}

GENERAL_HTML = """
<h2>How Combat Assistant answers</h2>
<p>Odds are <b>exact</b>: every battle is solved as a Markov chain over all its positions, never
sampled. Tiny branches may be pruned; the pruned mass is reported (always below 10⁻⁹ by default).
When neither side can ever score again the battle is a <b>stalemate</b>, counted with draws.
Where the rules give a player a choice, the engine follows a named default (e.g. the order of
loss), and at the table you can override it.</p>
"""


def rules_html(ruleset: str | None = None) -> str:
    """The help text for one ruleset (or all of them)."""
    if ruleset is not None:
        return RULES_HTML.get(ruleset, "") + GENERAL_HTML
    return GENERAL_HTML + "".join(RULES_HTML.values())


def rules_dialog(parent: QWidget, ruleset: str | None, title: str) -> QDialog:
    """Help → Rules for one ruleset (the general part too), as a dialog to ``exec()``."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(f"Rules — {title}")
    text = QTextBrowser()
    text.setHtml(rules_html(ruleset))
    text.setOpenExternalLinks(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(text)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    return dialog
