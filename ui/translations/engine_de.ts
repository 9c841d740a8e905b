<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
    <context>
        <name>engine</name>
        <message>
            <location filename="../../combatassist/autosave.py" />
            <source>the saved battle {battle} can't be resumed: {lock} is a folder where its lock file goes; remove that folder to resume it</source>
            <translation>die gespeicherte Schlacht {battle} kann nicht fortgesetzt werden: {lock} ist ein Ordner, wo ihre Sperrdatei hingehört; entfernen Sie diesen Ordner, um sie fortzusetzen</translation>
        </message>
        <message>
            <location filename="../../combatassist/autosave.py" />
            <source>the saved battle {battle} can't be resumed: its lock file {lock} can't be made ({why})</source>
            <translation>die gespeicherte Schlacht {battle} kann nicht fortgesetzt werden: ihre Sperrdatei {lock} lässt sich nicht anlegen ({why})</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>draw</source>
            <translation>Unentschieden</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: {outcome}</source>
            <translation>{phase}: {outcome}</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{n} die</source>
            <translation>{n} Würfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{n} dice</source>
            <translation>{n} Würfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: expected {dice}, got {got}</source>
            <translation>{phase}: {dice} erwartet, {got} eingegeben</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: die {i} ({label}) must show 1-{sides}, got {face}</source>
            <translation>{phase}: Würfel {i} ({label}) muss 1–{sides} zeigen, nicht {face}</translation>
        </message>
        <message>
            <location filename="../../combatassist/battle.py" />
            <source>{phase}: die {i} must show 1-{sides}, got {face}</source>
            <translation>{phase}: Würfel {i} muss 1–{sides} zeigen, nicht {face}</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>{n} {unit}</source>
            <translation>{n} {unit}</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>{side}: {units}</source>
            <translation>{side}: {units}</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>(nothing)</source>
            <translation>(nichts)</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>can't read '{item}': write it like '2 infantry'</source>
            <translation>„{item}“ ist nicht lesbar: schreiben Sie es wie '2 infantry'</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>can't read the choice: {why}</source>
            <translation>Die Wahl ist nicht lesbar: {why}</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>a number too long or lists nested too deeply</source>
            <translation>eine Zahl ist zu lang oder Listen sind zu tief verschachtelt</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>start each part with one of: {keys} (got '{part}')</source>
            <translation>Beginnen Sie jeden Teil mit einem von: {keys} (eingegeben: „{part}“)</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>dice must be numbers, got '{text}'</source>
            <translation>Würfel müssen Zahlen sein, eingegeben: „{text}“</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>expected {dice}, got {got}</source>
            <translation>{dice} erwartet, {got} eingegeben</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>die {i} ({label}) must show 1-{sides}, got {v}</source>
            <translation>Würfel {i} ({label}) muss 1–{sides} zeigen, nicht {v}</translation>
        </message>
        <message>
            <location filename="../../combatassist/choices.py" />
            <source>die {i} must show 1-{sides}, got {v}</source>
            <translation>Würfel {i} muss 1–{sides} zeigen, nicht {v}</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>{n:,.0f}</source>
            <translation>{n:,.0f}</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>{n:.1e}</source>
            <translation>{n:.1e}</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>transitions</source>
            <translation>Übergänge</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>multiply-adds</source>
            <translation>Multiplikationen</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>grid cells x outcomes</source>
            <translation>Gitterzellen × Ergebnisse</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>this battle needs about {work} exact-solver {unit}, more than the {limit} the engine answers within {seconds} s and {gb} GB; reduce the forces, or simulate it (--method simulate)</source>
            <translation>dieser Kampf braucht etwa {work} {unit} des exakten Lösers, mehr als die {limit}, die das Programm in {seconds} s und mit {gb} GB beantwortet; die Streitkräfte verkleinern oder simulieren (--method simulate)</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>this battle needs about {need:,.0f} MB of memory to solve exactly, more than the {limit:,.0f} MB the engine keeps within {gb} GB; reduce the forces, or simulate it (--method simulate)</source>
            <translation>dieser Kampf braucht etwa {need:,.0f} MB Speicher für die exakte Lösung, mehr als die {limit:,.0f} MB, die das Programm innerhalb von {gb} GB belegt; die Streitkräfte verkleinern oder simulieren (--method simulate)</translation>
        </message>
        <message>
            <location filename="../../combatassist/limits.py" />
            <source>{trials:,} trials would roll about {dice} dice, more than the {limit} the simulator rolls within {seconds} s; use at most {fits:,} trials (--trials) or smaller forces</source>
            <translation>{trials:,} Durchgänge würfelten etwa {dice} Würfel, mehr als die {limit}, die der Simulator in {seconds} s würfelt; höchstens {fits:,} Durchgänge (--trials) oder kleinere Streitkräfte verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>Attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>Defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{units} ({role})</source>
            <translation>{units} ({role})</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>wave {k}: {units}</source>
            <translation>Welle {k}: {units}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{key}: </source>
            <translation>{key}: </translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>nothing</source>
            <translation>nichts</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{key}: {value}</source>
            <translation>{key}: {value}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{unit} ({details})</source>
            <translation>{unit} ({details})</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>roll</source>
            <translation>Wurf</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>boost</source>
            <translation>Verstärkung</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>idle</source>
            <translation>untätig</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>stance</source>
            <translation>Haltung</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>wall</source>
            <translation>Mauer</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>damage</source>
            <translation>Beschädigung</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>terrain</source>
            <translation>Gelände</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>amphibious</source>
            <translation>amphibisch</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>bombard</source>
            <translation>Küstenbeschuss</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>damaged</source>
            <translation>beschädigt</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>order of loss</source>
            <translation>Verlustreihenfolge</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>yes</source>
            <translation>ja</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>no</source>
            <translation>nein</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>edition</source>
            <translation>Edition</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>rounds</source>
            <translation>Runden</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>dice</source>
            <translation>Würfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>battle</source>
            <translation>Schlacht</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>submarines strike first</source>
            <translation>U-Boote schlagen zuerst zu</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>AA gun</source>
            <translation>Flak</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>attacker keeps a land unit</source>
            <translation>Angreifer behält eine Landeinheit</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>retreat after round</source>
            <translation>Rückzug nach Runde</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>retreat at units left</source>
            <translation>Rückzug bei verbliebenen Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>retreat below win chance</source>
            <translation>Rückzug unter Siegchance</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>attacker keeps land units</source>
            <translation>Angreifer behält Landeinheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>retreat policy</source>
            <translation>Rückzugsstrategie</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>territory value</source>
            <translation>Wert des Gebiets</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>retreat when only aircraft are left</source>
            <translation>Rückzug, wenn nur noch Flugzeuge übrig sind</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>defender rolls an extra white die</source>
            <translation>Verteidiger würfelt einen weißen Würfel zusätzlich</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>air attacks AAD</source>
            <translation>Luftangriffe auf die Flugabwehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>to the end</source>
            <translation>bis zum Ende</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{option}: {value}</source>
            <translation>{option}: {value}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{ruleset} battle</source>
            <translation>{ruleset}-Schlacht</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{side}: {forces}</source>
            <translation>{side}: {forces}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>Counter-attack: {forces}</source>
            <translation>Gegenangriff: {forces}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>Options: {options}</source>
            <translation>Optionen: {options}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>Compared with the pinned baseline:</source>
            <translation>Verglichen mit der festgehaltenen Vergleichsbasis:</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>attacker wins {before:.2%} -&gt; {now:.2%}</source>
            <translation>Angreifer gewinnt {before:.2%} -&gt; {now:.2%}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>expected IPC swing {before:+.2f} -&gt; {now:+.2f}</source>
            <translation>erwarteter IPC-Saldo {before:+.2f} -&gt; {now:+.2f}</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>most likely ends:</source>
            <translation>wahrscheinlichste Ausgänge:</translation>
        </message>
        <message>
            <location filename="../../combatassist/report.py" />
            <source>{p}  attacker {attacker} | defender {defender}</source>
            <translation>{p}  Angreifer {attacker} | Verteidiger {defender}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>the attacker withdraws before the first round (its retreat rules)</source>
            <translation>der Angreifer zieht sich vor der ersten Runde zurück (seine Rückzugsregeln)</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>the attacker has no units</source>
            <translation>der Angreifer hat keine Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>the defender has no units</source>
            <translation>der Verteidiger hat keine Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>neither side has units</source>
            <translation>keine Seite hat Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>exact</source>
            <translation>exakt</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>simulated, {trials:,} battles</source>
            <translation>simuliert, {trials:,} Schlachten</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>Odds ({how})</source>
            <translation>Chancen ({how})</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>attacker wins {p:9.2%}</source>
            <translation>Angreifer gewinnt {p:9.2%}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>defender wins {p:9.2%}</source>
            <translation>Verteidiger gewinnt {p:9.2%}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>(attacker retreated {p:.2%})</source>
            <translation>(Angreifer hat sich zurückgezogen: {p:.2%})</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>draw          {p:9.2%}</source>
            <translation>Unentschieden {p:9.2%}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>(stalemate {p:.2%})</source>
            <translation>(Patt {p:.2%})</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>undecided     {p:9.2%}  (the round limit was reached)</source>
            <translation>offen {p:9.2%} (Rundengrenze erreicht)</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>expected losses: attacker {a:.2f}, defender {d:.2f}</source>
            <translation>erwartete Verluste: Angreifer {a:.2f}, Verteidiger {d:.2f}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>expected rounds: {n:.2f}</source>
            <translation>erwartete Runden: {n:.2f}</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>IPC lost: attacker {a:.2f}, defender {d:.2f}; expected IPC swing {swing:+.2f} (for the attacker)</source>
            <translation>IPC-Verluste: Angreifer {a:.2f}, Verteidiger {d:.2f}; erwarteter IPC-Saldo {swing:+.2f} (für den Angreifer)</translation>
        </message>
        <message>
            <location filename="../../combatassist/result.py" />
            <source>takes the territory {p:8.2%}  (attacker wins with a land unit left)</source>
            <translation>nimmt das Gebiet ein {p:8.2%} (Angreifer gewinnt mit einer Landeinheit übrig)</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>fight to the end: withdrawing is never worth more</source>
            <translation>bis zum Ende kämpfen: ein Rückzug bringt nie mehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>don't attack: the attack is worth {value:+.2f} IPC at best, less than not attacking</source>
            <translation>nicht angreifen: der Angriff bringt bestenfalls {value:+.2f} IPC, weniger als kein Angriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>{n} unit or fewer</source>
            <translation>{n} Einheit oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>{n} units or fewer</source>
            <translation>{n} Einheiten oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>{lo} to {hi} units</source>
            <translation>{lo} bis {hi} Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>{n} unit</source>
            <translation>{n} Einheit</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>{n} units</source>
            <translation>{n} Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left while the defender has as many units as you or more</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger mindestens so viele Einheiten wie du</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left while the defender has {n} unit more than you or more</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Einheit mehr als du oder mehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left while the defender has {n} units more than you or more</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Einheiten mehr als du oder mehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left</source>
            <translation>zurückziehen, sobald du noch {units} hast</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left while the defender can still take {m} hits or more</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger noch {m} oder mehr Treffer einstecken kann</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left while the defender still has {m} or more</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger noch {m} oder mehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left and the defender can take {n} hit or fewer</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Treffer oder weniger einstecken kann</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left and the defender can take {n} hits or fewer</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Treffer oder weniger einstecken kann</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left and the defender has {n} unit or fewer</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Einheit oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraw once you have {units} left and the defender has {n} units or fewer</source>
            <translation>zurückziehen, sobald du noch {units} hast und der Verteidiger {n} Einheiten oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>the exact policy differs from these words where the battle arrives with a probability of {p:.2%} at most, most often at {position}: it {does} there</source>
            <translation>die exakte Strategie weicht von diesen Worten dort ab, wohin der Kampf mit höchstens {p:.2%} Wahrscheinlichkeit gelangt, am häufigsten bei {position}: dort {does} sie</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>withdraws</source>
            <translation>zieht sich zurück</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>fights on</source>
            <translation>kämpft weiter</translation>
        </message>
        <message>
            <location filename="../../combatassist/retreat_policy.py" />
            <source>following these words is worth {loss:.2f} IPC less on average than the exact policy</source>
            <translation>diesen Worten zu folgen bringt im Mittel {loss:.2f} IPC weniger als die exakte Strategie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>armor {arm}% lowered to {lowered}%: below the infantry's {inf}%</source>
            <translation>Panzer {arm} % auf {lowered} % gesenkt: unter den {inf} % der Infanterie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>armor {arm}% lowered to {lowered}%: infantry and armor at most 100%</source>
            <translation>Panzer {arm} % auf {lowered} % gesenkt: Infanterie und Panzer zusammen höchstens 100 %</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>infantry %</source>
            <translation>Infanterie %</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>({face} + {add}) × {step} = {pct}% infantry</source>
            <translation>({face} + {add}) × {step} = {pct} % Infanterie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>armor %</source>
            <translation>Panzer %</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>{face} × {step} = {pct}% armor</source>
            <translation>{face} × {step} = {pct} % Panzer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>infantry = round({n} × {inf_pct}%) = {infantry}; armor = min(round({n} × {arm_pct}%), {n} − {infantry}) = {armor}</source>
            <translation>Infanterie = gerundet({n} × {inf_pct} %) = {infantry}; Panzer = min(gerundet({n} × {arm_pct} %), {n} − {infantry}) = {armor}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>{n} unit left by rounding added to the infantry</source>
            <translation>{n} durch Rundung übrige Einheit zur Infanterie gezählt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>{n} units left by rounding added to the infantry</source>
            <translation>{n} durch Rundung übrige Einheiten zur Infanterie gezählt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/forces.py" />
            <source>remaining unit {i}</source>
            <translation>übrige Einheit {i}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{unit} {i}</source>
            <translation>{unit} {i}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod} ignored: paired with {unit}</source>
            <translation>{terrain} {mod} entfällt: gepaart mit {unit}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod} removed by engineers</source>
            <translation>{terrain} {mod} von Pionieren aufgehoben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{terrain} {mod}</source>
            <translation>{terrain} {mod}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} no allied infantry</source>
            <translation>{mod} keine verbündete Infanterie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} {unit} in its own terrain</source>
            <translation>{mod} {unit} im eigenen Gelände</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{mod} paired with armor, artillery or air support</source>
            <translation>{mod} gepaart mit Panzer, Artillerie oder Luftunterstützung</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/lineup.py" />
            <source>{n}d{sides} keep the lowest: defending engineers</source>
            <translation>{n}W{sides}, der niedrigste zählt: verteidigende Pioniere</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{what} damage {dice}</source>
            <translation>{what}: Schaden {dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>unit dice</source>
            <translation>Einheitenwürfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{side} {unit} (d{sides}, lowest of {dice})</source>
            <translation>{side} {unit} (W{sides}, niedrigster von {dice})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>{side} {unit} (d{sides})</source>
            <translation>{side} {unit} (W{sides})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ground damage</source>
            <translation>Bodenschaden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ground</source>
            <translation>Boden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>AAD contest damage</source>
            <translation>Schaden aus dem Flugabwehr-Duell</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>contest {n}</source>
            <translation>Duell {n}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>ready: roll every unit's dice</source>
            <translation>bereit: die Würfel aller Einheiten werfen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>totals {a}-{d}: {band}; steps of damage {sa}-{sd}</source>
            <translation>Summen {a}–{d}: {band}; Schadensstufen {sa}–{sd}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rounds.py" />
            <source>totals {a}-{d}: {band}</source>
            <translation>Summen {a}–{d}: {band}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side}: expected a roll for each of {units} units, got {got}</source>
            <translation>{side}: je ein Wurf für jede der {units} Einheiten erwartet, {got} eingegeben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} {unit}: expected {dice} dice, got {got}</source>
            <translation>{side} {unit}: {dice} Würfel erwartet, {got} eingegeben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} {unit}: a d{sides} shows 1-{sides}, got {face}</source>
            <translation>{side} {unit}: ein W{sides} zeigt 1–{sides}, nicht {face}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{key}: {why}</source>
            <translation>{key}: {why}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} ({terrain}):</source>
            <translation>{side} ({terrain}):</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>no modifier</source>
            <translation>kein Modifikator</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{unit}: d{sides} {shown} ({how}) -&gt; {value}</source>
            <translation>{unit}: W{sides} {shown} ({how}) -&gt; {value}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{unit}  [AAD only]</source>
            <translation>{unit}  [nur Flugabwehr]</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>ground total {total}</source>
            <translation>Bodensumme {total}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>no lower total</source>
            <translation>keine niedrigere Summe</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{high}/{low} = {ratio:.3f}</source>
            <translation>{high}/{low} = {ratio:.3f}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>margin {ratio}: {band}; tie</source>
            <translation>Siegverhältnis {ratio}: {band}; Gleichstand</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>margin {ratio}: {band}; {side} is the victor</source>
            <translation>Siegverhältnis {ratio}: {band}; Sieger ist der {side}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} takes no ground damage (air support only, no enemy AAD)</source>
            <translation>{side} erleidet keinen Bodenschaden (nur Luftunterstützung, keine feindliche Flugabwehr)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{side} takes {dice} steps</source>
            <translation>{side} erleidet {dice} Schadensstufen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>steps of damage: attacker {a}, defender {d}</source>
            <translation>Schadensstufen: Angreifer {a}, Verteidiger {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>{air} ({base} + {bonus} artillery)</source>
            <translation>{air} ({base} + {bonus} Artillerie)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, tie; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation>Flugabwehr-Duell: Flugabwehr ({aad_side}) {aad} gegen Luftunterstützung ({air_side}) {air}: {band}, Gleichstand; Flugabwehr erleidet {aad_dice}, Luftunterstützung {air_dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, AAD is the victor; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation>Flugabwehr-Duell: Flugabwehr ({aad_side}) {aad} gegen Luftunterstützung ({air_side}) {air}: {band}, Sieger ist die Flugabwehr; Flugabwehr erleidet {aad_dice}, Luftunterstützung {air_dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/agc/rules.py" />
            <source>AAD contest: {aad_side} AAD {aad} vs {air_side} air support {air}: {band}, air support is the victor; AAD takes {aad_dice}, air support {air_dice}</source>
            <translation>Flugabwehr-Duell: Flugabwehr ({aad_side}) {aad} gegen Luftunterstützung ({air_side}) {air}: {band}, Sieger ist die Luftunterstützung; Flugabwehr erleidet {aad_dice}, Luftunterstützung {air_dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>{weapon} is always size class {size}.</source>
            <translation>{weapon} hat immer Größenklasse {size}.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>Infantry weapons have no size class or range band; their impact die depends on the combat type and the target's cover.</source>
            <translation>Infanteriewaffen haben weder Größenklasse noch Entfernungsband; ihr Durchschlagswürfel hängt von der Kampfart und der Deckung des Ziels ab.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>{weapon} rolls its own to-hit: 1d{die}, hit on {minimum}+.</source>
            <translation>{weapon} würfelt selbst auf Treffer: 1W{die}, trifft ab {minimum}.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>Fire at infantry needs no to-hit roll.</source>
            <translation>Feuer auf Infanterie braucht keinen Trefferwurf.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>Heavy weapons ignore cover.</source>
            <translation>Schwere Waffen ignorieren Deckung.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>Artillery reads “dug in” as dug in; open and soft as not.</source>
            <translation>Artillerie wertet „eingegraben“ als eingegraben, offen und leicht als nicht eingegraben.</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/fields.py" />
            <source>Not a heavy weapon: it can only harm armour-0 vehicles (which count as powered armour, 7).</source>
            <translation>Keine schwere Waffe: sie kann nur Fahrzeugen mit Panzerung 0 schaden (die als Servorüstung, 7, zählen).</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/matrix.py" />
            <source>{weapon} is always size class {size}</source>
            <translation>{weapon} hat immer Größenklasse {size}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/matrix.py" />
            <source>artillery comes in sizes 1 (light), 2 (medium), 3 (heavy)</source>
            <translation>Artillerie gibt es in den Größen 1 (leicht), 2 (mittel), 3 (schwer)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/matrix.py" />
            <source>{weapon} has no size class {size}</source>
            <translation>{weapon} hat keine Größenklasse {size}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: nothing to roll</source>
            <translation>{phase}: nichts zu würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit</source>
            <translation>Trefferwurf</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to-hit die: hits on {minimum}+</source>
            <translation>Trefferwürfel: trifft ab {minimum}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: the weapon's own to-hit mechanic decides (a hit unless the players say 'miss')</source>
            <translation>{phase}: die eigene Treffermechanik der Waffe entscheidet (ein Treffer, außer die Spieler sagen 'miss')</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face} on 1d{die}: a hit</source>
            <translation>{phase}: {face} auf 1W{die}: ein Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face} on 1d{die}: a miss (needs {minimum}+)</source>
            <translation>{phase}: {face} auf 1W{die}: daneben (braucht {minimum}+)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit: the to-hit die decides; there is no choice to make</source>
            <translation>Treffer: der Trefferwürfel entscheidet; es gibt nichts zu wählen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>to hit: say 'hit' or 'miss', got {choice}</source>
            <translation>Treffer: 'hit' oder 'miss' angeben, eingegeben: {choice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>impact</source>
            <translation>Durchschlag</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>impact die x {multiplier}</source>
            <translation>Durchschlagswürfel x {multiplier}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>armour die x {rating}</source>
            <translation>Panzerungswürfel x {rating}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {reason}</source>
            <translation>{phase}: {reason}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>special damage</source>
            <translation>Sonderschaden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>{phase}: {face}: {kind}</source>
            <translation>{phase}: {face}: {kind}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>ready to fire</source>
            <translation>feuerbereit</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>a hit: roll impact and armour</source>
            <translation>ein Treffer: Durchschlag und Panzerung würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rounds.py" />
            <source>special damage: roll the d8</source>
            <translation>Sonderschaden: den W8 würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>To hit: 1d{die}, hit on {minimum}+</source>
            <translation>Treffer: 1W{die}, trifft ab {minimum}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Hit chance (given): {p:g}</source>
            <translation>Trefferchance (vorgegeben): {p:g}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>No effect: {reason}</source>
            <translation>Keine Wirkung: {reason}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Impact: D{impact} x {multiplier}; Armour: 1d{armour} x {rating}</source>
            <translation>Durchschlag: W{impact} x {multiplier}; Panzerung: 1W{armour} x {rating}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Kill when Impact &gt; Armour; otherwise special damage when the D{die} shows {die}</source>
            <translation>Zerstörung bei Durchschlag &gt; Panzerung; sonst Sonderschaden, wenn der W{die} eine {die} zeigt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Kill when Impact &gt; Armour; no special damage on infantry</source>
            <translation>Zerstörung bei Durchschlag &gt; Panzerung; kein Sonderschaden gegen Infanterie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>An armour-0 vehicle counts as PA ({rating}) against non-heavy weapons; special damage still applies</source>
            <translation>Ein Fahrzeug mit Panzerung 0 zählt gegen nicht schwere Waffen als PA ({rating}); Sonderschaden gilt weiterhin</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Soft-skinned (armour 0): any heavy weapon hit destroys it</source>
            <translation>Ungepanzert (Panzerung 0): jeder Treffer einer schweren Waffe zerstört es</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against APFC: D{die} (supersedes reactive armour)</source>
            <translation>{weapon} gegen APFC: W{die} (ersetzt Reaktivpanzerung)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against {armour} armour: D{die}</source>
            <translation>{weapon} gegen Panzerung {armour}: W{die}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} at {range} range: D{die} x {factor} x size {size} = x{multiplier}</source>
            <translation>{weapon} auf Entfernung {range}: W{die} x {factor} x Größe {size} = x{multiplier}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against infantry: D{die} x size class</source>
            <translation>{weapon} gegen Infanterie: W{die} x Größenklasse</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} against infantry: fixed D{die} x {mult}, whatever the size</source>
            <translation>{weapon} gegen Infanterie: fest W{die} x {mult}, unabhängig von der Größe</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon} is not a heavy weapon: it cannot harm vehicles of armour 1 or more</source>
            <translation>{weapon} ist keine schwere Waffe: sie kann Fahrzeugen mit Panzerung 1 oder mehr nichts anhaben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{combat} at a target in {cover} cover: D{die}; {weapon} x{mult}</source>
            <translation>{combat} gegen ein Ziel in Deckung {cover}: W{die}; {weapon} x{mult}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon}, {weight}, against dug-in {target}: D{die} x {mult}</source>
            <translation>{weapon}, {weight}, gegen eingegrabene {target}: W{die} x {mult}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{weapon}, {weight}, against {target}: D{die} x {mult}</source>
            <translation>{weapon}, {weight}, gegen {target}: W{die} x {mult}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the {die} (1-{sides}) is needed to resolve this shot</source>
            <translation>für diesen Schuss wird der {die} (1–{sides}) gebraucht</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the {die} must be a whole number 1-{sides}, got {value}</source>
            <translation>der {die} muss eine ganze Zahl 1–{sides} sein, nicht {value}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit die (d{sides})</source>
            <translation>Trefferwürfel (W{sides})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit {roll} on 1d{die}: a miss (needs {minimum}+)</source>
            <translation>Trefferwurf {roll} auf 1W{die}: daneben (braucht {minimum}+)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>to-hit {roll}: a hit; </source>
            <translation>Trefferwurf {roll}: ein Treffer; </translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no hit</source>
            <translation>kein Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>impact die (D{sides})</source>
            <translation>Durchschlagswürfel (W{sides})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>armour die (d{sides})</source>
            <translation>Panzerungswürfel (W{sides})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>Impact {i} x {multiplier} = {score}, Armour {a} x {rating} = {resist}</source>
            <translation>Durchschlag {i} x {multiplier} = {score}, Panzerung {a} x {rating} = {resist}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}: Impact exceeds Armour, destroyed</source>
            <translation>{scores}: Durchschlag übertrifft Panzerung, zerstört</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}, but the D{die} shows its maximum: roll 1d{special} for special damage</source>
            <translation>{scores}, aber der W{die} zeigt sein Maximum: 1W{special} für Sonderschaden würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>special damage die (d{sides})</source>
            <translation>Sonderschadenswürfel (W{sides})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}; D{die} at maximum, special damage {s}: {kind}</source>
            <translation>{scores}; W{die} am Maximum, Sonderschaden {s}: {kind}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no special damage on infantry</source>
            <translation>kein Sonderschaden gegen Infanterie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>the D{die} did not show {die}</source>
            <translation>der W{die} zeigte keine {die}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>{scores}: no kill, {why}: no significant effect</source>
            <translation>{scores}: keine Zerstörung, {why}: keine nennenswerte Wirkung</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>kill</source>
            <translation>Zerstörung</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>mobility</source>
            <translation>Mobilität</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>systems down</source>
            <translation>Systemausfall</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>no effect</source>
            <translation>keine Wirkung</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>miss</source>
            <translation>daneben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>special</source>
            <translation>Sonderschaden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/rules.py" />
            <source>hit</source>
            <translation>Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{weapon} ({weight})</source>
            <translation>{weapon} ({weight})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{weapon}/{size}</source>
            <translation>{weapon}/{size}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{weapon} at {range} range</source>
            <translation>{weapon}, Entfernung {range}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{weapon} ({combat})</source>
            <translation>{weapon} ({combat})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>armour-{armour} vehicle</source>
            <translation>Fahrzeug mit Panzerung {armour}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{target} ({extras})</source>
            <translation>{target} ({extras})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{rating} infantry</source>
            <translation>Infanterie ({rating})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{target} in {cover} cover</source>
            <translation>{target}, Deckung: {cover}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ds2/summary.py" />
            <source>{weapon} vs {target}</source>
            <translation>{weapon} gegen {target}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>this attack has no counter-attack</source>
            <translation>dieser Angriff hat keinen Gegenangriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>this attack may need about {n} battles solved (the defender's survivors after each wave, the holders of the territory), more than the {limit} it answers within {seconds} s; use fewer waves or smaller forces</source>
            <translation>dieser Angriff braucht womöglich etwa {n} gelöste Kämpfe (die Überlebenden des Verteidigers nach jeder Welle, die Besatzer des Gebiets), mehr als die {limit}, die er in {seconds} s beantwortet; weniger Wellen oder kleinere Streitkräfte verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>keep your last land unit: take your other units as casualties first</source>
            <translation>die letzte Landeinheit behalten: zuerst die anderen Einheiten als Verluste nehmen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>keep your last {n} land units: take your other units as casualties first</source>
            <translation>die letzten {n} Landeinheiten behalten: zuerst die anderen Einheiten als Verluste nehmen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>withdraw once only aircraft are left (no land unit)</source>
            <translation>zurückziehen, sobald nur noch Flugzeuge übrig sind (keine Landeinheit)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>withdraw once you have {n} unit or fewer</source>
            <translation>zurückziehen, sobald du {n} Einheit oder weniger hast</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>withdraw once you have {n} units or fewer</source>
            <translation>zurückziehen, sobald du {n} Einheiten oder weniger hast</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>withdraw when your chance to win by fighting on is below {p:.0%}</source>
            <translation>zurückziehen, wenn die Siegchance beim Weiterkämpfen unter {p:.0%} liegt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>withdraw after round {n}</source>
            <translation>zurückziehen nach Runde {n}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>wave {k}: {rule}</source>
            <translation>Welle {k}: {rule}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/attack.py" />
            <source>wave {k}, against {units} (the defender it most likely meets, {p:.0%} of the attacks): {rule}</source>
            <translation>Welle {k}, gegen {units} (der wahrscheinlichste Verteidiger, bei {p:.0%} der Angriffe): {rule}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/casualties.py" />
            <source>unknown unit '{unit}' in the {side}'s casualties (write one of: {units})</source>
            <translation>unbekannte Einheit „{unit}“ in den Verlusten ({side}; möglich: {units})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>attack: hit on {v} or less</source>
            <translation>Angriff: Treffer bei {v} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>defence: hit on {v} or less</source>
            <translation>Verteidigung: Treffer bei {v} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>AA: hit on 1</source>
            <translation>AA: Treffer bei 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>AA: hit on {v} or less</source>
            <translation>AA: Treffer bei {v} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>bombardment: hit on {v} or less</source>
            <translation>Küstenbeschuss: Treffer bei {v} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>submarines: hit on {v} or less</source>
            <translation>U-Boote: Treffer bei {v} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>attack power {power}: extra hit on {rem} or less</source>
            <translation>Angriffswert {power}: Rest {rem}, ein Treffer mehr bei Würfelwurf {rem} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>defence power {power}: extra hit on {rem} or less</source>
            <translation>Verteidigungswert {power}: Rest {rem}, ein Treffer mehr bei Würfelwurf {rem} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>AA: hit on {rem} or less</source>
            <translation>AA: Rest {rem}, ein Treffer mehr bei Würfelwurf {rem} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>bombardment power {power}: extra hit on {rem} or less</source>
            <translation>Angriffswert des Küstenbeschusses {power}: Rest {rem}, ein Treffer mehr bei Würfelwurf {rem} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/dice.py" />
            <source>submarines power {power}: extra hit on {rem} or less</source>
            <translation>Angriffswert der U-Boote {power}: Rest {rem}, ein Treffer mehr bei Würfelwurf {rem} oder weniger</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>casualty count for {unit} must be a whole number &gt;= 0</source>
            <translation>die Verlustzahl für {unit} muss eine ganze Zahl &gt;= 0 sein</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the {side} has no {unit} left</source>
            <translation>{side}: kein {unit} mehr übrig</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the {side} has only {count} {unit}, not {n}</source>
            <translation>{side}: nur {count} {unit}, nicht {n}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{unit} can't be taken for these hits (only {units})</source>
            <translation>{unit} kann für diese Treffer nicht entfernt werden (nur {units})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the {side} must take exactly {needed} casualties, not {total}</source>
            <translation>{side}: genau {needed} Verluste sind zu nehmen, nicht {total}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>these casualties don't fit the hits: submarines' hits can't take aircraft, and aircraft's hits can't take submarines without a destroyer</source>
            <translation>diese Verluste passen nicht zu den Treffern: Treffer von U-Booten können keine Flugzeuge treffen, Treffer von Flugzeugen ohne Zerstörer keine U-Boote</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{n} {unit} (damaged)</source>
            <translation>{n} {unit} (beschädigt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{n} {unit} (amphibious)</source>
            <translation>{n} {unit} (angelandet)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{n} {unit} (amphibious, damaged)</source>
            <translation>{n} {unit} (angelandet, beschädigt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{n} {unit} (submerged)</source>
            <translation>{n} {unit} (getaucht)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>{n} {unit} (withdrawn)</source>
            <translation>{n} {unit} (abgezogen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>nothing left</source>
            <translation>nichts mehr</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>attacker: {attacker} | defender: {defender}</source>
            <translation>Angreifer: {attacker} | Verteidiger: {defender}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the attacker's amphibious units can't retreat: they fight on to the end</source>
            <translation>die angelandeten Einheiten des Angreifers können sich nicht zurückziehen: sie kämpfen bis zum Ende</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the attacker has no units that can leave an amphibious assault here</source>
            <translation>der Angreifer hat hier keine Einheiten, die eine Landung verlassen können</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later.py" />
            <source>the attacker retreats; its units landed from the sea can't leave and fight on</source>
            <translation>der Angreifer zieht sich zurück; seine von See gelandeten Einheiten können nicht abziehen und kämpfen weiter</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>AA fire</source>
            <translation>AA-Feuer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>AA fire: one aircraft shot down</source>
            <translation>AA-Feuer: ein Flugzeug abgeschossen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>AA fire: {n} aircraft shot down</source>
            <translation>AA-Feuer: {n} Flugzeuge abgeschossen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>submerge</source>
            <translation>Abtauchen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Submarines submerge: the enemy has no destroyer</source>
            <translation>U-Boote tauchen ab: der Gegner hat keinen Zerstörer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>surprise strike</source>
            <translation>Überraschungsangriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Surprise strike: the attacker's submarines score {n} hit, the defender's {d}</source>
            <translation>Überraschungsangriff: die U-Boote des Angreifers erzielen {n} Treffer, die des Verteidigers {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Surprise strike: the attacker's submarines score {n} hits, the defender's {d}</source>
            <translation>Überraschungsangriff: die U-Boote des Angreifers erzielen {n} Treffer, die des Verteidigers {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>submarine first strike</source>
            <translation>Erstangriff der U-Boote</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Submarines' first strike: {n} hit on sea units</source>
            <translation>Erstangriff der U-Boote: {n} Treffer auf Seeeinheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Submarines' first strike: {n} hits on sea units</source>
            <translation>Erstangriff der U-Boote: {n} Treffer auf Seeeinheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>shore bombardment</source>
            <translation>Küstenbeschuss</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Shore bombardment: {a} hits, removed before they fire back</source>
            <translation>Küstenbeschuss: {a} Treffer, entfernt, bevor sie zurückfeuern</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>fire</source>
            <translation>Feuer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Fire: the attacker scores {n} hit, the defender {d}</source>
            <translation>Feuer: der Angreifer erzielt {n} Treffer, der Verteidiger {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/later_phases.py" />
            <source>Fire: the attacker scores {n} hits, the defender {d}</source>
            <translation>Feuer: der Angreifer erzielt {n} Treffer, der Verteidiger {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/planner.py" />
            <source>the file has no [plan] table: add one to plan, e.g. [plan] target = {example}</source>
            <translation>die Datei hat keine Tabelle [plan]: zum Planen eine hinzufügen, z. B. [plan] target = {example}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/planner.py" />
            <source>planning this attack is past the engine's bound ({limit} s): its later waves' battles (one per defender survivor composition) and the counter-attack's (one per composition of the land units that may hold the territory) alone would take most of it; plan with fewer units in the later waves, the counter-attack or the defender, or fewer land units available</source>
            <translation>diesen Angriff zu planen übersteigt die Grenze der Berechnung ({limit} s): schon die Schlachten seiner späteren Wellen (eine je Zusammensetzung der überlebenden Verteidiger) und die des Gegenangriffs (eine je Zusammensetzung der Landeinheiten, die das Gebiet halten können) nähmen den größten Teil davon ein; mit weniger Einheiten in den späteren Wellen, im Gegenangriff oder beim Verteidiger planen, oder mit weniger verfügbaren Landeinheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/planner.py" />
            <source>planning this battle is past the engine's bound ({limit} s): the whole army's battle alone is too large to solve a few times over; plan with fewer units available (about {fit} units a side fit)</source>
            <translation>diese Schlacht zu planen übersteigt die Grenze der Berechnung ({limit} s): schon die Schlacht der ganzen Armee ist zu groß, um sie einige Male zu lösen; mit weniger verfügbaren Einheiten planen (etwa {fit} Einheiten je Seite passen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/lowluck/planner.py" />
            <source>the target takes_and_holds needs a counter-attack: add [counter] units, or aim for takes_territory</source>
            <translation>das Ziel takes_and_holds braucht einen Gegenangriff: [counter] units angeben, oder takes_territory anstreben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/advisor.py" />
            <source>{band} {role}: {units}</source>
            <translation>{band} {role}: {units}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/advisor.py" />
            <source>idle: {units}</source>
            <translation>untätig: {units}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/bands.py" />
            <source>a d{sides} band of {n_a} v {n_d} dice with boosts needs an outcome table of about {cells:,} cells, more than the {limit:,} the engine computes in a few seconds; put fewer units or boosters in that band, or play d6</source>
            <translation>ein W{sides}-Band mit {n_a} gegen {n_d} Würfeln und Verstärkungen braucht eine Ergebnistabelle von etwa {cells:,} Zellen, mehr als die {limit:,}, die das Programm in wenigen Sekunden berechnet; weniger Einheiten oder Verstärker in dieses Band stellen, oder mit W6 spielen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/bands.py" />
            <source>a d{sides} band of {n_a} v {n_d} dice with boosts needs an outcome table of up to {cells:,} cells, more than the {limit:,} the engine computes in a few seconds; put fewer units or boosters in that band, or fewer dice or boost kinds in the chart's band</source>
            <translation>ein W{sides}-Band mit {n_a} gegen {n_d} Würfeln und Verstärkungen braucht eine Ergebnistabelle von bis zu {cells:,} Zellen, mehr als die {limit:,}, die das Programm in wenigen Sekunden berechnet; weniger Einheiten oder Verstärker in dieses Band stellen, oder weniger Würfel oder Verstärkungsarten im Band der Farbtabelle</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (rolls {band}, can hit nothing)</source>
            <translation>{units} (würfelt {band}, kann nichts treffen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (roll {band}, can hit nothing)</source>
            <translation>{units} (würfeln {band}, können nichts treffen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boosts {band}, which rolls no die)</source>
            <translation>{units} (verstärkt {band}, wo kein Würfel fällt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boost {band}, which rolls no die)</source>
            <translation>{units} (verstärken {band}, wo kein Würfel fällt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (boost {band}: {dice} only)</source>
            <translation>{units} (Verstärkung {band}: nur {dice})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (idle)</source>
            <translation>{units} (untätig)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>{units} (in reserve)</source>
            <translation>{units} (in Reserve)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/explain.py" />
            <source>lost first — {sides}</source>
            <translation>zuerst verloren — {sides}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>attacker {band}</source>
            <translation>Angreifer {band}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>defender {band}</source>
            <translation>Verteidiger {band}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: a casualty choice is {shape}</source>
            <translation>{band}: eine Verlustwahl lautet {shape}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: the {side} must lose exactly {n} unit here, got {got}</source>
            <translation>{band}: der {side} muss hier genau {n} Einheit verlieren, eingegeben: {got}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: the {side} must lose exactly {n} units here, got {got}</source>
            <translation>{band}: der {side} muss hier genau {n} Einheiten verlieren, eingegeben: {got}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: the {side} has no '{name}' (its units: {units})</source>
            <translation>{band}: der {side} hat kein „{name}“ (seine Einheiten: {units})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band} hits can't take {name}: this band may hit {classes}</source>
            <translation>{band}: Treffer können {name} nicht nehmen: dieses Band trifft nur {classes}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: the {side} has no {name} left to lose</source>
            <translation>{band}: der {side} hat kein {name} mehr zu verlieren</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: {side} rolls no dice</source>
            <translation>{band}: {side} würfelt nicht</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>die {i} ({face}) +{boosts}</source>
            <translation>Würfel {i} ({face}) +{boosts}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: {side} rolled {dice}; boosts: {boosts} -&gt; {final}</source>
            <translation>{band}: {side} würfelte {dice}; Verstärkungen: {boosts} -&gt; {final}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>{band}: {side} rolled {dice}</source>
            <translation>{band}: {side} würfelte {dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>attacker {a} vs defender {d}: defender takes 1</source>
            <translation>Angreifer {a} gegen Verteidiger {d}: Verteidiger erleidet 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>attacker {a} vs defender {d}: attacker takes 1</source>
            <translation>Angreifer {a} gegen Verteidiger {d}: Angreifer erleidet 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>attacker {a} vs defender {d}: tie: both take 1</source>
            <translation>Angreifer {a} gegen Verteidiger {d}: Gleichstand: beide erleiden 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>attacker {a} unopposed: defender takes 1</source>
            <translation>Angreifer {a} ohne Gegenwurf: Verteidiger erleidet 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>defender {d} unopposed: attacker takes 1</source>
            <translation>Verteidiger {d} ohne Gegenwurf: Angreifer erleidet 1</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/phase.py" />
            <source>hits: attacker takes {a}, defender takes {d}</source>
            <translation>Treffer: Angreifer erleidet {a}, Verteidiger erleidet {d}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>as the scenario asks</source>
            <translation>wie vom Szenario verlangt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties are solved for battles fought to the end; with a retreat rule use casualties = "heuristic"</source>
            <translation>optimale Verluste werden für Kämpfe bis zum Ende berechnet; mit einer Rückzugsregel casualties = "heuristic" verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties choose every loss, but the {side} gives an order of loss; remove it or use casualties = "heuristic"</source>
            <translation>optimale Verluste wählen jeden Verlust, aber der {side} gibt eine Verlustreihenfolge vor; diese entfernen oder casualties = "heuristic" verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties need a battle fought to the end (max_rounds = 0); use casualties = "heuristic"</source>
            <translation>optimale Verluste brauchen einen Kampf bis zum Ende (max_rounds = 0); casualties = "heuristic" verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>optimal casualties: this battle has {size:,} positions (at most {limit:,}); use casualties = "heuristic"</source>
            <translation>optimale Verluste: dieser Kampf hat {size:,} Stellungen (höchstens {limit:,}); casualties = "heuristic" verwenden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>a round limit is set (best play is worked out for battles fought to the end)</source>
            <translation>eine Rundengrenze ist gesetzt (bestes Spiel wird für Kämpfe bis zum Ende ermittelt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>the {side}'s order of loss is followed</source>
            <translation>die Verlustreihenfolge des {side}s wird befolgt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>a retreat rule is set (best play is worked out without retreats)</source>
            <translation>eine Rückzugsregel ist gesetzt (bestes Spiel wird ohne Rückzug ermittelt)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>the battle is too big to weigh every choice of casualties</source>
            <translation>die Schlacht ist zu groß, um jede Wahl der Verluste abzuwägen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/policy.py" />
            <source>every choice of casualties weighed, for both sides</source>
            <translation>jede Wahl der Verluste abgewogen, für beide Seiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>no dice are rolled in band '{band}' in this battle (bands here: {bands})</source>
            <translation>im Band „{band}“ wird in diesem Kampf nicht gewürfelt (Bänder hier: {bands})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{n} {unit} to {band} ({role})</source>
            <translation>{n} {unit} nach {band} ({role})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>the {side} deploys {moves} from reserve</source>
            <translation>der {side} setzt {moves} aus der Reserve ein</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>reserve units need the reserves option</source>
            <translation>Reserveeinheiten brauchen die Option reserves</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>a deployment moves at least one unit</source>
            <translation>eine Verlegung bewegt mindestens eine Einheit</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>side must be attacker or defender, got {side}</source>
            <translation>die Seite muss attacker oder defender sein, nicht {side}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>a deployment is (band, role, unit, count)</source>
            <translation>ein Einsatz lautet (Band, Rolle, Einheit, Anzahl)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>unknown band '{band}' (the chart's bands: {bands})</source>
            <translation>unbekanntes Band „{band}“ (die Bänder der Tabelle: {bands})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>role must be roll or boost, got {role}</source>
            <translation>die Rolle muss roll oder boost sein, nicht {role}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{unit} can't roll in {band}</source>
            <translation>{unit} kann in {band} nicht würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{unit} can't {role} in {band}</source>
            <translation>{unit} kann in {band} nicht verstärken ({role})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>deploy a whole number of units (at least 1), got {count}</source>
            <translation>eine ganze Zahl von Einheiten einsetzen (mindestens 1), nicht {count}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>the {side} has {have} {unit} in reserve, can't deploy {count}</source>
            <translation>der {side} hat {have} {unit} in Reserve, {count} können nicht eingesetzt werden</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/rules.py" />
            <source>{band}: the {side}'s d{die} dice must show 1-{die}, got {face}</source>
            <translation>{band}, {side}: ein W{die} zeigt 1–{die}, nicht {face}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/slots.py" />
            <source>reserve</source>
            <translation>Reserve</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/slots.py" />
            <source>{band} {unit} ({role})</source>
            <translation>{unit} {band} ({role})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/mediumluck/slots.py" />
            <source>{unit} ({role})</source>
            <translation>{unit} ({role})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/hits.py" />
            <source>expected hits for {units} units, got {got}</source>
            <translation>Treffer für {units} Einheiten erwartet, {got} eingegeben</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/hits.py" />
            <source>unit {i}: hits must be a whole number &gt;= 0, got {h}</source>
            <translation>Einheit {i}: Treffer müssen eine ganze Zahl &gt;= 0 sein, nicht {h}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/hits.py" />
            <source>unit {i} has {s} steps left and can't take {h} hits</source>
            <translation>Einheit {i} hat noch {s} Stufen und kann keine {h} Treffer nehmen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/hits.py" />
            <source>{due} hits must be taken, the allocation gives {given}</source>
            <translation>{due} Treffer sind zu nehmen, die Verteilung ergibt {given}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/hits.py" />
            <source>hits must be spread evenly: unit {i} takes {h} while another takes {most}</source>
            <translation>Treffer sind gleichmäßig zu verteilen: Einheit {i} nimmt {h}, eine andere {most}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{side} {unit} #{i}: {value} + d{die}</source>
            <translation>{side} {unit} Nr. {i}: {value} + W{die}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{phase}: the choice must be (attacker hits per unit, defender hits per unit), got {choice}</source>
            <translation>{phase}: die Wahl muss (Treffer je Einheit des Angreifers, Treffer je Einheit des Verteidigers) lauten, nicht {choice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{phase}: {side} hits per unit must be a list, got {alloc}</source>
            <translation>{phase}: Treffer je Einheit ({side}) müssen eine Liste sein, nicht {alloc}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{phase}: {side}'s spreading of {n} hit: {problem}</source>
            <translation>{phase}: Verteilung von {n} Treffer ({side}): {problem}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{phase}: {side}'s spreading of {n} hits: {problem}</source>
            <translation>{phase}: Verteilung von {n} Treffern ({side}): {problem}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{phase}:</source>
            <translation>{phase}:</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{side} {unit} #{i}: {why} + d6 {face} = {total} -&gt; {n} hit</source>
            <translation>{side} {unit} Nr. {i}: {why} + W6 {face} = {total} -&gt; {n} Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{side} {unit} #{i}: {why} + d6 {face} = {total} -&gt; {n} hits</source>
            <translation>{side} {unit} Nr. {i}: {why} + W6 {face} = {total} -&gt; {n} Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{side} takes {n} hit</source>
            <translation>{side} erleidet {n} Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{side} takes {n} hits</source>
            <translation>{side} erleidet {n} Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{takes} (only {can} can be taken)</source>
            <translation>{takes} (nur {can} können genommen werden)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{unit} #{i} takes {h}</source>
            <translation>{unit} Nr. {i} nimmt {h}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{takes}: {where} (default spreading; the owner may break ties)</source>
            <translation>{takes}: {where} (Standardverteilung; bei Gleichstand wählt der Besitzer)</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>nobody rolls</source>
            <translation>niemand würfelt</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>range</source>
            <translation>Reichweite</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>attack</source>
            <translation>Angriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>defend</source>
            <translation>Verteidigung</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{base} ({value})</source>
            <translation>{base} ({value})</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>{v:+d} {modifier}</source>
            <translation>{v:+d} {modifier}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>ranged</source>
            <translation>Fernkampf</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>no unit with a range value</source>
            <translation>keine Einheit mit Reichweite</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>melee</source>
            <translation>Nahkampf</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>raider</source>
            <translation>Plünderer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>both sides defend: no melee</source>
            <translation>beide Seiten verteidigen: kein Nahkampf</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/phases.py" />
            <source>no unit can fight in its side's stance</source>
            <translation>keine Einheit kann in der Haltung ihrer Seite kämpfen</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>from the wall</source>
            <translation>von der Mauer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>attacker moving toward archers</source>
            <translation>Angreifer rückt auf Bogenschützen vor</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>at the wall</source>
            <translation>auf die Mauer</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>at undead</source>
            <translation>auf Untote</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>river</source>
            <translation>Fluss</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>dwarf hill</source>
            <translation>Zwergenhügel</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>magic</source>
            <translation>Magie</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{unit} {steps}/{of}</source>
            <translation>{unit} {steps}/{of}</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>{unit} lost</source>
            <translation>{unit} verloren</translation>
        </message>
        <message>
            <location filename="../../combatassist/rulesets/ur/rules.py" />
            <source>no units</source>
            <translation>keine Einheiten</translation>
        </message>
        <message>
            <location filename="../../combatassist/solver.py" />
            <source>this battle has more than {states:,} distinct positions; reduce the forces (or use --method simulate)</source>
            <translation>dieser Kampf hat mehr als {states:,} verschiedene Stellungen; die Streitkräfte verkleinern (oder --method simulate verwenden)</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>an earlier battle of the attack was ended when it was over or in the middle of a round</source>
            <translation>eine frühere Schlacht des Angriffs wurde beendet, als sie schon vorbei war oder mitten in einer Runde</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>an earlier battle of the attack isn't over, or no battle follows it</source>
            <translation>eine frühere Schlacht des Angriffs ist nicht vorbei, oder ihr folgt keine Schlacht</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>round {round}: a between-rounds step comes before the dice</source>
            <translation>Runde {round}: ein Schritt zwischen den Runden kommt vor den Würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>round {round} has {phases} phases, but {recorded} were recorded</source>
            <translation>Runde {round} hat {phases} Phasen, aber {recorded} wurden aufgezeichnet</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>this battle has nothing to do between rounds</source>
            <translation>in diesem Kampf gibt es zwischen den Runden nichts zu tun</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>between-rounds steps start in round 2 (round 1 isn't over yet)</source>
            <translation>Schritte zwischen den Runden beginnen in Runde 2 (Runde 1 ist noch nicht vorbei)</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the battle is over</source>
            <translation>der Kampf ist vorbei</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>Before round {round} — {action}</source>
            <translation>Vor Runde {round} — {action}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>no dice</source>
            <translation>keine Würfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>Round {round}, {phase} — dice: {dice}</source>
            <translation>Runde {round}, {phase} — Würfel: {dice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>players' choice: {choice}</source>
            <translation>Wahl der Spieler: {choice}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>now: {position}</source>
            <translation>jetzt: {position}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>between-rounds steps come before the round's first dice (undo the dice entered to take one)</source>
            <translation>Schritte zwischen den Runden kommen vor den ersten Würfeln der Runde (die eingegebenen Würfel rückgängig machen, um einen zu tun)</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the battle has already ended</source>
            <translation>der Kampf ist schon beendet</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>{a} or {b}</source>
            <translation>{a} oder {b}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>neither side</source>
            <translation>keine Seite</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the battle is over; undo to continue it</source>
            <translation>der Kampf ist vorbei; Rückgängig setzt ihn fort</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>finish the round in progress first (or undo it)</source>
            <translation>erst die laufende Runde beenden (oder rückgängig machen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the {side} can't retreat in this ruleset ({may} may)</source>
            <translation>der {side} kann sich in diesem Regelwerk nicht zurückziehen (nur: {may})</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the {side} can retreat once round 1 is over</source>
            <translation>der {side} kann sich erst nach Runde 1 zurückziehen</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>nothing to undo</source>
            <translation>nichts rückgängig zu machen</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>nothing to redo</source>
            <translation>nichts wiederherzustellen</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the undone step starts {stage}, which doesn't follow this battle</source>
            <translation>der rückgängig gemachte Schritt beginnt {stage}, das nicht auf diese Schlacht folgt</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>no battle of the attack follows now</source>
            <translation>jetzt folgt keine Schlacht des Angriffs</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>finish this battle first</source>
            <translation>zuerst diese Schlacht zu Ende kämpfen</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>this battle has {steps:,} steps, the most a saved battle holds; end it here</source>
            <translation>dieser Kampf hat {steps:,} Schritte, so viele, wie ein gespeicherter Kampf höchstens fasst; beenden Sie ihn hier</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>this battle's saved file would grow past {limit:,} bytes, the most a saved battle holds; end it here</source>
            <translation>die Datei dieses Kampfes würde über {limit:,} Bytes wachsen, so viel, wie ein gespeicherter Kampf höchstens fasst; beenden Sie ihn hier</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the scenario's title has {n:,} characters; a battle at the table takes at most {limit}: shorten the title</source>
            <translation>der Titel des Szenarios hat {n:,} Zeichen; ein Kampf am Tisch nimmt höchstens {limit}: kürzen Sie den Titel</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the scenario is too long to fight at the table (more than {limit:,} characters)</source>
            <translation>das Szenario ist zu lang, um es am Tisch auszufechten (mehr als {limit:,} Zeichen)</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the saved battle would be {size:,} bytes, more than the {limit:,} a saved battle holds</source>
            <translation>der gespeicherte Kampf hätte {size:,} Bytes, mehr als die {limit:,}, die ein gespeicherter Kampf fasst</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the players end the battle</source>
            <translation>die Spieler beenden die Schlacht</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the attacker retreats</source>
            <translation>der Angreifer zieht sich zurück</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the defender retreats</source>
            <translation>der Verteidiger zieht sich zurück</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the attacker wins</source>
            <translation>der Angreifer gewinnt</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>the defender wins</source>
            <translation>der Verteidiger gewinnt</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>a draw</source>
            <translation>ein Unentschieden</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>Result: {who} after {rounds} rounds</source>
            <translation>Ergebnis: {who} nach {rounds} Runden</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>Result: {who} after 1 round</source>
            <translation>Ergebnis: {who} nach 1 Runde</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>IPC lost: attacker {attacker:g}, defender {defender:g}</source>
            <translation>IPC verloren: Angreifer {attacker:g}, Verteidiger {defender:g}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>The territory: the counter-attack takes it back</source>
            <translation>Das Gebiet: der Gegenangriff erobert es zurück</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>The territory: the attacker takes it</source>
            <translation>Das Gebiet: der Angreifer nimmt es ein</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>The territory: the attacker holds it against the counter-attack</source>
            <translation>Das Gebiet: der Angreifer hält es gegen den Gegenangriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>The territory: the defender holds it</source>
            <translation>Das Gebiet: der Verteidiger hält es</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>Luck of the {side}'s dice: {hits} hits, {expected:.2f} expected: better than {pct:.0%} of battles with these dice</source>
            <translation>Würfelglück des {side}: {hits} Treffer, {expected:.2f} erwartet: besser als {pct:.0%} der Kämpfe mit diesen Würfeln</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>luck: the {side} rolled {hits} hits ({expected:.2f} expected): better than {pct:.0%} of rolls</source>
            <translation>Glück: der {side} würfelte {hits} Treffer ({expected:.2f} erwartet): besser als {pct:.0%} der Würfe</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>{phase}: the rules decide here, there is nothing to choose (got {choice}); leave the choice empty</source>
            <translation>{phase}: hier entscheiden die Regeln, es gibt nichts zu wählen (erhalten: {choice}); lassen Sie die Wahl leer</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/battle.py" />
            <source>{phase}: can't use the choice {choice} here; write it like the proposal</source>
            <translation>{phase}: die Wahl {choice} passt hier nicht; schreiben Sie sie wie den Vorschlag</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/dice_groups.py" />
            <source>{label}: enter the faces rolled, not a count of hits</source>
            <translation>{label}: die gewürfelten Augen eingeben, nicht die Zahl der Treffer</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/dice_groups.py" />
            <source>{label}: {count} dice score {least} to {most} hits, not {hits}</source>
            <translation>{label}: {count} Würfel erzielen {least} bis {most} Treffer, nicht {hits}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/dice_groups.py" />
            <source>{label}: write how many dice hit, e.g. 2</source>
            <translation>{label}: schreiben, wie viele Würfel treffen, z. B. 2</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/dice_groups.py" />
            <source>{label}: can't read '{word}' as a die</source>
            <translation>{label}: „{word}“ ist kein Würfel</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/dice_groups.py" />
            <source>{label}: expected {count} dice, got {got}</source>
            <translation>{label}: {count} Würfel erwartet, {got} erhalten</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/waves.py" />
            <source>Counter-attack</source>
            <translation>Gegenangriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/waves.py" />
            <source>The attack</source>
            <translation>Der Angriff</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/waves.py" />
            <source>Wave {k} of {n}</source>
            <translation>Welle {k} von {n}</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/waves.py" />
            <source>Fight the counter-attack</source>
            <translation>Den Gegenangriff kämpfen</translation>
        </message>
        <message>
            <location filename="../../combatassist/table/waves.py" />
            <source>Fight wave {k}</source>
            <translation>Welle {k} kämpfen</translation>
        </message>
    </context>
    <context>
        <name>data.lowluck</name>
        <message>
            <source>aa_gun</source>
            <translation>Flak</translation>
        </message>
        <message>
            <source>mech_infantry</source>
            <translation>Mech. Infanterie</translation>
        </message>
        <message>
            <source>tactical_bomber</source>
            <translation>Taktischer Bomber</translation>
        </message>
    </context>
    <context>
        <name>data.mediumluck</name>
        <message>
            <source>mech_infantry</source>
            <translation>Mech. Infanterie</translation>
        </message>
        <message>
            <source>strategic_bomber</source>
            <translation>Strategischer Bomber</translation>
        </message>
        <message>
            <source>tactical_bomber</source>
            <translation>Taktischer Bomber</translation>
        </message>
    </context>
    <context>
        <name>data.agc</name>
        <message>
            <source>anti-air defense</source>
            <translation>Flugabwehr</translation>
        </message>
    </context>
    <context>
        <name>data.ur</name>
        <message>
            <source>bogs</source>
            <translation>Sumpf</translation>
        </message>
        <message>
            <source>city</source>
            <translation>Stadt</translation>
        </message>
        <message>
            <source>hill</source>
            <translation>Hügel</translation>
        </message>
        <message>
            <source>none</source>
            <translation>offenes Gelände</translation>
        </message>
        <message>
            <source>wood</source>
            <translation>Wald</translation>
        </message>
    </context>
    <context>
        <name>data.ds2</name>
        <message>
            <source>GMS cannot damage infantry</source>
            <translation>GMS können Infanterie nicht schaden</translation>
        </message>
        <message>
            <source>HEF has no effect on dug-in vehicles</source>
            <translation>HEF wirkt nicht gegen eingegrabene Fahrzeuge</translation>
        </message>
        <message>
            <source>HKP cannot damage infantry</source>
            <translation>HKP können Infanterie nicht schaden</translation>
        </message>
        <message>
            <source>IAVRs cannot damage infantry</source>
            <translation>IAVR können Infanterie nicht schaden</translation>
        </message>
        <message>
            <source>MAK has no effect on dug-in infantry</source>
            <translation>MAK wirkt nicht gegen eingegrabene Infanterie</translation>
        </message>
        <message>
            <source>ablative</source>
            <translation>ablativ</translation>
        </message>
        <message>
            <source>apfc</source>
            <translation>APFC</translation>
        </message>
        <message>
            <source>close</source>
            <translation>nah</translation>
        </message>
        <message>
            <source>close assault</source>
            <translation>Nahangriff</translation>
        </message>
        <message>
            <source>dug in</source>
            <translation>eingegraben</translation>
        </message>
        <message>
            <source>dug-in</source>
            <translation>eingegraben</translation>
        </message>
        <message>
            <source>firefight</source>
            <translation>Feuergefecht</translation>
        </message>
        <message>
            <source>infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>line</source>
            <translation>Linie</translation>
        </message>
        <message>
            <source>long</source>
            <translation>weit</translation>
        </message>
        <message>
            <source>militia</source>
            <translation>Miliz</translation>
        </message>
        <message>
            <source>open</source>
            <translation>offen</translation>
        </message>
        <message>
            <source>pa</source>
            <translation>Kampfanzug</translation>
        </message>
        <message>
            <source>reactive</source>
            <translation>reaktiv</translation>
        </message>
        <message>
            <source>soft</source>
            <translation>leicht</translation>
        </message>
        <message>
            <source>standard</source>
            <translation>Standard</translation>
        </message>
        <message>
            <source>vehicle</source>
            <translation>Fahrzeuge</translation>
        </message>
    </context>
</TS>
