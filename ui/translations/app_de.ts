<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>CrashHandler</name>
        <message>
            <source>Something went wrong</source>
            <translation>Etwas ist schiefgegangen</translation>
        </message>
        <message>
            <source>Combat Assistant hit an unexpected problem and carried on:

{summary}

Your battle in progress is saved. Details were written to
{log}</source>
            <translation>Combat Assistant ist auf ein unerwartetes Problem gestoßen und hat weitergemacht:

{summary}

Die laufende Schlacht ist gespeichert. Die Einzelheiten stehen in
{log}</translation>
        </message>
    </context>
    <context>
        <name>ExamplesMenu</name>
        <message>
            <source>Open {file} as a new scenario</source>
            <translation>{file} als neues Szenario öffnen</translation>
        </message>
        <message>
            <source>(no examples installed)</source>
            <translation>(keine Beispiele installiert)</translation>
        </message>
    </context>
    <context>
        <name>LanguageMenu</name>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Sprache</translation>
        </message>
        <message>
            <source>Show Combat Assistant in {language}</source>
            <translation>Combat Assistant auf {language} anzeigen</translation>
        </message>
        <message>
            <source>The language changes when Combat Assistant starts again.</source>
            <translation>Die Sprache wechselt beim nächsten Start von Combat Assistant.</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Scenario files (*.toml);;All files (*)</source>
            <translation>Szenariodateien (*.toml);;Alle Dateien (*)</translation>
        </message>
        <message numerus="yes">
            <source>%n saved battles could not be resumed and were set aside (kept in {folder}; the At the table tabs say why).</source>
            <translation>
                <numerusform>%n gespeicherte Schlacht konnte nicht fortgesetzt werden und wurde beiseitegelegt (aufbewahrt in {folder}; die Reiter „Am Tisch“ sagen, warum).</numerusform>
                <numerusform>%n gespeicherte Schlachten konnten nicht fortgesetzt werden und wurden beiseitegelegt (aufbewahrt in {folder}; die Reiter „Am Tisch“ sagen, warum).</numerusform>
            </translation>
        </message>
        <message>
            <source>Ready</source>
            <translation>Bereit</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <source>&amp;New</source>
            <translation>&amp;Neu</translation>
        </message>
        <message>
            <source>Start this ruleset's default scenario</source>
            <translation>Das Standardszenario dieses Regelwerks beginnen</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>Ö&amp;ffnen…</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>&amp;Speichern</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>Speichern &amp;unter…</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>&amp;Zuletzt geöffnet</translation>
        </message>
        <message>
            <source>Open E&amp;xample</source>
            <translation>&amp;Beispiel öffnen</translation>
        </message>
        <message>
            <source>Export results (&amp;CSV)…</source>
            <translation>Ergebnisse exportieren (&amp;CSV)…</translation>
        </message>
        <message>
            <source>Export &amp;plot (PNG)…</source>
            <translation>&amp;Diagramm exportieren (PNG)…</translation>
        </message>
        <message>
            <source>&amp;Copy results</source>
            <translation>Ergebnisse &amp;kopieren</translation>
        </message>
        <message>
            <source>Title, forces, options, odds, IPC and likely ends as plain text, to paste into a forum or a chat</source>
            <translation>Titel, Streitkräfte, Optionen, Chancen, IPC und wahrscheinliche Ausgänge als Text, zum Einfügen in ein Forum oder einen Chat</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <source>&amp;Rulesets</source>
            <translation>&amp;Regelwerke</translation>
        </message>
        <message>
            <source>&amp;Battle</source>
            <translation>&amp;Schlacht</translation>
        </message>
        <message>
            <source>&amp;Fight this battle at the table</source>
            <translation>Diese Schlacht am &amp;Tisch austragen</translation>
        </message>
        <message>
            <source>&amp;Pin / unpin baseline</source>
            <translation>&amp;Vergleichswert festhalten / lösen</translation>
        </message>
        <message>
            <source>&amp;Recompute now</source>
            <translation>Jetzt &amp;neu berechnen</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <source>&amp;Rules of this ruleset</source>
            <translation>&amp;Regeln dieses Regelwerks</translation>
        </message>
        <message>
            <source>&amp;About Combat Assistant</source>
            <translation>Ü&amp;ber Combat Assistant</translation>
        </message>
        <message>
            <source>Untitled</source>
            <translation>Unbenannt</translation>
        </message>
        <message>
            <source>the {ruleset} scenario</source>
            <translation>dem {ruleset}-Szenario</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>Ungespeicherte Änderungen</translation>
        </message>
        <message>
            <source>Save the changes to {name}?</source>
            <translation>Die Änderungen an {name} speichern?</translation>
        </message>
        <message>
            <source>Can't {what}</source>
            <translation>Nicht möglich: {what}</translation>
        </message>
        <message>
            <source>The {ruleset} battle is being fought at the table, and its set-up stays frozen until the battle is closed. Close it first (At the table → Close battle), then {what} again.</source>
            <translation>Am Tisch wird gerade die {ruleset}-Schlacht ausgetragen; ihre Aufstellung bleibt gesperrt, bis die Schlacht geschlossen ist. Schließen Sie sie zuerst (Am Tisch → Schließen) und versuchen Sie dann erneut: {what}.</translation>
        </message>
        <message>
            <source>The {ruleset} battle at the table was not finished ({summary}). Resume it where it was?</source>
            <translation>Die {ruleset}-Schlacht am Tisch wurde nicht beendet ({summary}). Dort weitermachen, wo sie stand?</translation>
        </message>
        <message>
            <source>over: {verdict}</source>
            <translation>vorbei: {verdict}</translation>
        </message>
        <message>
            <source>not finished</source>
            <translation>nicht beendet</translation>
        </message>
        <message>
            <source>{ruleset} ({state}): {summary}</source>
            <translation>{ruleset} ({state}): {summary}</translation>
        </message>
        <message numerus="yes">
            <source>%n battles at the table are waiting:</source>
            <translation>
                <numerusform>%n Schlacht am Tisch wartet:</numerusform>
                <numerusform>%n Schlachten am Tisch warten:</numerusform>
            </translation>
        </message>
        <message>
            <source>Resume them all?
No: the unfinished ones are offered again at the next start; the finished ones are discarded.</source>
            <translation>Alle fortsetzen?
Nein: die nicht beendeten werden beim nächsten Start wieder angeboten, die beendeten verworfen.</translation>
        </message>
        <message>
            <source>{name} ({tab} tab)</source>
            <translation>{name} (Reiter {tab})</translation>
        </message>
        <message>
            <source>&lt;p&gt;These scenarios have unsaved changes:&lt;/p&gt;&lt;ul&gt;{names}&lt;/ul&gt;&lt;p&gt;Save them before quitting?&lt;/p&gt;</source>
            <translation>&lt;p&gt;Diese Szenarien haben ungespeicherte Änderungen:&lt;/p&gt;&lt;ul&gt;{names}&lt;/ul&gt;&lt;p&gt;Vor dem Beenden speichern?&lt;/p&gt;</translation>
        </message>
        <message>
            <source>untitled {ruleset} scenario</source>
            <translation>unbenanntes {ruleset}-Szenario</translation>
        </message>
        <message>
            <source>start a new scenario</source>
            <translation>Neues Szenario beginnen</translation>
        </message>
        <message>
            <source>Open scenario</source>
            <translation>Szenario öffnen</translation>
        </message>
        <message>
            <source>Can't open the scenario</source>
            <translation>Das Szenario kann nicht geöffnet werden</translation>
        </message>
        <message>
            <source>{path}: the {ruleset} ruleset has no view in the app (the command line computes it: combatassist odds FILE)</source>
            <translation>{path}: für das Regelwerk {ruleset} hat die App keine Ansicht (die Kommandozeile berechnet es: combatassist odds DATEI)</translation>
        </message>
        <message>
            <source>&lt;p&gt;Exact combat odds for wargame rulesets: {rulesets}.&lt;/p&gt;&lt;p&gt;Odds are computed exactly (never sampled); the table-side mode resolves your real dice with the same rules code.&lt;/p&gt;</source>
            <translation>&lt;p&gt;Exakte Kampfchancen für Tabletop-Regelwerke: {rulesets}.&lt;/p&gt;&lt;p&gt;Die Chancen werden exakt berechnet (nie durch Stichproben); der Tischmodus wertet Ihre echten Würfel mit demselben Regelcode aus.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>open the scenario</source>
            <translation>Szenario öffnen</translation>
        </message>
        <message>
            <source>Opened {path}</source>
            <translation>{path} geöffnet</translation>
        </message>
        <message>
            <source>Opened the example {name}; Save asks where to keep your copy</source>
            <translation>Beispiel {name} geöffnet; Speichern fragt, wo Ihre Kopie hin soll</translation>
        </message>
        <message>
            <source>Save scenario</source>
            <translation>Szenario speichern</translation>
        </message>
        <message>
            <source>Can't save the scenario</source>
            <translation>Das Szenario kann nicht gespeichert werden</translation>
        </message>
        <message>
            <source>Saved {path}</source>
            <translation>{path} gespeichert</translation>
        </message>
        <message>
            <source>Nothing to export</source>
            <translation>Nichts zu exportieren</translation>
        </message>
        <message>
            <source>There is no result to export yet.</source>
            <translation>Es gibt noch kein Ergebnis zum Exportieren.</translation>
        </message>
        <message>
            <source>Export results</source>
            <translation>Ergebnisse exportieren</translation>
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation>CSV-Dateien (*.csv)</translation>
        </message>
        <message>
            <source>Can't export</source>
            <translation>Export nicht möglich</translation>
        </message>
        <message>
            <source>Exported {path}</source>
            <translation>{path} exportiert</translation>
        </message>
        <message>
            <source>Export plot</source>
            <translation>Diagramm exportieren</translation>
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation>PNG-Bilder (*.png)</translation>
        </message>
        <message>
            <source>{path}: the image could not be written</source>
            <translation>{path}: das Bild konnte nicht geschrieben werden</translation>
        </message>
        <message>
            <source>Nothing to copy</source>
            <translation>Nichts zu kopieren</translation>
        </message>
        <message>
            <source>There is no result to copy yet.</source>
            <translation>Es gibt noch kein Ergebnis zum Kopieren.</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>(keine)</translation>
        </message>
        <message>
            <source>Clear list</source>
            <translation>Liste leeren</translation>
        </message>
        <message>
            <source>The {ruleset} battle at the table is over ({verdict}, {summary}) but was not closed. Show it again?
No: it is discarded.</source>
            <translation>Die {ruleset}-Schlacht am Tisch ist vorbei ({verdict}, {summary}), wurde aber nicht geschlossen. Wieder anzeigen?
Nein: sie wird verworfen.</translation>
        </message>
        <message>
            <source>Resume battle?</source>
            <translation>Schlacht fortsetzen?</translation>
        </message>
        <message>
            <source>{ruleset} battle</source>
            <translation>{ruleset}-Schlacht</translation>
        </message>
        <message>
            <source>{title} (resumed battle)</source>
            <translation>{title} (fortgesetzte Schlacht)</translation>
        </message>
        <message>
            <source>Rules — {ruleset}</source>
            <translation>Regeln — {ruleset}</translation>
        </message>
        <message>
            <source>About {app}</source>
            <translation>Über {app}</translation>
        </message>
    </context>
    <context>
        <name>engine_text</name>
        <message>
            <source>{side}'s {name}</source>
            <translation>{name} ({side})</translation>
        </message>
    </context>
    <context>
        <name>results</name>
        <message>
            <source>Attacker wins</source>
            <translation>Angreifer gewinnt</translation>
        </message>
        <message>
            <source>Draw</source>
            <translation>Unentschieden</translation>
        </message>
        <message>
            <source>Undecided</source>
            <translation>Offen</translation>
        </message>
        <message>
            <source>Defender wins</source>
            <translation>Verteidiger gewinnt</translation>
        </message>
        <message>
            <source>units</source>
            <translation>Einheiten</translation>
        </message>
        <message>
            <source>steps of damage</source>
            <translation>Schadensstufen</translation>
        </message>
        <message>
            <source>steps</source>
            <translation>Stufen</translation>
        </message>
        <message>
            <source>{delta} pts</source>
            <translation>{delta} Pkt.</translation>
        </message>
        <message>
            <source>set-up</source>
            <translation>Aufstellung</translation>
        </message>
        <message>
            <source>Stopped. Edit the set-up, or press F5, to compute again.</source>
            <translation>Angehalten. Ändern Sie die Aufstellung oder drücken Sie F5, um neu zu rechnen.</translation>
        </message>
        <message>
            <source>The figures shown (greyed) are from the previous {subject}.</source>
            <translation>Die grau gezeigten Zahlen stammen noch von der vorherigen Berechnung ({subject}).</translation>
        </message>
        <message>
            <source>Results copied: paste them into a forum or a chat</source>
            <translation>Ergebnisse kopiert: in ein Forum oder einen Chat einfügen</translation>
        </message>
        <message>
            <source>Computing…</source>
            <translation>Rechne…</translation>
        </message>
        <message>
            <source>The figures below are still those of the last {subject} that could be computed.</source>
            <translation>Die Zahlen unten gehören noch zur letzten Aufstellung, die sich berechnen ließ ({subject}).</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>Stop computing (Esc); an edit or F5 computes again</source>
            <translation>Berechnung anhalten (Esc); eine Änderung oder F5 rechnet neu</translation>
        </message>
        <message>
            <source>Undecided (round limit)</source>
            <translation>Offen (Rundengrenze)</translation>
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
            <source>Expected rounds</source>
            <translation>Erwartete Runden</translation>
        </message>
        <message>
            <source>Pin as baseline</source>
            <translation>Als Vergleich festhalten</translation>
        </message>
        <message>
            <source>Keep this result and compare every later change against it</source>
            <translation>Dieses Ergebnis festhalten und jede spätere Änderung damit vergleichen</translation>
        </message>
        <message>
            <source>Copy results</source>
            <translation>Ergebnisse kopieren</translation>
        </message>
        <message>
            <source>Title, forces, options, odds, IPC and likely ends as plain text, to paste into a forum or a chat (Ctrl+Shift+C)</source>
            <translation>Titel, Streitkräfte, Optionen, Chancen, IPC und wahrscheinliche Ausgänge als Text, zum Einfügen in ein Forum oder einen Chat (Strg+Umschalt+C)</translation>
        </message>
        <message>
            <source>Losses at the end of the battle</source>
            <translation>Verluste am Ende der Schlacht</translation>
        </message>
        <message>
            <source>{unit} lost</source>
            <translation>verlorene {unit}</translation>
        </message>
        <message>
            <source>probability (%)</source>
            <translation>Wahrsch. (%)</translation>
        </message>
        <message>
            <source>Battle decided by round N</source>
            <translation>Schlacht entschieden bis Runde N</translation>
        </message>
        <message>
            <source>round N</source>
            <translation>Runde N</translation>
        </message>
        <message>
            <source>Losses</source>
            <translation>Verluste</translation>
        </message>
        <message>
            <source>Rounds</source>
            <translation>Runden</translation>
        </message>
        <message>
            <source>IPC swing</source>
            <translation>IPC-Saldo</translation>
        </message>
        <message>
            <source>Likely ends</source>
            <translation>Wahrscheinliche Ausgänge</translation>
        </message>
        <message>
            <source>exact</source>
            <translation>exakt</translation>
        </message>
        <message>
            <source>simulated, {trials} trials</source>
            <translation>simuliert, {trials} Durchläufe</translation>
        </message>
        <message>
            <source>stalemate {share} (counted as draw)</source>
            <translation>Patt {share} (zählt als Unentschieden)</translation>
        </message>
        <message>
            <source>Worked out over {count} possible positions of the battle.</source>
            <translation>Über {count} mögliche Stellungen der Schlacht berechnet.</translation>
        </message>
        <message>
            <source>Chances too small to matter left out: {mass} in all.</source>
            <translation>Zu kleine Wahrscheinlichkeiten weggelassen: insgesamt {mass}.</translation>
        </message>
        <message>
            <source>No battle: {why}.</source>
            <translation>Keine Schlacht: {why}.</translation>
        </message>
        <message>
            <source>Unpin baseline</source>
            <translation>Vergleich lösen</translation>
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
            <source>{side} baseline</source>
            <translation>Vergleich {side}</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>Vergleich</translation>
        </message>
        <message>
            <source>current</source>
            <translation>aktuell</translation>
        </message>
    </context>
    <context>
        <name>sides</name>
        <message>
            <source>attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <source>defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <source>Attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <source>Defender</source>
            <translation>Verteidiger</translation>
        </message>
    </context>
    <context>
        <name>table_side</name>
        <message>
            <source>the attacker wins</source>
            <translation>der Angreifer gewinnt</translation>
        </message>
        <message>
            <source>the defender wins</source>
            <translation>der Verteidiger gewinnt</translation>
        </message>
        <message>
            <source>a draw</source>
            <translation>unentschieden</translation>
        </message>
        <message>
            <source>{Side} retreats</source>
            <translation>{Side}: Rückzug</translation>
        </message>
        <message>
            <source>{Side} retreats: the battle ends here and the other side wins. Undo takes it back. Retreat now?</source>
            <translation>{Side} zieht sich zurück: die Schlacht endet hier, und die andere Seite gewinnt. Rückgängig nimmt es zurück. Jetzt zurückziehen?</translation>
        </message>
        <message>
            <source>{Side} retreats: its units landed from the sea can't leave and fight on to the end; the others leave the battle. Undo takes it back. Retreat now?</source>
            <translation>{Side} zieht sich zurück: die von See gelandeten Einheiten können nicht abziehen und kämpfen bis zum Ende weiter; die anderen verlassen die Schlacht. Rückgängig nimmt es zurück. Jetzt zurückziehen?</translation>
        </message>
        <message>
            <source>End battle</source>
            <translation>Beenden</translation>
        </message>
        <message>
            <source>End the battle here, as it stands? Undo takes it back. End now?</source>
            <translation>Die Schlacht hier beenden, so wie sie steht? Rückgängig nimmt es zurück. Jetzt beenden?</translation>
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
            <source>Attacker</source>
            <translation>Angreifer</translation>
        </message>
        <message>
            <source>Defender</source>
            <translation>Verteidiger</translation>
        </message>
        <message>
            <source>Odds: {message}</source>
            <translation>Chancen: {message}</translation>
        </message>
        <message>
            <source>Odds: computing…</source>
            <translation>Chancen: rechne…</translation>
        </message>
        <message>
            <source>Fight the battle set up on the left with your real dice: enter what you rolled (or press Roll), check the proposed casualties, press Enter. The battle is saved after every step.</source>
            <translation>Tragen Sie die links aufgestellte Schlacht mit Ihren echten Würfeln aus: geben Sie ein, was Sie gewürfelt haben (oder drücken Sie Würfeln), prüfen Sie die vorgeschlagenen Verluste, drücken Sie Enter. Die Schlacht wird nach jedem Schritt gespeichert.</translation>
        </message>
        <message>
            <source>Fight this battle</source>
            <translation>Diese Schlacht austragen</translation>
        </message>
        <message>
            <source>Freeze the set-up and start resolving it at the table</source>
            <translation>Die Aufstellung festhalten und die Schlacht am Tisch auswürfeln</translation>
        </message>
        <message>
            <source>or all dice in one line</source>
            <translation>oder alle Würfel in einer Zeile</translation>
        </message>
        <message>
            <source>Roll</source>
            <translation>Würfeln</translation>
        </message>
        <message>
            <source>Roll the dice for this phase here (Ctrl+R)</source>
            <translation>Die Würfel dieser Phase hier würfeln (Strg+R)</translation>
        </message>
        <message>
            <source>empty: accept the proposal</source>
            <translation>leer: den Vorschlag annehmen</translation>
        </message>
        <message>
            <source>Apply</source>
            <translation>Übernehmen</translation>
        </message>
        <message>
            <source>Play this phase with these dice and casualties (Enter)</source>
            <translation>Diese Phase mit diesen Würfeln und Verlusten spielen (Enter)</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Zurück</translation>
        </message>
        <message>
            <source>Take back the last step (Ctrl+Z)</source>
            <translation>Den letzten Schritt zurücknehmen (Strg+Z)</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Vor</translation>
        </message>
        <message>
            <source>Play the undone step again (Ctrl+Shift+Z)</source>
            <translation>Den zurückgenommenen Schritt wieder spielen (Strg+Umschalt+Z)</translation>
        </message>
        <message>
            <source>The {side} breaks off before this round: the {other} wins</source>
            <translation>Der {side} bricht vor dieser Runde ab: der {other} gewinnt</translation>
        </message>
        <message>
            <source>Close battle</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Every die of the phase in one line, in the order the rules list them</source>
            <translation>Alle Würfel der Phase in einer Zeile, in der Reihenfolge der Regeln</translation>
        </message>
        <message>
            <source>Leave table-side mode and unfreeze the set-up</source>
            <translation>Den Tischmodus verlassen und die Aufstellung wieder freigeben</translation>
        </message>
        <message>
            <source>Copy the battle log</source>
            <translation>Schlachtprotokoll kopieren</translation>
        </message>
        <message>
            <source>Battle log copied</source>
            <translation>Schlachtprotokoll kopiert</translation>
        </message>
        <message>
            <source>Battle log</source>
            <translation>Schlachtprotokoll</translation>
        </message>
        <message>
            <source>Battle over after 1 round: {verdict}{how}</source>
            <translation>Schlacht vorbei nach 1 Runde: {verdict}{how}</translation>
        </message>
        <message numerus="yes">
            <source>Battle over after %n rounds: {verdict}{how}</source>
            <translation>
                <numerusform>Schlacht vorbei nach %n Runden: {verdict}{how}</numerusform>
                <numerusform>Schlacht vorbei nach %n Runden: {verdict}{how}</numerusform>
            </translation>
        </message>
        <message>
            <source>kept as {name}</source>
            <translation>aufbewahrt als {name}</translation>
        </message>
        <message>
            <source>left where it is ({why})</source>
            <translation>liegt noch am alten Ort ({why})</translation>
        </message>
        <message>
            <source>A saved battle could not be resumed and was set aside ({where}): {why}</source>
            <translation>Eine gespeicherte Schlacht konnte nicht fortgesetzt werden und wurde beiseitegelegt ({where}): {why}</translation>
        </message>
        <message>
            <source>there is no saved battle to resume</source>
            <translation>es gibt keine gespeicherte Schlacht zum Fortsetzen</translation>
        </message>
        <message>
            <source>a battle in progress</source>
            <translation>eine laufende Schlacht</translation>
        </message>
        <message>
            <source>1 round played</source>
            <translation>1 Runde gespielt</translation>
        </message>
        <message numerus="yes">
            <source>%n rounds played</source>
            <translation>
                <numerusform>%n Runden gespielt</numerusform>
                <numerusform>%n Runden gespielt</numerusform>
            </translation>
        </message>
        <message>
            <source>saved {when}</source>
            <translation>gespeichert {when}</translation>
        </message>
        <message>
            <source>the counter-attack</source>
            <translation>der Gegenangriff</translation>
        </message>
        <message>
            <source>wave {k}</source>
            <translation>Welle {k}</translation>
        </message>
        <message>
            <source>This battle is not finished. Close it and discard its saved progress?</source>
            <translation>Diese Schlacht ist nicht beendet. Schließen und ihren gespeicherten Stand verwerfen?</translation>
        </message>
        <message>
            <source>The attack goes on ({fight} is next). Close it here and discard its saved progress?</source>
            <translation>Der Angriff geht weiter ({fight} ist als Nächstes dran). Ihn hier schließen und den gespeicherten Stand verwerfen?</translation>
        </message>
        <message>
            <source>the battle could not be autosaved: {why}</source>
            <translation>die Schlacht konnte nicht automatisch gespeichert werden: {why}</translation>
        </message>
        <message>
            <source>proposal: {proposal}</source>
            <translation>Vorschlag: {proposal}</translation>
        </message>
        <message>
            <source>no choice to make</source>
            <translation>keine Wahl zu treffen</translation>
        </message>
        <message>
            <source> ({side} retreated)</source>
            <translation> ({side} hat sich zurückgezogen)</translation>
        </message>
        <message>
            <source> (ended by the players)</source>
            <translation> (von den Spielern beendet)</translation>
        </message>
        <message>
            <source>Round {round} — {phase}</source>
            <translation>Runde {round} — {phase}</translation>
        </message>
        <message>
            <source>{stage}: {heading}</source>
            <translation>{stage}: {heading}</translation>
        </message>
        <message>
            <source>Last roll ({phase}) — {luck}</source>
            <translation>Letzter Wurf ({phase}) — {luck}</translation>
        </message>
        <message>
            <source>no dice this phase: press Enter or Apply</source>
            <translation>keine Würfel in dieser Phase: Enter oder Übernehmen drücken</translation>
        </message>
        <message>
            <source>Start {stage} against what this battle left (its log stays; Undo takes the start back)</source>
            <translation>{stage} gegen das beginnen, was diese Schlacht übrig ließ (ihr Protokoll bleibt; Rückgängig nimmt den Beginn zurück)</translation>
        </message>
        <message>
            <source>The battle ends: the {side} retreats</source>
            <translation>Die Schlacht endet: der {side} zieht sich zurück</translation>
        </message>
        <message>
            <source>The players end the battle.</source>
            <translation>Die Spieler beenden die Schlacht.</translation>
        </message>
        <message>
            <source>the start of round {round}</source>
            <translation>dem Beginn von Runde {round}</translation>
        </message>
        <message>
            <source>here (round {round}, after {phase})</source>
            <translation>hier (Runde {round}, nach {phase})</translation>
        </message>
    </context>
</TS>
