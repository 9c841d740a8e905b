<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>results</name>
        <message>
            <source>steps</source>
            <translation>Stufen</translation>
        </message>
        <message>
            <source>shot</source>
            <translation>Schuss</translation>
        </message>
        <message>
            <source>raid</source>
            <translation>Angriff</translation>
        </message>
        <message>
            <source>plan</source>
            <translation>Plan</translation>
        </message>
    </context>
    <context>
        <name>table_side</name>
        <message>
            <source>{side} d{sides}</source>
            <translation>{side} W{sides}</translation>
        </message>
        <message>
            <source>Odds from {where}: {outcomes}</source>
            <translation>Chancen ab {where}: {outcomes}</translation>
        </message>
        <message>
            <source>; expected further losses: attacker {attacker}, defender {defender}</source>
            <translation>; erwartete weitere Verluste: Angreifer {attacker}, Verteidiger {defender}</translation>
        </message>
        <message>
            <source>Press on</source>
            <translation>Weiterkämpfen</translation>
        </message>
        <message>
            <source>{Side} retreats now</source>
            <translation>{Side}: Rückzug jetzt</translation>
        </message>
        <message>
            <source>Attacker wins</source>
            <translation>Angreifer gewinnt</translation>
        </message>
        <message>
            <source>Defender wins</source>
            <translation>Verteidiger gewinnt</translation>
        </message>
        <message>
            <source>Draw</source>
            <translation>Unentschieden</translation>
        </message>
        <message>
            <source>IPC still to lose (attacker / defender)</source>
            <translation>Noch zu verlierende IPC (Angreifer / Verteidiger)</translation>
        </message>
        <message>
            <source>Attacker takes the territory</source>
            <translation>Angreifer erobert das Gebiet</translation>
        </message>
        <message>
            <source>Press on or retreat now (exact, from here):</source>
            <translation>Weiterkämpfen oder jetzt zurückziehen (exakt, von hier):</translation>
        </message>
        <message>
            <source>; casualties: {policy} (as on the odds tab)</source>
            <translation>; Verluste: {policy} (wie im Reiter Chancen)</translation>
        </message>
    </context>
    <context>
        <name>views.agc</name>
        <message>
            <source>optional title</source>
            <translation>Titel (optional)</translation>
        </message>
        <message>
            <source>Modifiers per unit type: &lt;b style="color:{plus}"&gt;+ bonus&lt;/b&gt;, &lt;b style="color:{minus}"&gt;− penalty&lt;/b&gt;; ★ a specialised infantry's own terrain (+1). Arrow keys move the choice.</source>
            <translation>Modifikatoren je Einheitentyp: &lt;b style="color:{plus}"&gt;+ Bonus&lt;/b&gt;, &lt;b style="color:{minus}"&gt;− Abzug&lt;/b&gt;; ★ das eigene Gelände einer Spezialinfanterie (+1). Pfeiltasten verschieben die Auswahl.</translation>
        </message>
        <message>
            <source>Terrain</source>
            <translation>Gelände</translation>
        </message>
        <message>
            <source>Forces</source>
            <translation>Streitkräfte</translation>
        </message>
        <message>
            <source>Air support attacks the AAD directly</source>
            <translation>Luftunterstützung greift die Flugabwehr direkt an</translation>
        </message>
        <message>
            <source>Off: in an AAD contest the AAD side is always the victor (unless tied). On: the higher score wins.</source>
            <translation>Aus: in einem Flugabwehr-Duell ist die Seite mit AAD immer Sieger (außer bei Gleichstand). An: die höhere Summe gewinnt.</translation>
        </message>
        <message>
            <source>Anti-air defence</source>
            <translation>Flugabwehr</translation>
        </message>
        <message>
            <source>Title:</source>
            <translation>Titel:</translation>
        </message>
        <message>
            <source>AAD contest: {contests}</source>
            <translation>Flugabwehr-Duell: {contests}</translation>
        </message>
        <message>
            <source>{aad} AAD vs {air} air support</source>
            <translation>AAD des {aad} gegen Luftunterstützung des {air}</translation>
        </message>
        <message>
            <source>No AAD contest: it needs AAD on one side and air support on the other.</source>
            <translation>Kein Flugabwehr-Duell: dafür braucht eine Seite AAD und die andere Luftunterstützung.</translation>
        </message>
        <message>
            <source>&lt;b&gt;AAD contest&lt;/b&gt; ({aad_side} AAD vs {air_side} air support): AAD victor {aad_victor}, air support victor {air_victor}, tie {tie}; expected steps of damage: AAD {aad_steps}, air support {air_steps}</source>
            <translation>&lt;b&gt;Flugabwehr-Duell&lt;/b&gt; (AAD des {aad_side} gegen Luftunterstützung des {air_side}): AAD siegt {aad_victor}, Luftunterstützung siegt {air_victor}, Gleichstand {tie}; erwartete Schadensstufen: AAD {aad_steps}, Luftunterstützung {air_steps}</translation>
        </message>
        <message>
            <source>{side} engineers remove the {terrain} penalties</source>
            <translation>die Pioniere des {side} heben die Abzüge für {terrain} auf</translation>
        </message>
        <message>
            <source>the {side} (air support only, no enemy AAD) takes no ground damage</source>
            <translation>der {side} (nur Luftunterstützung, keine gegnerische AAD) erleidet keinen Bodenschaden</translation>
        </message>
    </context>
    <context>
        <name>views.base</name>
        <message>
            <source>Odds</source>
            <translation>Chancen</translation>
        </message>
        <message>
            <source>At the table</source>
            <translation>Am Tisch</translation>
        </message>
        <message>
            <source>&lt;b&gt;At the table: the battle is over&lt;/b&gt; after 1 round</source>
            <translation>&lt;b&gt;Am Tisch: die Schlacht ist vorbei&lt;/b&gt; nach 1 Runde</translation>
        </message>
        <message numerus="yes">
            <source>&lt;b&gt;At the table: the battle is over&lt;/b&gt; after %n rounds</source>
            <translation>
                <numerusform>&lt;b&gt;Am Tisch: die Schlacht ist vorbei&lt;/b&gt; nach %n Runden</numerusform>
                <numerusform>&lt;b&gt;Am Tisch: die Schlacht ist vorbei&lt;/b&gt; nach %n Runden</numerusform>
            </translation>
        </message>
        <message>
            <source>&lt;b&gt;At the table: round {round}&lt;/b&gt; ({phase})</source>
            <translation>&lt;b&gt;Am Tisch: Runde {round}&lt;/b&gt; ({phase})</translation>
        </message>
        <message>
            <source>{where}. Now: {position}&lt;br&gt;&lt;span style='color:#555'&gt;The set-up below is the battle's start, frozen until the battle is closed.&lt;/span&gt;</source>
            <translation>{where}. Jetzt: {position}&lt;br&gt;&lt;span style='color:#555'&gt;Die Aufstellung unten ist der Beginn der Schlacht, gesperrt, bis die Schlacht geschlossen wird.&lt;/span&gt;</translation>
        </message>
    </context>
    <context>
        <name>views.ds2</name>
        <message>
            <source>(optional)</source>
            <translation>(optional)</translation>
        </message>
        <message>
            <source>The weapon family: its usual abbreviation, spelled out</source>
            <translation>Die Waffenfamilie: ihr übliches Kürzel, ausgeschrieben</translation>
        </message>
        <message>
            <source>Chance to hit:</source>
            <translation>Trefferchance:</translation>
        </message>
        <message>
            <source>The weapon's own to-hit chance (outside the damage system); unticked: the shot hits</source>
            <translation>Die eigene Trefferchance der Waffe (außerhalb des Schadenssystems); nicht angehakt: der Schuss trifft</translation>
        </message>
        <message>
            <source>Weapon</source>
            <translation>Waffe</translation>
        </message>
        <message>
            <source>Family:</source>
            <translation>Familie:</translation>
        </message>
        <message>
            <source>Size class:</source>
            <translation>Größenklasse:</translation>
        </message>
        <message>
            <source>Range band:</source>
            <translation>Entfernung:</translation>
        </message>
        <message>
            <source>Combat:</source>
            <translation>Kampf:</translation>
        </message>
        <message>
            <source>&amp;Vehicle</source>
            <translation>&amp;Fahrzeug</translation>
        </message>
        <message>
            <source>&amp;Infantry</source>
            <translation>&amp;Infanterie</translation>
        </message>
        <message>
            <source>soft-skinned</source>
            <translation>ungepanzert</translation>
        </message>
        <message>
            <source>armour rating {rating}</source>
            <translation>Panzerungswert {rating}</translation>
        </message>
        <message>
            <source>APFC as well</source>
            <translation>zusätzlich APFC</translation>
        </message>
        <message>
            <source>Active point-defence fire control on top of reactive or ablative armour</source>
            <translation>Aktive Punktverteidigung (APFC) zusätzlich zu reaktiver oder ablativer Panzerung</translation>
        </message>
        <message>
            <source>{kind} (armour {rating})</source>
            <translation>{kind} (Panzerung {rating})</translation>
        </message>
        <message>
            <source>Target</source>
            <translation>Ziel</translation>
        </message>
        <message>
            <source>Kind:</source>
            <translation>Art:</translation>
        </message>
        <message>
            <source>Armour:</source>
            <translation>Panzerung:</translation>
        </message>
        <message>
            <source>Armour type:</source>
            <translation>Panzerungsart:</translation>
        </message>
        <message>
            <source>Infantry:</source>
            <translation>Infanterie:</translation>
        </message>
        <message>
            <source>Cover:</source>
            <translation>Deckung:</translation>
        </message>
        <message>
            <source>Title:</source>
            <translation>Titel:</translation>
        </message>
        <message>
            <source> (always)</source>
            <translation> (immer)</translation>
        </message>
        <message>
            <source>APFC on top of reactive or ablative armour; for standard armour with APFC choose “Standard + APFC”</source>
            <translation>APFC zusätzlich zu reaktiver oder ablativer Panzerung; für Standardpanzerung mit APFC „Standard + APFC“ wählen</translation>
        </message>
        <message>
            <source>{weapon} has no size class: the size × armour map is for heavy weapons and artillery.</source>
            <translation>{weapon} hat keine Größenklasse: die Karte Größe × Panzerung gilt für schwere Waffen und Artillerie.</translation>
        </message>
        <message>
            <source>The map shows {weapon} against vehicles; the target now is infantry.</source>
            <translation>Die Karte zeigt {weapon} gegen Fahrzeuge; das Ziel ist jetzt Infanterie.</translation>
        </message>
    </context>
    <context>
        <name>views.lowluck</name>
        <message>
            <source>Plan</source>
            <translation>Planen</translation>
        </message>
        <message>
            <source>scenario title (optional)</source>
            <translation>Szenariotitel (optional)</translation>
        </message>
        <message>
            <source>to the end</source>
            <translation>bis zum Ende</translation>
        </message>
        <message>
            <source>Stop after this many rounds (the rest is 'undecided'); 0 = fight to the end</source>
            <translation>Nach so vielen Kampfrunden aufhören (der Rest ist „offen“); 0 = bis zum Ende kämpfen</translation>
        </message>
        <message>
            <source>Defender has an AA gun</source>
            <translation>Verteidiger hat ein AA-Geschütz</translation>
        </message>
        <message>
            <source>Submarines' first strike</source>
            <translation>Erstangriff der U-Boote</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>The attacker's last land units are its last casualties, so that they can take the territory (land battles; 0 = none)</source>
            <translation>Die letzten Landeinheiten des Angreifers fallen als Letzte, damit sie das Gebiet einnehmen können (Landkämpfe; 0 = keine)</translation>
        </message>
        <message>
            <source>The Axis &amp; Allies edition: its units, their values and costs, and its rules (F1 says them)</source>
            <translation>Die Axis-&amp;-Allies-Edition: ihre Einheiten, deren Werte und Kosten und ihre Regeln (F1 nennt sie)</translation>
        </message>
        <message>
            <source>Battle</source>
            <translation>Schlacht</translation>
        </message>
        <message>
            <source>Title:</source>
            <translation>Titel:</translation>
        </message>
        <message>
            <source>Edition:</source>
            <translation>Edition:</translation>
        </message>
        <message>
            <source>Kind:</source>
            <translation>Art:</translation>
        </message>
        <message>
            <source>Dice:</source>
            <translation>Würfel:</translation>
        </message>
        <message>
            <source>Rounds:</source>
            <translation>Runden:</translation>
        </message>
        <message>
            <source>Land units kept:</source>
            <translation>Behaltene Landeinheiten:</translation>
        </message>
        <message>
            <source>Open edition file…</source>
            <translation>Editionsdatei öffnen …</translation>
        </message>
        <message>
            <source>Open edition file</source>
            <translation>Editionsdatei öffnen</translation>
        </message>
        <message>
            <source>Edition files (*.toml)</source>
            <translation>Editionsdateien (*.toml)</translation>
        </message>
        <message>
            <source>Edition file not opened: {error}</source>
            <translation>Editionsdatei nicht geöffnet: {error}</translation>
        </message>
        <message>
            <source>{edition}: dropped what it doesn't have — {items}</source>
            <translation>{edition}: entfernt, was sie nicht kennt — {items}</translation>
        </message>
        <message>
            <source>{edition}: every unit and option kept</source>
            <translation>{edition}: alle Einheiten und Optionen übernommen</translation>
        </message>
        <message>
            <source>{stage} is over: {fight} (At the table) goes on against what it left.</source>
            <translation>{stage} ist vorbei: {fight} (Am Tisch) kämpft weiter gegen das, was übrig blieb.</translation>
        </message>
        <message>
            <source>{stage} is over, and with it the attack (the whole attack's odds are in Waves and policy).</source>
            <translation>{stage} ist vorbei; damit endet der Angriff (die Chancen des ganzen Angriffs stehen unter Wellen und Rückzug).</translation>
        </message>
        <message>
            <source>{stage} at the table: the counter-attack against the attacker's land units holding the territory.</source>
            <translation>{stage} am Tisch: der Gegenangriff auf die Landeinheiten des Angreifers, die das Gebiet halten.</translation>
        </message>
        <message>
            <source>{stage} at the table; once it is over, the attack's next battle is fought against what it leaves (the whole attack's odds are in Waves and policy).</source>
            <translation>{stage} am Tisch; danach wird die nächste Schlacht des Angriffs gegen das gekämpft, was übrig bleibt (die Chancen des ganzen Angriffs stehen unter Wellen und Rückzug).</translation>
        </message>
        <message>
            <source>Low luck vs standard dice — the same battle</source>
            <translation>Low Luck gegen normale Würfel — dieselbe Schlacht</translation>
        </message>
        <message>
            <source>Attacker wins</source>
            <translation>Angreifer gewinnt</translation>
        </message>
        <message>
            <source>Defender wins</source>
            <translation>Verteidiger gewinnt</translation>
        </message>
        <message>
            <source>Draw</source>
            <translation>Unentschieden</translation>
        </message>
        <message>
            <source>Expected attacker losses</source>
            <translation>Erwartete Verluste Angreifer</translation>
        </message>
        <message>
            <source>Expected defender losses</source>
            <translation>Erwartete Verluste Verteidiger</translation>
        </message>
        <message>
            <source>Low luck vs standard dice</source>
            <translation>Low Luck gegen normale Würfel</translation>
        </message>
        <message>
            <source>Waves and policy</source>
            <translation>Wellen und Rückzug</translation>
        </message>
        <message>
            <source>One wave, retreats by the rules above. Waves and a counter-attack (Waves and counter-attack: Add wave) and retreat policies (Retreat policy) show here.</source>
            <translation>Eine Welle, Rückzug nach den Regeln oben. Wellen und ein Gegenangriff (Wellen und Gegenangriff: Welle hinzufügen) und Rückzugsstrategien (Rückzugsstrategie) erscheinen hier.</translation>
        </message>
        <message>
            <source>Takes the territory</source>
            <translation>Nimmt das Gebiet ein</translation>
        </message>
        <message>
            <source>IPC swing</source>
            <translation>IPC-Saldo</translation>
        </message>
        <message>
            <source>after wave {k}</source>
            <translation>nach Welle {k}</translation>
        </message>
        <message>
            <source>Takes the territory and holds it against the counter-attack: {holds} ({cond} of the times it is taken)</source>
            <translation>Nimmt das Gebiet ein und hält es gegen den Gegenangriff: {holds} ({cond} der Fälle, in denen es eingenommen wird)</translation>
        </message>
        <message>
            <source>Expected IPC with the territory's value: {value}</source>
            <translation>Erwartete IPC mit dem Wert des Gebiets: {value}</translation>
        </message>
        <message>
            <source>At the table:</source>
            <translation>Am Tisch:</translation>
        </message>
        <message>
            <source>Bombing raid</source>
            <translation>Bombenangriff</translation>
        </message>
        <message>
            <source>Research</source>
            <translation>Forschung</translation>
        </message>
    </context>
    <context>
        <name>views.lowluck_plan</name>
        <message>
            <source>Cheapest force (attacker)</source>
            <translation>Billigste Streitmacht (Angreifer)</translation>
        </message>
        <message>
            <source>Defender's view: what to add</source>
            <translation>Sicht des Verteidigers: was hinzufügen</translation>
        </message>
        <message>
            <source>The defender may add at most</source>
            <translation>Der Verteidiger darf höchstens hinzufügen</translation>
        </message>
        <message>
            <source>Plan</source>
            <translation>Planen</translation>
        </message>
        <message>
            <source>%v of %m forces</source>
            <translation>%v von %m Streitmächten</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <source>Stop planning</source>
            <translation>Das Planen abbrechen</translation>
        </message>
        <message>
            <source>The attacker's units on the form are what is available; Plan finds the cheapest force of them that meets the target.</source>
            <translation>Die Einheiten des Angreifers im Formular sind das Verfügbare; Planen findet die billigste Streitmacht daraus, die das Ziel erreicht.</translation>
        </message>
        <message>
            <source>Question:</source>
            <translation>Frage:</translation>
        </message>
        <message>
            <source>Target:</source>
            <translation>Ziel:</translation>
        </message>
        <message>
            <source>At least:</source>
            <translation>Mindestens:</translation>
        </message>
        <message>
            <source>Also show the next cheapest:</source>
            <translation>Auch die nächstbilligsten zeigen:</translation>
        </message>
        <message>
            <source>the attacker wins</source>
            <translation>der Angreifer gewinnt</translation>
        </message>
        <message>
            <source>the attacker takes the territory</source>
            <translation>der Angreifer erobert das Gebiet</translation>
        </message>
        <message>
            <source>the defender holds</source>
            <translation>der Verteidiger hält</translation>
        </message>
        <message>
            <source>What each IPC buys</source>
            <translation>Was jede IPC bringt</translation>
        </message>
        <message>
            <source>IPC</source>
            <translation>IPC</translation>
        </message>
        <message>
            <source>chance (%)</source>
            <translation>Chance (%)</translation>
        </message>
        <message>
            <source>the attacker has no units to choose from</source>
            <translation>der Angreifer hat keine Einheiten zur Auswahl</translation>
        </message>
        <message>
            <source>give the units the defender may add</source>
            <translation>die Einheiten angeben, die der Verteidiger hinzufügen darf</translation>
        </message>
        <message>
            <source>Stopped.</source>
            <translation>Abgebrochen.</translation>
        </message>
        <message>
            <source>planning…</source>
            <translation>plane …</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>nichts</translation>
        </message>
        <message>
            <source>every one of the {n} forces solved</source>
            <translation>alle {n} Streitmächte berechnet</translation>
        </message>
        <message>
            <source>a search: {n} of {total} forces solved, every cheaper one among them</source>
            <translation>eine Suche: {n} von {total} Streitmächten berechnet, jede billigere darunter</translation>
        </message>
        <message>
            <source>a search: {n} of {total} forces solved (the bound stopped it: a cheaper force may exist)</source>
            <translation>eine Suche: {n} von {total} Streitmächten berechnet (die Grenze hat sie beendet: es kann eine billigere geben)</translation>
        </message>
        <message>
            <source>Cheapest force that meets the target</source>
            <translation>Billigste Streitmacht, die das Ziel erreicht</translation>
        </message>
        <message>
            <source>No force meets the target; the closest</source>
            <translation>Keine Streitmacht erreicht das Ziel; die nächste daran</translation>
        </message>
        <message>
            <source>attacker wins {wins}, defender holds {holds}, expected IPC swing {swing}</source>
            <translation>Angreifer gewinnt {wins}, Verteidiger hält {holds}, erwarteter IPC-Saldo {swing}</translation>
        </message>
        <message>
            <source>use</source>
            <translation>verwenden</translation>
        </message>
        <message>
            <source>takes the territory {p}</source>
            <translation>erobert das Gebiet {p}</translation>
        </message>
        <message>
            <source>Next cheapest that meet it:</source>
            <translation>Nächstbillige, die es erreichen:</translation>
        </message>
        <message>
            <source>One more unit:</source>
            <translation>Eine Einheit mehr:</translation>
        </message>
        <message>
            <source>The cheapest force for each chance:</source>
            <translation>Die billigste Streitmacht für jede Chance:</translation>
        </message>
        <message>
            <source>{target} (%)</source>
            <translation>{target} (%)</translation>
        </message>
        <message>
            <source>IPC spent</source>
            <translation>eingesetzte IPC</translation>
        </message>
        <message>
            <source>IPC added</source>
            <translation>hinzugefügte IPC</translation>
        </message>
        <message>
            <source>What each IPC buys (of the forces the search solved)</source>
            <translation>Was jede IPC bringt (unter den Streitmächten, die die Suche berechnet hat)</translation>
        </message>
        <message>
            <source>The attacker on the form is now this force: {force}; the Odds tab answers it.</source>
            <translation>Der Angreifer im Formular ist jetzt diese Streitmacht: {force}; der Tab „Chancen“ rechnet sie.</translation>
        </message>
        <message>
            <source>The defender on the form now has these units added: {force}; the Odds tab answers it.</source>
            <translation>Der Verteidiger im Formular hat jetzt diese Einheiten dazu: {force}; der Tab „Chancen“ rechnet sie.</translation>
        </message>
        <message>
            <source>Put back the units the plan chose from</source>
            <translation>Die Einheiten zurücksetzen, aus denen der Plan gewählt hat</translation>
        </message>
        <message>
            <source>the attacker takes and holds the territory</source>
            <translation>der Angreifer erobert und hält das Gebiet</translation>
        </message>
        <message>
            <source>The attacker's units on the form are what is available for the first wave; the later waves attack as on the form. Plan finds the cheapest first wave that meets the target.</source>
            <translation>Die Einheiten des Angreifers im Formular stehen für die erste Welle zur Verfügung; die späteren Wellen greifen wie im Formular an. Planen findet die billigste erste Welle, die das Ziel erreicht.</translation>
        </message>
        <message>
            <source>Plan finds the cheapest units the defender adds to hold against every wave.</source>
            <translation>Planen findet die billigsten Einheiten, die der Verteidiger hinzufügt, um jeder Welle standzuhalten.</translation>
        </message>
        <message>
            <source>takes and holds it {p}</source>
            <translation>erobert und hält es {p}</translation>
        </message>
    </context>
    <context>
        <name>views.lowluck_waves</name>
        <message>
            <source>Waves and counter-attack</source>
            <translation>Wellen und Gegenangriff</translation>
        </message>
        <message>
            <source>&amp;Add wave</source>
            <translation>&amp;Welle hinzufügen</translation>
        </message>
        <message>
            <source>Another wave after the last: it fights what the defender has left (the attacker's units above are the first wave; 4 waves in all)</source>
            <translation>Eine weitere Welle nach der letzten: sie kämpft gegen das, was dem Verteidiger bleibt (die Einheiten des Angreifers oben sind die erste Welle; höchstens 4 Wellen)</translation>
        </message>
        <message>
            <source>One wave: the attacker above.</source>
            <translation>Eine Welle: der Angreifer oben.</translation>
        </message>
        <message>
            <source>Counter-attack once it is taken</source>
            <translation>Gegenangriff nach der Eroberung</translation>
        </message>
        <message>
            <source>These units attack the territory once it is taken, against the attacker's land units that took it (land battles): the results say the chance to take and hold it</source>
            <translation>Diese Einheiten greifen das Gebiet nach der Eroberung an, gegen die Landeinheiten des Angreifers, die es erobert haben (Landschlachten): die Ergebnisse nennen die Chance, es zu erobern und zu halten</translation>
        </message>
        <message>
            <source>Wave {k}</source>
            <translation>Welle {k}</translation>
        </message>
        <message>
            <source>Remove wave {k}</source>
            <translation>Welle {k} entfernen</translation>
        </message>
        <message>
            <source>Wave 1 is the attacker above; each wave fights what the defender has left.</source>
            <translation>Welle 1 ist der Angreifer oben; jede Welle kämpft gegen das, was dem Verteidiger bleibt.</translation>
        </message>
    </context>
    <context>
        <name>views.mediumluck</name>
        <message>
            <source>optimal play</source>
            <translation>optimales Spiel</translation>
        </message>
        <message>
            <source>heuristic (least combat power lost)</source>
            <translation>Heuristik (geringster Verlust an Kampfkraft)</translation>
        </message>
        <message>
            <source>Casualties: {policy}</source>
            <translation>Verluste: {policy}</translation>
        </message>
        <message>
            <source>scenario title (optional)</source>
            <translation>Szenariotitel (optional)</translation>
        </message>
        <message>
            <source>to the end</source>
            <translation>bis zum Ende</translation>
        </message>
        <message>
            <source>Stop after this many rounds; 0 = fight to the end</source>
            <translation>Nach so vielen Runden aufhören; 0 = bis zum Ende kämpfen</translation>
        </message>
        <message>
            <source>Defender rolls one extra white die</source>
            <translation>Verteidiger: +1 weißer Würfel</translation>
        </message>
        <message>
            <source>The defender rolls one extra white die every round while it has any unit left</source>
            <translation>Der Verteidiger würfelt jede Runde einen weißen Würfel zusätzlich, solange er noch Einheiten hat</translation>
        </message>
        <message>
            <source>A land battle takes no ships; a sea battle only ships and aircraft</source>
            <translation>Eine Landschlacht nimmt keine Schiffe; eine Seeschlacht nur Schiffe und Flugzeuge</translation>
        </message>
        <message>
            <source>d6 dice</source>
            <translation>W6-Würfel</translation>
        </message>
        <message>
            <source>d12 dice</source>
            <translation>W12-Würfel</translation>
        </message>
        <message>
            <source>The dice every band rolls: the source's d6, or its d12 variant (boosts stay +1, so they matter less than numbers)</source>
            <translation>Die Würfel jeder Farbe: die W6 der Quelle oder ihre W12-Variante (Verstärkungen bleiben +1 und zählen daher weniger als viele Einheiten)</translation>
        </message>
        <message>
            <source>Casualties: optimal when it fits</source>
            <translation>Verluste: optimal, wenn es passt</translation>
        </message>
        <message>
            <source>Casualties: optimal</source>
            <translation>Verluste: optimal</translation>
        </message>
        <message>
            <source>Casualties: heuristic (combat power)</source>
            <translation>Verluste: Heuristik (Kampfkraft)</translation>
        </message>
        <message>
            <source>How the figures choose casualties: optimal = each side picks what maximises its chance to win; heuristic = lose what costs least combat power</source>
            <translation>Wie die Zahlen Verluste wählen: optimal = jede Seite wählt, was ihre Siegchance maximiert; Heuristik = verlieren, was am wenigsten Kampfkraft kostet</translation>
        </message>
        <message>
            <source>Reserves</source>
            <translation>Reserven</translation>
        </message>
        <message>
            <source>Each side may hold units back and deploy them into bands between rounds, from round 2 on</source>
            <translation>Jede Seite darf Einheiten zurückhalten und sie ab Runde 2 zwischen den Runden in Bänder einsetzen</translation>
        </message>
        <message>
            <source>Battle</source>
            <translation>Schlacht</translation>
        </message>
        <message>
            <source>Title:</source>
            <translation>Titel:</translation>
        </message>
        <message>
            <source>Rounds:</source>
            <translation>Runden:</translation>
        </message>
        <message>
            <source>Chart:</source>
            <translation>Tabelle:</translation>
        </message>
        <message>
            <source>Colour bands — drag units from the pools into roll or boost slots (or select a chip and press Ctrl+M)</source>
            <translation>Farbbänder — Einheiten aus den Vorräten in die Felder ziehen (oder Plättchen wählen, Strg+M)</translation>
        </message>
        <message>
            <source>The attacker's order of loss at victim's-choice bands: ticked types go first, top first. Drag, or Alt+Up / Alt+Down; Space ticks. Unticked types: least combat power lost first.</source>
            <translation>Verlustreihenfolge des Angreifers in Bändern, in denen das Opfer wählt: angehakte Typen gehen zuerst, von oben. Ziehen oder Alt+Hoch / Alt+Runter; Leertaste hakt an. Nicht angehakte Typen: geringster Kampfkraftverlust zuerst.</translation>
        </message>
        <message>
            <source>The defender's order of loss at victim's-choice bands: ticked types go first, top first. Drag, or Alt+Up / Alt+Down; Space ticks. Unticked types: least combat power lost first.</source>
            <translation>Verlustreihenfolge des Verteidigers in Bändern, in denen das Opfer wählt: angehakte Typen gehen zuerst, von oben. Ziehen oder Alt+Hoch / Alt+Runter; Leertaste hakt an. Nicht angehakte Typen: geringster Kampfkraftverlust zuerst.</translation>
        </message>
        <message>
            <source>Order of loss — tick the unit types each side loses first (victim's choice bands); unticked: least combat power lost</source>
            <translation>Verlustreihenfolge — angehakte Typen gehen zuerst (Wahl des Opfers); sonst geringster Kampfkraftverlust</translation>
        </message>
        <message>
            <source>Attacker's order of loss:</source>
            <translation>Verlustreihenfolge des Angreifers:</translation>
        </message>
        <message>
            <source>Defender's order of loss:</source>
            <translation>Verlustreihenfolge des Verteidigers:</translation>
        </message>
        <message>
            <source>the reconstructed default chart</source>
            <translation>die rekonstruierte Standardtabelle</translation>
        </message>
        <message>
            <source>the attacker has no units</source>
            <translation>der Angreifer hat keine Einheiten</translation>
        </message>
        <message>
            <source>the defender has no units</source>
            <translation>der Verteidiger hat keine Einheiten</translation>
        </message>
        <message>
            <source>add units to its pool and drag them into bands</source>
            <translation>Einheiten in seinen Vorrat holen und in Bänder ziehen</translation>
        </message>
        <message>
            <source>Suggest assignment</source>
            <translation>Aufstellung vorschlagen</translation>
        </message>
        <message>
            <source>for the attacker</source>
            <translation>für den Angreifer</translation>
        </message>
        <message>
            <source>for the defender</source>
            <translation>für den Verteidiger</translation>
        </message>
        <message>
            <source>Apply</source>
            <translation>Übernehmen</translation>
        </message>
        <message>
            <source>Use the selected assignment (undo with Ctrl+Z)</source>
            <translation>Die gewählte Aufstellung übernehmen (rückgängig mit Strg+Z)</translation>
        </message>
        <message>
            <source>%v of %m evaluations</source>
            <translation>%v von %m Bewertungen</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>End the search now and show the best assignments found so far</source>
            <translation>Die Suche jetzt beenden und die besten bisher gefundenen Aufstellungen zeigen</translation>
        </message>
        <message>
            <source>searching for good assignments…</source>
            <translation>suche gute Aufstellungen…</translation>
        </message>
        <message>
            <source>{side} wins {chance} — {assignment}</source>
            <translation>{side} gewinnt {chance} — {assignment}</translation>
        </message>
        <message>
            <source>all idle</source>
            <translation>alle untätig</translation>
        </message>
        <message>
            <source>expected losses: own {own}, enemy {enemy}</source>
            <translation>erwartete Verluste: eigene {own}, gegnerische {enemy}</translation>
        </message>
        <message>
            <source>every one of the {space} assignments compared</source>
            <translation>alle {space} Aufstellungen verglichen</translation>
        </message>
        <message>
            <source>{evaluated} of {space} assignments compared (stopped: the best found so far)</source>
            <translation>{evaluated} von {space} Aufstellungen verglichen (angehalten: die besten bisher gefundenen)</translation>
        </message>
        <message>
            <source>{evaluated} of {space} assignments compared (local search, budget used up)</source>
            <translation>{evaluated} von {space} Aufstellungen verglichen (lokale Suche, Budget aufgebraucht)</translation>
        </message>
        <message>
            <source>{evaluated} of {space} assignments compared (local search)</source>
            <translation>{evaluated} von {space} Aufstellungen verglichen (lokale Suche)</translation>
        </message>
        <message>
            <source>no assignment found ({how})</source>
            <translation>keine Aufstellung gefunden ({how})</translation>
        </message>
        <message>
            <source>Best {count} for the {side}: {how}. Double-click (or Enter) to apply; Ctrl+Z undoes it.</source>
            <translation>Die besten {count} für den {side}: {how}. Doppelklick (oder Enter) übernimmt; Strg+Z macht es rückgängig.</translation>
        </message>
        <message>
            <source>apply the suggested {side} assignment</source>
            <translation>die vorgeschlagene Aufstellung des {side} übernehmen</translation>
        </message>
    </context>
    <context>
        <name>views.ur</name>
        <message>
            <source>Hits each unit takes, in list order, e.g. 'attacker: 1 1 0 1; defender: 0 2 1'.
Hits must be spread evenly; where units tie, the owner picks which one takes it.
A side left out keeps the proposal.</source>
            <translation>Treffer, die jede Einheit nimmt, in der Reihenfolge der Liste, z. B. 'attacker: 1 1 0 1; defender: 0 2 1' (die Seiten englisch: attacker = Angreifer, defender = Verteidiger).
Treffer müssen gleichmäßig verteilt werden; bei Gleichstand wählt der Besitzer, welche Einheit ihn nimmt.
Eine weggelassene Seite behält den Vorschlag.</translation>
        </message>
        <message>
            <source>scenario title (optional)</source>
            <translation>Szenariotitel (optional)</translation>
        </message>
        <message>
            <source>to the end</source>
            <translation>bis zum Ende</translation>
        </message>
        <message>
            <source>Stop after this many rounds (undecided); 0 = fight to the end</source>
            <translation>Nach so vielen Runden aufhören (offen); 0 = bis zum Ende kämpfen</translation>
        </message>
        <message>
            <source>Both sides defend: no melee, only ranged fire.</source>
            <translation>Beide Seiten verteidigen: kein Nahkampf, nur Fernkampf.</translation>
        </message>
        <message>
            <source>Battle</source>
            <translation>Schlacht</translation>
        </message>
        <message>
            <source>Rounds</source>
            <translation>Runden</translation>
        </message>
        <message>
            <source>How each unit rolls at the start of the battle: score = value + d6; a score of 6+ scores one hit, 10+ two, 14+ three. Shaded: hits per face of the die.</source>
            <translation>Wie jede Einheit zu Beginn der Schlacht würfelt: Ergebnis = Wert + W6; ab 6 ein Treffer, ab 10 zwei, ab 14 drei. Schattiert: Treffer je Augenzahl.</translation>
        </message>
        <message>
            <source>Wall what-if</source>
            <translation>Mauer: was wäre, wenn</translation>
        </message>
        <message>
            <source>Rolls</source>
            <translation>Würfe</translation>
        </message>
        <message>
            <source>Now (wall strength {strength}): attacker wins &lt;b&gt;{chance}&lt;/b&gt;. </source>
            <translation>Jetzt (Mauerstärke {strength}): Angreifer gewinnt &lt;b&gt;{chance}&lt;/b&gt;. </translation>
        </message>
        <message>
            <source>Now (no wall): attacker wins &lt;b&gt;{chance}&lt;/b&gt;. </source>
            <translation>Jetzt (keine Mauer): Angreifer gewinnt &lt;b&gt;{chance}&lt;/b&gt;. </translation>
        </message>
        <message>
            <source>The wall is at its last level (strength {strength}): more battering can't lower it.</source>
            <translation>Die Mauer ist auf ihrer letzten Stufe (Stärke {strength}): weiteres Rammen senkt sie nicht mehr.</translation>
        </message>
        <message>
            <source>Battering the wall {steps} more step (to strength {strength}): attacker wins {now} → &lt;b&gt;{then}&lt;/b&gt; ({delta}).</source>
            <translation>Die Mauer {steps} Stufe weiter rammen (auf Stärke {strength}): Angreifer gewinnt {now} → &lt;b&gt;{then}&lt;/b&gt; ({delta}).</translation>
        </message>
        <message>
            <source>Battering the wall {steps} more steps (to strength {strength}): attacker wins {now} → &lt;b&gt;{then}&lt;/b&gt; ({delta}).</source>
            <translation>Die Mauer {steps} Stufen weiter rammen (auf Stärke {strength}): Angreifer gewinnt {now} → &lt;b&gt;{then}&lt;/b&gt; ({delta}).</translation>
        </message>
    </context>
    <context>
        <name>widgets.agc_forces</name>
        <message>
            <source>&lt;b&gt;Unit&lt;/b&gt;</source>
            <translation>&lt;b&gt;Einheit&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;Die&lt;/b&gt;</source>
            <translation>&lt;b&gt;Würfel&lt;/b&gt;</translation>
        </message>
        <message>
            <source>This terrain's modifier for each unit type (before pairings and engineers)</source>
            <translation>Der Modifikator dieses Geländes für jeden Einheitentyp (vor Paarungen und Pionieren)</translation>
        </message>
        <message>
            <source>{unit}: die d{die}; terrain table column: {column}</source>
            <translation>{unit}: Würfel W{die}; Spalte der Geländetabelle: {column}</translation>
        </message>
        <message>
            <source>; infantry with +1 in its own terrain: {terrains}</source>
            <translation>; Infanterie mit +1 im eigenen Gelände: {terrains}</translation>
        </message>
        <message>
            <source>d{die}</source>
            <translation>W{die}</translation>
        </message>
        <message>
            <source>Units</source>
            <translation>Einheiten</translation>
        </message>
        <message>
            <source>Engineers remove the
terrain penalties of:</source>
            <translation>Pioniere heben die
Geländeabzüge auf für:</translation>
        </message>
        <message>
            <source>auto</source>
            <translation>automatisch</translation>
        </message>
        <message>
            <source>Each side's engineers remove the terrain penalties of one allied unit type. Automatic: the type that loses most in this terrain. (Specialised infantry use the infantry column.)</source>
            <translation>Die Pioniere jeder Seite heben die Geländeabzüge eines verbündeten Einheitentyps auf. Automatisch: der Typ, der in diesem Gelände am meisten verliert. (Spezialinfanterie nutzt die Infanteriespalte.)</translation>
        </message>
        <message>
            <source>{unit} in {terrain}: {modifier}</source>
            <translation>{unit} in {terrain}: {modifier}</translation>
        </message>
        <message>
            <source> (its own terrain: +1 included)</source>
            <translation> (eigenes Gelände: +1 eingerechnet)</translation>
        </message>
        <message>
            <source>the {side} has no {units}</source>
            <translation>der {side} hat keine {units}</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>Random force</source>
            <translation>Zufällige Streitmacht</translation>
        </message>
        <message>
            <source>The same N and seed always give the same force</source>
            <translation>Dasselbe N und derselbe Startwert ergeben immer dieselbe Streitmacht</translation>
        </message>
        <message>
            <source>New seed</source>
            <translation>Neuer Startwert</translation>
        </message>
        <message>
            <source>Pick a random seed</source>
            <translation>Einen zufälligen Startwert wählen</translation>
        </message>
        <message>
            <source>Generate</source>
            <translation>Erzeugen</translation>
        </message>
        <message>
            <source>Roll a force of N units for the chosen side</source>
            <translation>Eine Streitmacht aus N Einheiten für die gewählte Seite auswürfeln</translation>
        </message>
        <message>
            <source>Units (N):</source>
            <translation>Einheiten (N):</translation>
        </message>
        <message>
            <source>Seed:</source>
            <translation>Startwert:</translation>
        </message>
        <message>
            <source>Fill:</source>
            <translation>Füllen:</translation>
        </message>
        <message>
            <source>&lt;b&gt;{side}&lt;/b&gt; ({size} units, seed {seed}): {units}</source>
            <translation>&lt;b&gt;{side}&lt;/b&gt; ({size} Einheiten, Startwert {seed}): {units}</translation>
        </message>
    </context>
    <context>
        <name>widgets.agc_lineup</name>
        <message>
            <source>Unit</source>
            <translation>Einheit</translation>
        </message>
        <message>
            <source>Die</source>
            <translation>Würfel</translation>
        </message>
        <message>
            <source>Mod.</source>
            <translation>Mod.</translation>
        </message>
        <message>
            <source>Why</source>
            <translation>Warum</translation>
        </message>
        <message>
            <source>d{sides}</source>
            <translation>W{sides}</translation>
        </message>
        <message>
            <source>{dice}d{sides} keep lowest</source>
            <translation>{dice}W{sides}, der niedrigste zählt</translation>
        </message>
        <message>
            <source>no modifier</source>
            <translation>kein Modifikator</translation>
        </message>
        <message>
            <source> — AAD: only against enemy air support</source>
            <translation> — AAD: nur gegen gegnerische Luftunterstützung</translation>
        </message>
        <message>
            <source>{side}: dice in entry order</source>
            <translation>{side}: Würfel in Eingabereihenfolge</translation>
        </message>
    </context>
    <context>
        <name>widgets.agc_plots</name>
        <message>
            <source>Each side's total (overlaid)</source>
            <translation>Summe jeder Seite (übereinander)</translation>
        </message>
        <message>
            <source>total (points)</source>
            <translation>Summe (Punkte)</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>Margin of victory (higher total : lower)</source>
            <translation>Siegverhältnis (höhere Summe : niedrigere)</translation>
        </message>
        <message>
            <source>band</source>
            <translation>Band</translation>
        </message>
        <message>
            <source>Steps of damage taken</source>
            <translation>Erlittene Schadensstufen</translation>
        </message>
        <message>
            <source>steps of damage</source>
            <translation>Schadensstufen</translation>
        </message>
        <message>
            <source>&lt;b&gt;{label}&lt;/b&gt; {band}: victor {victor}, loser {loser}</source>
            <translation>&lt;b&gt;{label}&lt;/b&gt; {band}: Sieger {victor}, Verlierer {loser}</translation>
        </message>
        <message>
            <source>Totals</source>
            <translation>Summen</translation>
        </message>
        <message>
            <source>Margin of victory</source>
            <translation>Siegverhältnis</translation>
        </message>
        <message>
            <source>Damage</source>
            <translation>Schaden</translation>
        </message>
        <message>
            <source>{side} (mean {mean})</source>
            <translation>{side} (Mittel {mean})</translation>
        </message>
        <message>
            <source>{side} baseline</source>
            <translation>Vergleich {side}</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>Vergleich</translation>
        </message>
        <message>
            <source>attacker victor</source>
            <translation>Angreifer siegt</translation>
        </message>
        <message>
            <source>defender victor</source>
            <translation>Verteidiger siegt</translation>
        </message>
        <message>
            <source>tie</source>
            <translation>Gleichstand</translation>
        </message>
    </context>
    <context>
        <name>widgets.agc_terrain</name>
        <message>
            <source>Terrain</source>
            <translation>Gelände</translation>
        </message>
        <message>
            <source>★ own terrain of: {units} (+1)</source>
            <translation>★ eigenes Gelände von: {units} (+1)</translation>
        </message>
    </context>
    <context>
        <name>widgets.band_facts</name>
        <message>
            <source>any unit</source>
            <translation>alle</translation>
        </message>
        <message>
            <source>air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <source>land</source>
            <translation>Land</translation>
        </message>
        <message>
            <source>sea</source>
            <translation>See</translation>
        </message>
        <message>
            <source>{kind} units only</source>
            <translation>nur {kind}</translation>
        </message>
        <message>
            <source>{units} only</source>
            <translation>nur {units}</translation>
        </message>
        <message>
            <source>&lt;b&gt;{count}&lt;/b&gt; die</source>
            <translation>&lt;b&gt;{count}&lt;/b&gt; Würfel</translation>
        </message>
        <message>
            <source>&lt;b&gt;{count}&lt;/b&gt; dice</source>
            <translation>&lt;b&gt;{count}&lt;/b&gt; Würfel</translation>
        </message>
        <message>
            <source>capped {before}→{cap}</source>
            <translation>begrenzt {before}→{cap}</translation>
        </message>
        <message>
            <source>+1 extra white</source>
            <translation>+1 weißer zusätzlich</translation>
        </message>
        <message>
            <source>boosts {usable} usable</source>
            <translation>Verstärkungen {usable} nutzbar</translation>
        </message>
        <message>
            <source>&lt;span style='color:{colour}'&gt;&lt;b&gt;{wasted} wasted&lt;/b&gt;&lt;/span&gt;</source>
            <translation>&lt;span style='color:{colour}'&gt;&lt;b&gt;{wasted} verschenkt&lt;/b&gt;&lt;/span&gt;</translation>
        </message>
    </context>
    <context>
        <name>widgets.bands_model</name>
        <message>
            <source>roll</source>
            <translation>würfeln</translation>
        </message>
        <message>
            <source>boost</source>
            <translation>verstärken</translation>
        </message>
        <message>
            <source>the pool (idle)</source>
            <translation>der Vorrat (untätig)</translation>
        </message>
        <message>
            <source>{band} {role}</source>
            <translation>{band} {role}</translation>
        </message>
        <message>
            <source>that is the {side}'s unit: it can't change sides</source>
            <translation>das ist eine Einheit des {side}: sie kann nicht die Seite wechseln</translation>
        </message>
        <message>
            <source>there is no place '{place}' here</source>
            <translation>hier gibt es keinen Platz '{place}'</translation>
        </message>
        <message>
            <source>the chart has no unit '{unit}'</source>
            <translation>die Tabelle hat keine Einheit '{unit}'</translation>
        </message>
        <message>
            <source>roll {band}</source>
            <translation>{band} würfeln</translation>
        </message>
        <message>
            <source>boost {band}</source>
            <translation>{band} verstärken</translation>
        </message>
        <message>
            <source>{units} have no role in any band: they stay in the pool (idle)</source>
            <translation>{units} haben in keinem Band eine Aufgabe: sie bleiben im Vorrat (untätig)</translation>
        </message>
        <message>
            <source>{units} can only {places}</source>
            <translation>{units} können nur {places}</translation>
        </message>
        <message>
            <source> or </source>
            <translation> oder </translation>
        </message>
        <message>
            <source>the units are already there</source>
            <translation>die Einheiten sind schon dort</translation>
        </message>
        <message>
            <source>no {units} in {place}</source>
            <translation>keine {units} in {place}</translation>
        </message>
        <message>
            <source>move {count} {unit} to {place}</source>
            <translation>{count} {unit} nach {place} verschieben</translation>
        </message>
        <message>
            <source>add at least one unit</source>
            <translation>mindestens eine Einheit hinzufügen</translation>
        </message>
        <message>
            <source>at most {most} {units} per side</source>
            <translation>höchstens {most} {units} je Seite</translation>
        </message>
        <message>
            <source>add {count} {unit}</source>
            <translation>{count} {unit} hinzufügen</translation>
        </message>
        <message>
            <source>remove {count} {unit}</source>
            <translation>{count} {unit} entfernen</translation>
        </message>
        <message>
            <source>{chip} in {place}. Drag to move (Shift: one unit), or select and press Ctrl+M; Delete sends it out of the battle</source>
            <translation>{chip} in {place}. Ziehen verschiebt (Umschalt: eine Einheit), oder auswählen und Strg+M drücken; Entf nimmt es aus der Schlacht</translation>
        </message>
        <message>
            <source>{chip} in {place}. Drag to move (Shift: one unit), or select and press Ctrl+M; Delete sends it back to the pool</source>
            <translation>{chip} in {place}. Ziehen verschiebt (Umschalt: eine Einheit), oder auswählen und Strg+M drücken; Entf schickt es zurück in den Vorrat</translation>
        </message>
        <message>
            <source>{count} {unit} in {place}</source>
            <translation>{count} {unit} in {place}</translation>
        </message>
        <message>
            <source>only unit chips can be dropped here</source>
            <translation>hier lassen sich nur Einheitenplättchen ablegen</translation>
        </message>
        <message>
            <source>the units are already here</source>
            <translation>die Einheiten sind schon hier</translation>
        </message>
    </context>
    <context>
        <name>widgets.bands_view</name>
        <message>
            <source>The attacker's units that roll this band's dice: one die per 3 units of a type (rounded up), at most the chart's dice per band</source>
            <translation>Die Einheiten des Angreifers, die die Würfel dieses Bandes würfeln: ein Würfel je 3 Einheiten eines Typs (aufgerundet), höchstens die Würfel der Tabelle je Band</translation>
        </message>
        <message>
            <source>The attacker's units that boost this band's dice: +1 to a die per boost, each kind of boost at most once per die</source>
            <translation>Die Einheiten des Angreifers, die die Würfel dieses Bandes verstärken: +1 auf einen Würfel je Verstärkung, jede Art höchstens einmal je Würfel</translation>
        </message>
        <message>
            <source>The defender's units that roll this band's dice: one die per 3 units of a type (rounded up), at most the chart's dice per band</source>
            <translation>Die Einheiten des Verteidigers, die die Würfel dieses Bandes würfeln: ein Würfel je 3 Einheiten eines Typs (aufgerundet), höchstens die Würfel der Tabelle je Band</translation>
        </message>
        <message>
            <source>The defender's units that boost this band's dice: +1 to a die per boost, each kind of boost at most once per die</source>
            <translation>Die Einheiten des Verteidigers, die die Würfel dieses Bandes verstärken: +1 auf einen Würfel je Verstärkung, jede Art höchstens einmal je Würfel</translation>
        </message>
        <message>
            <source>nobody</source>
            <translation>niemand</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>nichts</translation>
        </message>
        <message>
            <source>the side that hit picks the casualties</source>
            <translation>die Seite, die getroffen hat, wählt die Verluste</translation>
        </message>
        <message>
            <source>the side that loses picks its casualties</source>
            <translation>die verlierende Seite wählt ihre Verluste</translation>
        </message>
        <message>
            <source>; with the defender's extra white die option, the defender rolls one more die here</source>
            <translation>; mit der Option des zusätzlichen weißen Würfels würfelt der Verteidiger hier einen mehr</translation>
        </message>
        <message>
            <source>Band {position} ({band}, resolved in chart order): rolled by {rollers}; boosted by {boosts}; its hits may kill {targets}; {chooser}{extra}</source>
            <translation>Band {position} ({band}, in der Reihenfolge der Tabelle): gewürfelt von {rollers}; verstärkt von {boosts}; seine Treffer dürfen {targets} töten; {chooser}{extra}</translation>
        </message>
        <message>
            <source>Move {count} {unit} to</source>
            <translation>{count} {unit} verschieben nach</translation>
        </message>
        <message>
            <source>select a unit chip first</source>
            <translation>zuerst ein Einheitenplättchen auswählen</translation>
        </message>
        <message>
            <source>all</source>
            <translation>alle</translation>
        </message>
        <message>
            <source>How many units one drag or key move carries (all = the whole chip). Shift while dragging carries one.</source>
            <translation>Wie viele Einheiten ein Ziehen oder Tastenzug mitnimmt (alle = das ganze Plättchen). Umschalt beim Ziehen nimmt eine.</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Zurück</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Vor</translation>
        </message>
        <message>
            <source>Undo {step} (Ctrl+Z)</source>
            <translation>Rückgängig: {step} (Strg+Z)</translation>
        </message>
        <message>
            <source>Redo {step} (Ctrl+Shift+Z)</source>
            <translation>Wiederholen: {step} (Strg+Umschalt+Z)</translation>
        </message>
        <message>
            <source>Units per move:</source>
            <translation>Einheiten je Zug:</translation>
        </message>
        <message>
            <source>Attacker's pool (idle units)</source>
            <translation>Vorrat des Angreifers (untätige Einheiten)</translation>
        </message>
        <message>
            <source>Defender's pool (idle units)</source>
            <translation>Vorrat des Verteidigers (untätige Einheiten)</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <source>Bring units into the attacker's pool; then drag them into bands</source>
            <translation>Einheiten in den Vorrat des Angreifers holen; dann in Bänder ziehen</translation>
        </message>
        <message>
            <source>Bring units into the defender's pool; then drag them into bands</source>
            <translation>Einheiten in den Vorrat des Verteidigers holen; dann in Bänder ziehen</translation>
        </message>
        <message>
            <source>at most {most} dice per band and side</source>
            <translation>max. {most} Würfel je Band und Seite</translation>
        </message>
        <message>
            <source>Attacker roll</source>
            <translation>Angreifer&lt;br&gt;würfelt</translation>
        </message>
        <message>
            <source>Attacker boost</source>
            <translation>Angreifer&lt;br&gt;verstärkt</translation>
        </message>
        <message>
            <source>Defender roll</source>
            <translation>Verteidiger&lt;br&gt;würfelt</translation>
        </message>
        <message>
            <source>Defender boost</source>
            <translation>Verteidiger&lt;br&gt;verstärkt</translation>
        </message>
        <message>
            <source>{side} {role}s {band}: {who}</source>
            <translation>{side}, {band} {role}: {who}</translation>
        </message>
        <message>
            <source>nobody may {role} here</source>
            <translation>hier darf niemand {role}</translation>
        </message>
        <message>
            <source>Being resolved at the table. {tip}</source>
            <translation>Wird gerade am Tisch ausgewürfelt. {tip}</translation>
        </message>
        <message>
            <source>&lt;b&gt;winner's choice&lt;/b&gt;</source>
            <translation>&lt;b&gt;Sieger wählt&lt;/b&gt;</translation>
        </message>
        <message>
            <source>victim's choice</source>
            <translation>Opfer wählt</translation>
        </message>
        <message>
            <source>hits: {targets}&lt;br&gt;{chooser}</source>
            <translation>Ziel: {targets}&lt;br&gt;{chooser}</translation>
        </message>
    </context>
    <context>
        <name>widgets.battle_figures</name>
        <message>
            <source>Expected IPC lost: attacker</source>
            <translation>Erwartete IPC-Verluste: Angreifer</translation>
        </message>
        <message>
            <source>Expected IPC lost: defender</source>
            <translation>Erwartete IPC-Verluste: Verteidiger</translation>
        </message>
        <message>
            <source>Expected IPC swing (for the attacker)</source>
            <translation>Erwarteter IPC-Saldo (für den Angreifer)</translation>
        </message>
        <message>
            <source>Takes the territory</source>
            <translation>Nimmt das Gebiet ein</translation>
        </message>
        <message>
            <source>Attacker retreats</source>
            <translation>Angreifer zieht sich zurück</translation>
        </message>
        <message>
            <source>The attacker wins with at least one land unit left (aircraft alone can't take a territory)</source>
            <translation>Der Angreifer gewinnt mit mindestens einer übrigen Landeinheit (Flugzeuge allein können kein Gebiet einnehmen)</translation>
        </message>
        <message>
            <source>Each unit lost counts at its cost in IPC: the costs shown beside the units in the set-up (the edition's)</source>
            <translation>Jede verlorene Einheit zählt mit ihren Kosten in IPC: den Kosten neben den Einheiten in der Aufstellung (denen der Edition)</translation>
        </message>
        <message>
            <source>Defender's IPC lost minus the attacker's (at the units' costs shown in the set-up): positive is good for the attacker</source>
            <translation>Verlorene IPC des Verteidigers minus die des Angreifers (zu den Kosten neben den Einheiten in der Aufstellung): positiv ist gut für den Angreifer</translation>
        </message>
        <message>
            <source>IPC swing (defender's IPC lost − attacker's)</source>
            <translation>IPC-Saldo (Verluste des Verteidigers − des Angreifers)</translation>
        </message>
        <message>
            <source>IPC swing</source>
            <translation>IPC-Saldo</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>attacker gains</source>
            <translation>Angreifer gewinnt IPC</translation>
        </message>
        <message>
            <source>defender gains</source>
            <translation>Verteidiger gewinnt IPC</translation>
        </message>
        <message>
            <source>even</source>
            <translation>ausgeglichen</translation>
        </message>
        <message>
            <source>mean {mean}</source>
            <translation>Mittel {mean}</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>Vergleich</translation>
        </message>
        <message>
            <source>attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <source>defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <source>&lt;b&gt;Most likely ends&lt;/b&gt;&lt;table cellspacing='4'&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align='left'&gt;attacker left&lt;/th&gt;&lt;th align='left'&gt;defender left&lt;/th&gt;&lt;/tr&gt;{rows}&lt;/table&gt;&lt;b&gt;Expected survivors&lt;/b&gt;&lt;br&gt;{survivors}</source>
            <translation>&lt;b&gt;Wahrscheinlichste Ausgänge&lt;/b&gt;&lt;table cellspacing='4'&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align='left'&gt;Angreifer übrig&lt;/th&gt;&lt;th align='left'&gt;Verteidiger übrig&lt;/th&gt;&lt;/tr&gt;{rows}&lt;/table&gt;&lt;b&gt;Erwartete Überlebende&lt;/b&gt;&lt;br&gt;{survivors}</translation>
        </message>
    </context>
    <context>
        <name>widgets.casualty_chips</name>
        <message>
            <source>Click: one more lost; right click or Shift+click: one fewer (keys + and −)</source>
            <translation>Klick: einer mehr verloren; Rechtsklick oder Umschalt+Klick: einer weniger (Tasten + und −)</translation>
        </message>
        <message>
            <source>&lt;b style="color:{colour}"&gt;{side}&lt;/b&gt; loses {taken} of {hits}:</source>
            <translation>&lt;b style="color:{colour}"&gt;{side}&lt;/b&gt; verliert {taken} von {hits}:</translation>
        </message>
    </context>
    <context>
        <name>widgets.count_box</name>
        <message>
            <source>'{text}' is not a count: type a whole number from {least} to {most} (leaving the field keeps {value})</source>
            <translation>'{text}' ist keine Anzahl: geben Sie eine ganze Zahl von {least} bis {most} ein (beim Verlassen des Feldes bleibt {value})</translation>
        </message>
        <message>
            <source>{count} is more than {most}, the most allowed here</source>
            <translation>{count} ist mehr als {most}, das Höchste, was hier erlaubt ist</translation>
        </message>
        <message>
            <source>{count} is less than {least}, the least allowed here</source>
            <translation>{count} ist weniger als {least}, das Mindeste, was hier erlaubt ist</translation>
        </message>
    </context>
    <context>
        <name>widgets.dice_entry</name>
        <message>
            <source>1 sure hit + 1 die, hit on {v} or less</source>
            <translation>1 sicherer Treffer + 1 Würfel, trifft bei {v} oder weniger</translation>
        </message>
        <message numerus="yes">
            <source>%n sure hits + 1 die, hit on {v} or less</source>
            <translation>
                <numerusform>%n sicherer Treffer + 1 Würfel, trifft bei {v} oder weniger</numerusform>
                <numerusform>%n sichere Treffer + 1 Würfel, trifft bei {v} oder weniger</numerusform>
            </translation>
        </message>
        <message>
            <source>1 die, hit on {v} or less</source>
            <translation>1 Würfel, trifft bei {v} oder weniger</translation>
        </message>
        <message numerus="yes">
            <source>%n dice, hit on {v} or less</source>
            <translation>
                <numerusform>%n Würfel, trifft bei {v} oder weniger</numerusform>
                <numerusform>%n Würfel, treffen bei {v} oder weniger</numerusform>
            </translation>
        </message>
        <message>
            <source>1 sure hit, nothing to roll</source>
            <translation>1 sicherer Treffer, nichts zu würfeln</translation>
        </message>
        <message numerus="yes">
            <source>%n sure hits, nothing to roll</source>
            <translation>
                <numerusform>%n sicherer Treffer, nichts zu würfeln</numerusform>
                <numerusform>%n sichere Treffer, nichts zu würfeln</numerusform>
            </translation>
        </message>
        <message>
            <source>Count hits</source>
            <translation>Treffer zählen</translation>
        </message>
        <message>
            <source>Enter how many dice of each group hit instead of their faces (Ctrl+H)</source>
            <translation>Statt der Augen eingeben, wie viele Würfel jeder Gruppe treffen (Strg+H)</translation>
        </message>
        <message>
            <source>hits 0–{n}</source>
            <translation>Treffer 0–{n}</translation>
        </message>
        <message>
            <source>How many of these dice hit</source>
            <translation>Wie viele dieser Würfel treffen</translation>
        </message>
        <message>
            <source>faces, e.g. {example}</source>
            <translation>Augen, z. B. {example}</translation>
        </message>
        <message>
            <source>The faces these dice show, in any order</source>
            <translation>Die Augen dieser Würfel, in beliebiger Reihenfolge</translation>
        </message>
        <message>
            <source>The faces, in this order</source>
            <translation>Die Augen, in dieser Reihenfolge</translation>
        </message>
    </context>
    <context>
        <name>widgets.ds2_heatmap</name>
        <message>
            <source>target armour rating</source>
            <translation>Panzerungswert des Ziels</translation>
        </message>
        <message>
            <source>weapon size class</source>
            <translation>Größenklasse der Waffe</translation>
        </message>
        <message>
            <source>P(kill) (%)</source>
            <translation>P(Zerstörung) (%)</translation>
        </message>
        <message>
            <source>n/a</source>
            <translation>–</translation>
        </message>
    </context>
    <context>
        <name>widgets.ds2_results</name>
        <message>
            <source>close</source>
            <translation>nah</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>mittel</translation>
        </message>
        <message>
            <source>long</source>
            <translation>weit</translation>
        </message>
        <message>
            <source>standard</source>
            <translation>Standard</translation>
        </message>
        <message>
            <source>reactive</source>
            <translation>reaktiv</translation>
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
            <source>soft</source>
            <translation>leicht</translation>
        </message>
        <message>
            <source>dug-in</source>
            <translation>eingegraben</translation>
        </message>
        <message>
            <source>Kill</source>
            <translation>Zerstörung</translation>
        </message>
        <message>
            <source>Mobility</source>
            <translation>Mobilität</translation>
        </message>
        <message>
            <source>Systems down</source>
            <translation>Systemausfall</translation>
        </message>
        <message>
            <source>Damage</source>
            <translation>Beschädigung</translation>
        </message>
        <message>
            <source>No effect (hit)</source>
            <translation>Keine Wirkung (Treffer)</translation>
        </message>
        <message>
            <source>Miss</source>
            <translation>Fehlschuss</translation>
        </message>
        <message>
            <source>Special damage</source>
            <translation>Sonderschaden</translation>
        </message>
        <message>
            <source>No effect</source>
            <translation>Keine Wirkung</translation>
        </message>
        <message>
            <source>Hit</source>
            <translation>Treffer</translation>
        </message>
        <message>
            <source>    mobility</source>
            <translation>    Mobilität</translation>
        </message>
        <message>
            <source>    systems down</source>
            <translation>    Systemausfall</translation>
        </message>
        <message>
            <source>    damage</source>
            <translation>    Beschädigung</translation>
        </message>
        <message>
            <source>No effect (incl. misses)</source>
            <translation>Keine Wirkung (mit Fehlschüssen)</translation>
        </message>
        <message>
            <source>Figure of merit</source>
            <translation>Gütezahl</translation>
        </message>
        <message>
            <source>Pin as baseline</source>
            <translation>Als Vergleich festhalten</translation>
        </message>
        <message>
            <source>Keep this weapon's result and compare the next set-up side by side with it (Ctrl+P)</source>
            <translation>Das Ergebnis dieser Waffe festhalten und die nächste Aufstellung daneben vergleichen (Strg+P)</translation>
        </message>
        <message>
            <source>Copy results</source>
            <translation>Ergebnisse kopieren</translation>
        </message>
        <message>
            <source>The weapon, the target and the shot's odds as plain text, to paste into a forum or a chat (Ctrl+Shift+C)</source>
            <translation>Waffe, Ziel und die Chancen des Schusses als einfacher Text, zum Einfügen in ein Forum oder einen Chat (Strg+Umschalt+C)</translation>
        </message>
        <message>
            <source>&lt;b&gt;Now&lt;/b&gt;</source>
            <translation>&lt;b&gt;Jetzt&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;Baseline&lt;/b&gt;</source>
            <translation>&lt;b&gt;Vergleich&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;Change&lt;/b&gt;</source>
            <translation>&lt;b&gt;Änderung&lt;/b&gt;</translation>
        </message>
        <message>
            <source>How good the shot is, in one number from 0 to 1: the chance of a kill plus half the chance of special damage. Higher is better.</source>
            <translation>Wie gut der Schuss ist, in einer Zahl von 0 bis 1: die Chance auf Zerstörung plus die halbe Chance auf Sonderschaden. Höher ist besser.</translation>
        </message>
        <message>
            <source>One shot: what happens</source>
            <translation>Ein Schuss: was passiert</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>P(kill)</source>
            <translation>P(Zerstörung)</translation>
        </message>
        <message>
            <source>Baseline P(kill)</source>
            <translation>Vergleich P(Zerstörung)</translation>
        </message>
        <message>
            <source>One shot</source>
            <translation>Ein Schuss</translation>
        </message>
        <message>
            <source>P(kill) map</source>
            <translation>P(Zerstörung)-Karte</translation>
        </message>
        <message>
            <source>Unpin baseline</source>
            <translation>Vergleich lösen</translation>
        </message>
        <message>
            <source>baseline: {shot}</source>
            <translation>Vergleich: {shot}</translation>
        </message>
        <message>
            <source>{band} range</source>
            <translation>Entfernung {band}</translation>
        </message>
        <message>
            <source>{armour} armour</source>
            <translation>Panzerung {armour}</translation>
        </message>
        <message>
            <source>{cover} cover</source>
            <translation>Deckung {cover}</translation>
        </message>
        <message>
            <source>hit {chance}</source>
            <translation>Treffer {chance}</translation>
        </message>
    </context>
    <context>
        <name>widgets.loss_order</name>
        <message>
            <source>First lost at the top. Drag, or Alt+Up / Alt+Down</source>
            <translation>Zuerst verloren steht oben. Ziehen oder Alt+Hoch / Alt+Runter</translation>
        </message>
        <message>
            <source>Default</source>
            <translation>Standard</translation>
        </message>
        <message>
            <source>Lose earlier (Alt+Up)</source>
            <translation>Früher verlieren (Alt+Hoch)</translation>
        </message>
        <message>
            <source>Lose later (Alt+Down)</source>
            <translation>Später verlieren (Alt+Runter)</translation>
        </message>
        <message>
            <source>The default order of loss</source>
            <translation>Die Standard-Verlustreihenfolge</translation>
        </message>
    </context>
    <context>
        <name>widgets.lowluck_extras</name>
        <message>
            <source>{title} &lt;span style='color:{colour}'&gt;(the last {subject} computed, not this {subject})&lt;/span&gt;</source>
            <translation>{title} &lt;span style='color:{colour}'&gt;(der zuletzt berechnete Stand ({subject}), nicht der aktuelle)&lt;/span&gt;</translation>
        </message>
        <message>
            <source>AA gun at the target</source>
            <translation>AA-Geschütz am Ziel</translation>
        </message>
        <message>
            <source>Further AA guns flown over on the way (each: hit on 1)</source>
            <translation>Weitere AA-Geschütze, die auf dem Weg überflogen werden (jedes trifft bei 1)</translation>
        </message>
        <message>
            <source>Standard low luck</source>
            <translation>Standard Low Luck</translation>
        </message>
        <message>
            <source>A: set aside 3 IPC/bomber</source>
            <translation>A: 3 IPC je Bomber zurücklegen</translation>
        </message>
        <message>
            <source>B: normal SBR (1d6 per bomber)</source>
            <translation>B: normales SBR (1W6 je Bomber)</translation>
        </message>
        <message>
            <source>C: 3 or 4 per bomber</source>
            <translation>C: 3 oder 4 je Bomber</translation>
        </message>
        <message>
            <source>Heavy bombers</source>
            <translation>Heavy Bombers</translation>
        </message>
        <message>
            <source>Attacker's cash is limited to</source>
            <translation>Bargeld des Angreifers begrenzt auf</translation>
        </message>
        <message>
            <source> IPC</source>
            <translation> IPC</translation>
        </message>
        <message>
            <source>Bombers:</source>
            <translation>Bomber:</translation>
        </message>
        <message>
            <source>Extra AA en route:</source>
            <translation>Zusätzliche AA auf dem Weg:</translation>
        </message>
        <message>
            <source>Variant:</source>
            <translation>Variante:</translation>
        </message>
        <message>
            <source>Defender's loss</source>
            <translation>Verlust des Verteidigers</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>Attacker's cost (bombers lost and bills)</source>
            <translation>Kosten des Angreifers (Bomber und Reparaturen)</translation>
        </message>
        <message>
            <source>Bombing raids here follow Classic's rules and their low-luck variants (a bomber costs 15 IPC, no damage cap). {edition}'s own raid rules are not modelled.</source>
            <translation>Bombenangriffe folgen hier den Regeln der Classic-Ausgabe und ihren Low-Luck-Varianten (ein Bomber kostet 15 IPC, kein Schadenslimit). Die eigenen Angriffsregeln von {edition} sind nicht nachgebildet.</translation>
        </message>
        <message>
            <source>Expected: the defender loses &lt;b&gt;{loss} IPC&lt;/b&gt;, the attacker pays &lt;b&gt;{cost} IPC&lt;/b&gt; (bombers lost on average: {lost}).</source>
            <translation>Erwartet: der Verteidiger verliert &lt;b&gt;{loss} IPC&lt;/b&gt;, der Angreifer zahlt &lt;b&gt;{cost} IPC&lt;/b&gt; (im Mittel verlorene Bomber: {lost}).</translation>
        </message>
        <message>
            <source>P(owning each tech) by round</source>
            <translation>P(Technologie vorhanden) je Runde</translation>
        </message>
        <message>
            <source>Air (Jet power, Long range aircraft, Heavy bombers)</source>
            <translation>Air Tech (Jet Power, Long Range Aircraft, Heavy Bombers)</translation>
        </message>
        <message>
            <source>Industrial (Super subs, Rockets, Industrial technology)</source>
            <translation>IT (Super Subs, Rockets, Industrial Technology)</translation>
        </message>
        <message>
            <source>IPC invested in each round, separated by commas</source>
            <translation>In jeder Runde eingezahlte IPC, durch Kommas getrennt</translation>
        </message>
        <message>
            <source>Branch:</source>
            <translation>Forschungszweig:</translation>
        </message>
        <message>
            <source>Invest per round:</source>
            <translation>Einzahlung je Runde:</translation>
        </message>
        <message>
            <source>Attempt when savings reach:</source>
            <translation>Durchbruchsversuch ab Forschungskapital:</translation>
        </message>
        <message>
            <source>round</source>
            <translation>Runde</translation>
        </message>
        <message>
            <source>{minimum}–{maximum} IPC per round (less than {minimum} loses the savings); attempts at {thresholds}; {cost} IPC per attempt.</source>
            <translation>{minimum}–{maximum} IPC je Runde (weniger als {minimum} kostet das Angesparte); Durchbruchsversuche ab {thresholds}; {cost} IPC je Versuch.</translation>
        </message>
        <message>
            <source>Research here follows Classic's low-luck tech rules and technologies. {edition}'s own research rules are not modelled.</source>
            <translation>Die Forschung folgt hier den Low-Luck-Technologieregeln und Technologien der Classic-Ausgabe. Die eigenen Forschungsregeln von {edition} sind nicht nachgebildet.</translation>
        </message>
        <message>
            <source>investments must be whole numbers separated by commas, e.g. 18, 18, 18 (got '{text}')</source>
            <translation>die Einzahlungen müssen ganze Zahlen sein, durch Kommas getrennt, z. B. 18, 18, 18 (eingegeben: '{text}')</translation>
        </message>
        <message>
            <source>Expected money invested: &lt;b&gt;{money} IPC&lt;/b&gt; over 1 round; project finished by the last round: &lt;b&gt;{done}&lt;/b&gt;.</source>
            <translation>Erwartete Einzahlung: &lt;b&gt;{money} IPC&lt;/b&gt; über 1 Runde; Projekt bis zur letzten Runde abgeschlossen: &lt;b&gt;{done}&lt;/b&gt;.</translation>
        </message>
        <message numerus="yes">
            <source>Expected money invested: &lt;b&gt;{money} IPC&lt;/b&gt; over %n rounds; project finished by the last round: &lt;b&gt;{done}&lt;/b&gt;.</source>
            <translation>
                <numerusform>Erwartete Einzahlung: &lt;b&gt;{money} IPC&lt;/b&gt; über %n Runden; Projekt bis zur letzten Runde abgeschlossen: &lt;b&gt;{done}&lt;/b&gt;.</numerusform>
                <numerusform>Erwartete Einzahlung: &lt;b&gt;{money} IPC&lt;/b&gt; über %n Runden; Projekt bis zur letzten Runde abgeschlossen: &lt;b&gt;{done}&lt;/b&gt;.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>widgets.lowluck_side</name>
        <message>
            <source>Attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <source>Defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <source>land</source>
            <translation>Land</translation>
        </message>
        <message>
            <source>air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <source>sea</source>
            <translation>See</translation>
        </message>
        <message>
            <source>Landed</source>
            <translation>Gelandet</translation>
        </message>
        <message>
            <source>Of these units, how many land from transports (an amphibious assault): they can't retreat</source>
            <translation>Wie viele dieser Einheiten von Transportern landen (amphibischer Angriff): sie können sich nicht zurückziehen</translation>
        </message>
        <message>
            <source>Bombard</source>
            <translation>Beschuss</translation>
        </message>
        <message>
            <source>Ships offshore that bombard the beach in round 1 (as many per unit landed as the edition allows; they can't be hit)</source>
            <translation>Schiffe vor der Küste, die in Runde 1 den Strand beschießen (so viele je gelandeter Einheit, wie die Edition erlaubt; sie können nicht getroffen werden)</translation>
        </message>
        <message>
            <source>Damaged</source>
            <translation>Beschädigt</translation>
        </message>
        <message>
            <source>Of these units, how many start damaged (one more hit sinks them)</source>
            <translation>Wie viele dieser Einheiten beschädigt beginnen (ein weiterer Treffer versenkt sie)</translation>
        </message>
        <message>
            <source>Att</source>
            <translation>Ang</translation>
        </message>
        <message>
            <source>Def</source>
            <translation>Ver</translation>
        </message>
        <message>
            <source>Unit</source>
            <translation>Einheit</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>Kosten</translation>
        </message>
        <message>
            <source>Count</source>
            <translation>Anzahl</translation>
        </message>
        <message>
            <source>This side's attack value: hits on this number or less</source>
            <translation>Angriffswert dieser Seite: trifft bei dieser Zahl oder weniger</translation>
        </message>
        <message>
            <source>This side's defence value: hits on this number or less</source>
            <translation>Verteidigungswert dieser Seite: trifft bei dieser Zahl oder weniger</translation>
        </message>
        <message>
            <source>What a unit costs in IPC: the IPC figures (IPC lost, IPC swing) count these costs</source>
            <translation>Was eine Einheit in IPC kostet: die IPC-Zahlen (verlorene IPC, IPC-Bilanz) rechnen mit diesen Kosten</translation>
        </message>
        <message>
            <source>{cost} IPC</source>
            <translation>{cost} IPC</translation>
        </message>
        <message>
            <source>{unit}: attack {attack}, defence {defence}, cost {cost} IPC ({kind}{hits}); the IPC figures count this cost</source>
            <translation>{unit}: Angriff {attack}, Verteidigung {defence}, Kosten {cost} IPC ({kind}{hits}); die IPC-Zahlen rechnen mit diesen Kosten</translation>
        </message>
        <message>
            <source>, takes two hits</source>
            <translation>, verträgt zwei Treffer</translation>
        </message>
        <message>
            <source>Submarines submerge</source>
            <translation>U-Boote tauchen ab</translation>
        </message>
        <message>
            <source>This side's submarines submerge (leave the battle) while the enemy has no destroyer</source>
            <translation>Die U-Boote dieser Seite tauchen ab (verlassen die Schlacht), solange der Gegner keinen Zerstörer hat</translation>
        </message>
        <message>
            <source>Cheapest first</source>
            <translation>Billigste zuerst</translation>
        </message>
        <message>
            <source>Order of loss (first lost on top):</source>
            <translation>Verlustreihenfolge (zuerst verloren oben):</translation>
        </message>
        <message>
            <source>{count} {unit} ({side})</source>
            <translation>{count} {unit} ({side})</translation>
        </message>
        <message>
            <source>{input} ({side})</source>
            <translation>{input} ({side})</translation>
        </message>
        <message>
            <source>submerging ({side})</source>
            <translation>Abtauchen ({side})</translation>
        </message>
        <message>
            <source>{tech} ({side})</source>
            <translation>{tech} ({side})</translation>
        </message>
        <message>
            <source>the AA gun option (AA guns are units in this edition)</source>
            <translation>die Option Flak (in dieser Edition ist Flak eine Einheit)</translation>
        </message>
        <message>
            <source>wave {k}</source>
            <translation>Welle {k}</translation>
        </message>
        <message>
            <source>counter-attack</source>
            <translation>Gegenangriff</translation>
        </message>
    </context>
    <context>
        <name>widgets.mediumluck_editors</name>
        <message>
            <source>Attacker's reserve</source>
            <translation>Reserve des Angreifers</translation>
        </message>
        <message>
            <source>Defender's reserve</source>
            <translation>Reserve des Verteidigers</translation>
        </message>
        <message>
            <source>Units held back, deployed into bands between rounds (round 2 on)</source>
            <translation>Zurückgehaltene Einheiten, zwischen den Runden in Bänder eingesetzt (ab Runde 2)</translation>
        </message>
        <message>
            <source>Deploy reserves…</source>
            <translation>Reserven einsetzen…</translation>
        </message>
        <message>
            <source>Deploy</source>
            <translation>Einsetzen</translation>
        </message>
        <message>
            <source>Move these reserve units into the band (Enter); they stay there for the rest of the battle</source>
            <translation>Diese Reserveeinheiten in das Band setzen (Enter); sie bleiben dort für den Rest der Schlacht</translation>
        </message>
        <message>
            <source>side</source>
            <translation>Seite</translation>
        </message>
        <message>
            <source>reserve unit</source>
            <translation>Reserveeinheit</translation>
        </message>
        <message>
            <source>how many</source>
            <translation>wie viele</translation>
        </message>
        <message>
            <source>into band</source>
            <translation>in Band</translation>
        </message>
        <message>
            <source>as</source>
            <translation>als</translation>
        </message>
        <message>
            <source>deploy: {what}</source>
            <translation>einsetzen: {what}</translation>
        </message>
        <message>
            <source>into</source>
            <translation>in</translation>
        </message>
        <message>
            <source> of {available}</source>
            <translation> von {available}</translation>
        </message>
    </context>
    <context>
        <name>widgets.retreat_policy</name>
        <message>
            <source>none (the rules above)</source>
            <translation>keine (die Regeln oben)</translation>
        </message>
        <message>
            <source>most IPC (profit)</source>
            <translation>meiste IPC (Gewinn)</translation>
        </message>
        <message>
            <source>strafe: never take the territory</source>
            <translation>Abnutzung: das Gebiet nie einnehmen</translation>
        </message>
        <message>
            <source>Retreat policy</source>
            <translation>Rückzugsstrategie</translation>
        </message>
        <message>
            <source>The attacker's best retreats, exact: most IPC withdraws where fighting on is worth less than leaving (the territory's value counting); strafe kills what it can without ever taking the territory. The results say the policy in words.</source>
            <translation>Die besten Rückzüge des Angreifers, exakt: „meiste IPC“ zieht sich zurück, wo Weiterkämpfen weniger bringt als Abziehen (der Wert des Gebiets zählt mit); „Abnutzung“ vernichtet, was es kann, ohne das Gebiet je einzunehmen. Die Ergebnisse nennen die Strategie in Worten.</translation>
        </message>
        <message>
            <source>What taking the territory is worth to the attacker (most IPC only; negative: it costs to keep)</source>
            <translation>Was die Einnahme des Gebiets dem Angreifer wert ist (nur „meiste IPC“; negativ: es zu halten kostet)</translation>
        </message>
        <message>
            <source>Retreat when only aircraft are left</source>
            <translation>Rückzug, wenn nur noch Flugzeuge übrig sind</translation>
        </message>
        <message>
            <source>Policy:</source>
            <translation>Strategie:</translation>
        </message>
        <message>
            <source>Territory worth:</source>
            <translation>Wert des Gebiets:</translation>
        </message>
    </context>
    <context>
        <name>widgets.retreat_rules</name>
        <message>
            <source>Attacker retreats</source>
            <translation>Angreifer zieht sich zurück</translation>
        </message>
        <message>
            <source>never</source>
            <translation>nie</translation>
        </message>
        <message>
            <source>after round </source>
            <translation>nach Runde </translation>
        </message>
        <message>
            <source>The attacker retreats after this round if the battle is still on: the defender holds. 0 = never</source>
            <translation>Der Angreifer zieht sich nach dieser Runde zurück, wenn die Schlacht noch läuft: der Verteidiger hält. 0 = nie</translation>
        </message>
        <message>
            <source>with </source>
            <translation>mit </translation>
        </message>
        <message>
            <source> units or fewer</source>
            <translation> Einheiten oder weniger</translation>
        </message>
        <message>
            <source>Before a round, the attacker retreats when it has this many units or fewer. 0 = never</source>
            <translation>Vor einer Runde zieht sich der Angreifer zurück, wenn er so viele Einheiten oder weniger hat. 0 = nie</translation>
        </message>
        <message>
            <source>chance to win below </source>
            <translation>Siegchance unter </translation>
        </message>
        <message>
            <source>Before a round, the attacker retreats when its exact chance to win from that position (retreating by these same rules later) is below this. 0 = never</source>
            <translation>Vor einer Runde zieht sich der Angreifer zurück, wenn seine exakte Siegchance aus dieser Stellung (bei späterem Rückzug nach denselben Regeln) darunter liegt. 0 = nie</translation>
        </message>
        <message>
            <source>After a round:</source>
            <translation>Nach einer Runde:</translation>
        </message>
        <message>
            <source>When few are left:</source>
            <translation>Wenn wenige übrig sind:</translation>
        </message>
        <message>
            <source>When the odds drop:</source>
            <translation>Wenn die Chancen sinken:</translation>
        </message>
    </context>
    <context>
        <name>widgets.ur_results</name>
        <message>
            <source>Computing the odds at every wall strength…</source>
            <translation>Berechne die Chancen für jede Mauerstärke…</translation>
        </message>
        <message>
            <source>Outcome at every wall strength</source>
            <translation>Ausgang bei jeder Mauerstärke</translation>
        </message>
        <message>
            <source>wall strength (least damage to reach it, in steps)</source>
            <translation>Mauerstärke (geringster Schaden bis dahin, in Stufen)</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>current wall</source>
            <translation>aktuelle Mauer</translation>
        </message>
        <message>
            <source>no wall</source>
            <translation>keine Mauer</translation>
        </message>
        <message>
            <source>{wall} — outcome at every strength</source>
            <translation>{wall} — Ausgang bei jeder Stärke</translation>
        </message>
        <message>
            <source>What if the defender had an {wall}: outcome at every strength</source>
            <translation>Was wäre, wenn der Verteidiger eine {wall} hätte: Ausgang bei jeder Stärke</translation>
        </message>
        <message>
            <source>Phase</source>
            <translation>Phase</translation>
        </message>
        <message>
            <source>Side</source>
            <translation>Seite</translation>
        </message>
        <message>
            <source>Unit</source>
            <translation>Einheit</translation>
        </message>
        <message>
            <source>Value = base and modifiers</source>
            <translation>Wert = Grundwert und Modifikatoren</translation>
        </message>
        <message>
            <source>Hits for each face of the d6 (score = value + d6: 6+ one hit, 10+ two, 14+ three)</source>
            <translation>Treffer für jede Augenzahl des W6 (Ergebnis = Wert + W6: ab 6 ein Treffer, ab 10 zwei, ab 14 drei)</translation>
        </message>
    </context>
    <context>
        <name>widgets.ur_stack</name>
        <message>
            <source>R{range} M{melee} · {steps} steps</source>
            <translation>F{range} N{melee} · {steps} Stufen</translation>
        </message>
        <message>
            <source>Raider</source>
            <translation>Plünderer</translation>
        </message>
        <message>
            <source>A raiding unit is attached: +1 to this unit's melee rolls</source>
            <translation>Eine Plündererschar ist angeschlossen: +1 auf die Nahkampfwürfe dieser Einheit</translation>
        </message>
        <message>
            <source>Remove this unit</source>
            <translation>Diese Einheit entfernen</translation>
        </message>
        <message>
            <source>Remove unit</source>
            <translation>Einheit entfernen</translation>
        </message>
        <message>
            <source>{unit} ({race}): range {range}, melee {melee} (A: attack only, D: defence only), {left} of {steps} steps left</source>
            <translation>{unit} ({race}): Fernkampf {range}, Nahkampf {melee} (A: nur Angriff, D: nur Verteidigung), {left} von {steps} Stufen übrig</translation>
        </message>
        <message>
            <source>Attack: melee value with attack modifiers; defend: with defence modifiers. Attack-only / defence-only units sit out the other stance</source>
            <translation>Angriff: Nahkampfwert mit Angriffsmodifikatoren; Verteidigung: mit Verteidigungsmodifikatoren. Einheiten nur für Angriff bzw. nur für Verteidigung setzen in der anderen Haltung aus</translation>
        </message>
        <message>
            <source>Add unit</source>
            <translation>Einheit hinzufügen</translation>
        </message>
        <message>
            <source>At most {most} units per side (the stacking limit)</source>
            <translation>Höchstens {most} Einheiten je Seite (die Stapelgrenze)</translation>
        </message>
        <message>
            <source>never</source>
            <translation>nie</translation>
        </message>
        <message>
            <source> steps</source>
            <translation> Stufen</translation>
        </message>
        <message>
            <source>Retreat before a round when this side's steps left are at or below this (retreating loses the battle)</source>
            <translation>Vor einer Runde zurückziehen, wenn die verbliebenen Stufen dieser Seite höchstens so viele sind (wer sich zurückzieht, verliert die Schlacht)</translation>
        </message>
        <message>
            <source>Magic: ± to this side's melee rolls</source>
            <translation>Magie: ± auf die Nahkampfwürfe dieser Seite</translation>
        </message>
        <message>
            <source>Moving toward archers</source>
            <translation>Bewegt sich auf Bogenschützen zu</translation>
        </message>
        <message>
            <source>The attacker moves toward the defender's archers: the defender's ranged rolls get +1</source>
            <translation>Der Angreifer bewegt sich auf die Bogenschützen des Verteidigers zu: dessen Fernkampfwürfe erhalten +1</translation>
        </message>
        <message>
            <source>The defender's terrain: attacks on it −1, its defence +1</source>
            <translation>Das Gelände des Verteidigers: Angriffe darauf −1, seine Verteidigung +1</translation>
        </message>
        <message>
            <source>River</source>
            <translation>Fluss</translation>
        </message>
        <message>
            <source>Behind a river: attacks on the position −2, its defence +2</source>
            <translation>Hinter einem Fluss: Angriffe auf die Stellung −2, ihre Verteidigung +2</translation>
        </message>
        <message>
            <source>Dwarf hill</source>
            <translation>Zwergenhügel</translation>
        </message>
        <message>
            <source>Dwarves on a hill: +1 to attacks on the position and +1 to its defence</source>
            <translation>Zwerge auf einem Hügel: +1 auf Angriffe auf die Stellung und +1 auf ihre Verteidigung</translation>
        </message>
        <message>
            <source>Stance:</source>
            <translation>Haltung:</translation>
        </message>
        <message>
            <source>Retreat at ≤</source>
            <translation>Rückzug bei ≤</translation>
        </message>
        <message>
            <source>Magic</source>
            <translation>Magie</translation>
        </message>
        <message>
            <source>Terrain</source>
            <translation>Gelände</translation>
        </message>
        <message>
            <source>{count}/{most} units · {steps} steps</source>
            <translation>{count}/{most} Einheiten · {steps} Stufen</translation>
        </message>
        <message>
            <source>Sits out the melee while attacking: {units}</source>
            <translation>Setzt beim Angriff im Nahkampf aus: {units}</translation>
        </message>
        <message>
            <source>Sits out the melee while defending: {units}</source>
            <translation>Setzt bei der Verteidigung im Nahkampf aus: {units}</translation>
        </message>
        <message>
            <source>No units: this side has lost before the battle starts.</source>
            <translation>Keine Einheiten: diese Seite hat verloren, bevor die Schlacht beginnt.</translation>
        </message>
    </context>
    <context>
        <name>widgets.ur_steps</name>
        <message>
            <source>{left} of {steps} steps left</source>
            <translation>{left} von {steps} Stufen übrig</translation>
        </message>
        <message>
            <source>Click a pip to set the steps left; Left/Right (or -/+) change them by one</source>
            <translation>Ein Feld anklicken setzt die übrigen Stufen; Links/Rechts (oder -/+) ändern sie um eins</translation>
        </message>
    </context>
    <context>
        <name>widgets.ur_wall</name>
        <message>
            <source>trebuchet</source>
            <translation>Tribock</translation>
        </message>
        <message>
            <source>dragon</source>
            <translation>Drache</translation>
        </message>
        <message>
            <source>magic</source>
            <translation>Magie</translation>
        </message>
        <message>
            <source>Trebuchet</source>
            <translation>Tribock</translation>
        </message>
        <message>
            <source>Dragon</source>
            <translation>Drache</translation>
        </message>
        <message>
            <source>Magic</source>
            <translation>Magie</translation>
        </message>
        <message>
            <source>strength {strength}</source>
            <translation>Stärke {strength}</translation>
        </message>
        <message>
            <source>Wall (defender's position)</source>
            <translation>Mauer (Stellung des Verteidigers)</translation>
        </message>
        <message>
            <source>No wall</source>
            <translation>Keine Mauer</translation>
        </message>
        <message>
            <source>The wall the defender stands on: its strength is added to the defender's shooting and defence and taken off attacks on it</source>
            <translation>Die Mauer, auf der der Verteidiger steht: ihre Stärke zählt zu seinem Fernkampf und seiner Verteidigung und wird von Angriffen auf ihn abgezogen</translation>
        </message>
        <message>
            <source>Click a level to set the wall there</source>
            <translation>Eine Stufe anklicken setzt die Mauer dorthin</translation>
        </message>
        <message>
            <source> step</source>
            <translation> Stufe</translation>
        </message>
        <message>
            <source>Steps of wall damage to add or remove</source>
            <translation>Stufen Mauerschaden, die hinzukommen oder wegfallen</translation>
        </message>
        <message>
            <source>What damaged the wall (kept in the history)</source>
            <translation>Was die Mauer beschädigt hat (steht im Verlauf)</translation>
        </message>
        <message>
            <source>Add damage</source>
            <translation>Schaden eintragen</translation>
        </message>
        <message>
            <source>Record wall damage (trebuchet, dragon, magic)</source>
            <translation>Mauerschaden eintragen (Tribock, Drache, Magie)</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <source>Take back recorded wall damage (a correction)</source>
            <translation>Eingetragenen Mauerschaden zurücknehmen (eine Korrektur)</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Rückgängig</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Wiederholen</translation>
        </message>
        <message>
            <source>Wall damage recorded, oldest first</source>
            <translation>Eingetragener Mauerschaden, der älteste zuerst</translation>
        </message>
        <message>
            <source>Kind:</source>
            <translation>Art:</translation>
        </message>
        <message>
            <source>−{steps} correction</source>
            <translation>−{steps} Korrektur</translation>
        </message>
        <message>
            <source>+{steps} set to strength {strength}</source>
            <translation>+{steps} auf Stärke {strength} gesetzt</translation>
        </message>
        <message>
            <source>−{steps} set to strength {strength}</source>
            <translation>−{steps} auf Stärke {strength} gesetzt</translation>
        </message>
        <message>
            <source>last level: it can't be removed</source>
            <translation>letzte Stufe: sie lässt sich nicht entfernen</translation>
        </message>
        <message>
            <source>{taken} of {level} steps taken at this level, &lt;b&gt;{left}&lt;/b&gt; more to strength {lower}</source>
            <translation>{taken} von {level} Stufen dieser Ebene genommen, noch &lt;b&gt;{left}&lt;/b&gt; bis Stärke {lower}</translation>
        </message>
        <message>
            <source>&lt;b&gt;Strength {strength}&lt;/b&gt; · {damage} step of damage · {tail}</source>
            <translation>&lt;b&gt;Stärke {strength}&lt;/b&gt; · {damage} Schadensstufe · {tail}</translation>
        </message>
        <message>
            <source>&lt;b&gt;Strength {strength}&lt;/b&gt; · {damage} steps of damage · {tail}</source>
            <translation>&lt;b&gt;Stärke {strength}&lt;/b&gt; · {damage} Schadensstufen · {tail}</translation>
        </message>
        <message>
            <source>{change} → strength {strength}</source>
            <translation>{change} → Stärke {strength}</translation>
        </message>
        <message>
            <source> steps</source>
            <translation> Stufen</translation>
        </message>
        <message>
            <source>The wall is at its last level: strength 1 can't be removed</source>
            <translation>Die Mauer ist auf ihrer letzten Stufe: Stärke 1 lässt sich nicht entfernen</translation>
        </message>
    </context>
</TS>
