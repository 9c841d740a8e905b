<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
    <context>
        <name>engine</name>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>attacker</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>defender</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>draw</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: {outcome}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{n} die</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{n} dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: expected {dice}, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: die {i} ({label}) must show 1-{sides}, got {face}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: die {i} must show 1-{sides}, got {face}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>{n} {unit}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>none</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>{side}: {units}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>(nothing)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>can't read '{item}': write it like '2 infantry'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>can't read the choice: {why}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>start each part with one of: {keys} (got '{part}')</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>dice must be numbers, got '{text}'</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>expected {dice}, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>die {i} ({label}) must show 1-{sides}, got {v}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>die {i} must show 1-{sides}, got {v}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>the attacker has no units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>the defender has no units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>neither side has units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{unit} {i}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod} ignored: paired with {unit}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod} removed by engineers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} no allied infantry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} {unit} in its own terrain</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} paired with armor, artillery or air support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{n}d{sides} keep the lowest: defending engineers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{what} damage {dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>unit dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{side} {unit} (d{sides}, lowest of {dice})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{side} {unit} (d{sides})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ground damage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ground</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>AAD contest damage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>contest {n}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ready: roll every unit's dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>totals {a}-{d}: {band}; steps of damage {sa}-{sd}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>totals {a}-{d}: {band}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side}: expected a roll for each of {units} units, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} {unit}: expected {dice} dice, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} {unit}: a d{sides} shows 1-{sides}, got {face}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{key}: {why}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} ({terrain}):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>no modifier</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{unit}: d{sides} {shown} ({how}) -&gt; {value}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{unit}  [AAD only]</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>ground total {total}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>no lower total</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{high}/{low} = {ratio:.3f}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>margin {ratio}: {band}; tie</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>margin {ratio}: {band}; {side} is the victor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} takes no ground damage (air support only, no enemy AAD)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} takes {dice} steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>steps of damage: attacker {a}, defender {d}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{air} ({base} + {bonus} artillery)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, tie; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, AAD is the victor; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, air support is the victor; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: nothing to roll</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to-hit die: hits on {minimum}+</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: the weapon's own to-hit mechanic decides (a hit unless the players say 'miss')</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face} on 1d{die}: a hit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face} on 1d{die}: a miss (needs {minimum}+)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit: the to-hit die decides; there is no choice to make</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit: say 'hit' or 'miss', got {choice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>impact</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>impact die x {multiplier}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>armour die x {rating}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>special damage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face}: {kind}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>ready to fire</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>a hit: roll impact and armour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>special damage: roll the d8</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>To hit: 1d{die}, hit on {minimum}+</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Hit chance (given): {p:g}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>No effect: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Impact: D{impact} x {multiplier}; Armour: 1d{armour} x {rating}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Kill when Impact &gt; Armour; otherwise special damage when the D{die} shows {die}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Kill when Impact &gt; Armour; no special damage on infantry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>An armour-0 vehicle counts as PA ({rating}) against non-heavy weapons; special damage still applies</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Soft-skinned (armour 0): any heavy weapon hit destroys it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against APFC: D{die} (supersedes reactive armour)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against {armour} armour: D{die}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} at {range} range: D{die} x {factor} x size {size} = x{multiplier}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against infantry: D{die} x size class</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against infantry: fixed D{die} x {mult}, whatever the size</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} is not a heavy weapon: it cannot harm vehicles of armour 1 or more (seed 004)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{combat} at a target in {cover} cover: D{die}; {weapon} x{mult}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon}, {weight}, against dug-in {target}: D{die} x {mult}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon}, {weight}, against {target}: D{die} x {mult}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the {die} (1-{sides}) is needed to resolve this shot</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the {die} must be a whole number 1-{sides}, got {value}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit die (d{sides})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit {roll} on 1d{die}: a miss (needs {minimum}+)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit {roll}: a hit; </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no hit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>impact die (D{sides})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>armour die (d{sides})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Impact {i} x {multiplier} = {score}, Armour {a} x {rating} = {resist}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}: Impact exceeds Armour, destroyed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}, but the D{die} shows its maximum: roll 1d{special} for special damage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>special damage die (d{sides})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}; D{die} at maximum, special damage {s}: {kind}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no special damage on infantry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the D{die} did not show {die}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}: no kill, {why}: no significant effect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>kill</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>mobility</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>systems down</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>damage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no effect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>miss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>special</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>unknown unit '{unit}' in the {side}'s casualties</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>casualty count for {unit} must be a whole number &gt;= 0</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>{unit} can't be taken for these hits (only {units})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>the {side} has no {unit} left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>the {side} has only {count} {unit}, not {n}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>the {side} must take exactly {needed} casualties, not {total}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>attack: hit on {v} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>defence: hit on {v} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>submarines: hit on {v} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>attack power {power}: extra hit on {rem} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>defence power {power}: extra hit on {rem} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>submarines power {power}: extra hit on {rem} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>AA fire</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>AA: hit on 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>AA: hit on {rem} or less</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>AA fire: {hits} aircraft shot down</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>submarine first strike</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>Submarines' first strike: {hits} hits on sea units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>fire</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>Fire: the attacker scores {a} hits, the defender {d}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>nothing left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/rules.py" />
            <source>attacker: {attacker} | defender: {defender}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (rolls {band}, can hit nothing)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (roll {band}, can hit nothing)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boosts {band}, which rolls no die)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boost {band}, which rolls no die)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boost {band}: {dice} only)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (idle)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (in reserve)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>lost first — {sides}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>as the scenario asks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties are solved for battles fought to the end; with a retreat rule use casualties = "heuristic"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties choose every loss, but the {side} gives an order of loss; remove it or use casualties = "heuristic"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties need a battle fought to the end (max_rounds = 0); use casualties = "heuristic"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties: this battle has {size:,} positions (at most {limit:,}); use casualties = "heuristic"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>max_rounds is set (optimal play is solved for battles to the end)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>the {side}'s order of loss is followed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>a retreat rule is set (optimal play is solved without retreats)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>{size:,} positions: too many to solve optimal play at once (limit {limit:,})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>{size:,} positions solved</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>roll</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>boost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>idle</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>reserve</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band} {unit} ({role})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{unit} ({role})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>attacker {band}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>defender {band}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: a casualty choice is {shape}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: the {side} must lose exactly {must} unit(s) here, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: the {side} has no '{name}' (its units: {units})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band} hits can't take {name}: this band may hit {classes}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: the {side} has no {name} left to lose</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: {side} rolls no dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>die {i} ({face}) +{boosts}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: {side} rolled {dice}; boosts: {boosts} -&gt; {final}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: {side} rolled {dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>attacker {a} vs defender {d}: defender takes 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>attacker {a} vs defender {d}: attacker takes 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>attacker {a} vs defender {d}: tie: both take 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>attacker {a} unopposed: defender takes 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>defender {d} unopposed: attacker takes 1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>hits: attacker takes {a}, defender takes {d}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>no dice are rolled in band '{band}' in this battle (bands here: {bands})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{n} {unit} to {band} ({role})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>the {side} deploys {moves} from reserve</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>nothing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>reserve units need the reserves option</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>side must be attacker or defender, got {side}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>a deployment is (band, role, unit, count)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>unknown band '{band}' (the chart's bands: {bands})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>role must be roll or boost, got {role}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{unit} can't roll in {band}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{unit} can't {role} in {band}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>deploy a whole number of units (at least 1), got {count}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>the {side} has {have} {unit} in reserve, can't deploy {count}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>expected hits for {units} units, got {got}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>unit {i}: hits must be a whole number &gt;= 0, got {h}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>unit {i} has {s} steps left and can't take {h} hits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{due} hits must be taken, the allocation gives {given}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>hits must be spread evenly: unit {i} takes {h} while another takes {most}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>from the wall</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>attacker moving toward archers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>at the wall</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>at undead</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>wall</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>river</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>dwarf hill</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>magic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{unit} {steps}/{of}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{unit} lost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>no units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{side} {unit} #{i}: {value} + d{die}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{phase}: the choice must be (attacker hits per unit, defender hits per unit), got {choice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{phase}: {side} hits per unit must be a list, got {alloc}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{phase}: {side}'s spreading of {n} hit: {problem}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{phase}: {side}'s spreading of {n} hits: {problem}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{phase}:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{side} {unit} #{i}: {why} + d6 {face} = {total} -&gt; {n} hit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{side} {unit} #{i}: {why} + d6 {face} = {total} -&gt; {n} hits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{side} takes {n} hit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{side} takes {n} hits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{takes} (only {can} can be taken)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{unit} #{i} takes {h}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{takes}: {where} (default spreading; the owner may break ties)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>nobody rolls</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>range</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>attack</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>defend</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{base} ({value})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{v:+d} {modifier}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>ranged</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>no unit with a range value</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>melee</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>raider</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>both sides defend: no melee</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>no unit can fight in its side's stance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>round {round}: a between-rounds step comes before the dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>round {round} has {phases} phases, but {recorded} were recorded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>this battle has nothing to do between rounds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>between-rounds steps start in round 2 (round 1 isn't over yet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>the battle is over</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>Before round {round} — {action}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>no dice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>Round {round}, {phase} — dice: {dice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>players' choice: {choice}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>now: {position}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>this battle has {steps:,} steps, the most a saved battle holds; end it here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>the battle is over; undo to continue it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>between-rounds steps come before the round's first dice (undo the dice entered to take one)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>the battle has already ended</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>finish the round in progress first (or undo it)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>nothing to undo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../combatassist/table.py" />
            <source>nothing to redo</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
