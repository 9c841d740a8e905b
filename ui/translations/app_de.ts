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
            <source>A {ruleset} battle is being fought at the table, and its set-up stays frozen until the battle is closed. Close it first (At the table → Close battle), then {what} again.</source>
            <translation>Am Tisch wird gerade eine {ruleset}-Schlacht ausgetragen; ihre Aufstellung bleibt gesperrt, bis die Schlacht geschlossen ist. Schließen Sie sie zuerst (Am Tisch → Schlacht schließen) und versuchen Sie dann erneut: {what}.</translation>
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
            <source>Results copied: paste them into a forum or a chat</source>
            <translation>Ergebnisse kopiert: in ein Forum oder einen Chat einfügen</translation>
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
            <source>A {ruleset} battle at the table was not finished ({summary}). Resume it where it was?</source>
            <translation>Eine {ruleset}-Schlacht am Tisch wurde nicht beendet ({summary}). Dort weitermachen, wo sie stand?</translation>
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
</TS>
