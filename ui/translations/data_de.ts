<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>data.agc</name>
        <message>
            <source>1 : 1 (tied)</source>
            <translation>1 : 1 (Gleichstand)</translation>
        </message>
        <message>
            <source>Air support</source>
            <translation>Luftunterstützung</translation>
        </message>
        <message>
            <source>Anti-air defense</source>
            <translation>Flugabwehr</translation>
        </message>
        <message>
            <source>Armor</source>
            <translation>Panzer</translation>
        </message>
        <message>
            <source>Artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>Coastal</source>
            <translation>Küste</translation>
        </message>
        <message>
            <source>Desert infantry</source>
            <translation>Wüsteninfanterie</translation>
        </message>
        <message>
            <source>Engineers</source>
            <translation>Pioniere</translation>
        </message>
        <message>
            <source>Forest</source>
            <translation>Wald</translation>
        </message>
        <message>
            <source>Grassland</source>
            <translation>Grasland</translation>
        </message>
        <message>
            <source>Heavy Urban</source>
            <translation>Dichte Stadt</translation>
        </message>
        <message>
            <source>Infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>Jungle</source>
            <translation>Dschungel</translation>
        </message>
        <message>
            <source>Jungle infantry</source>
            <translation>Dschungelinfanterie</translation>
        </message>
        <message>
            <source>Light Urban</source>
            <translation>Lockere Stadt</translation>
        </message>
        <message>
            <source>Mountain infantry</source>
            <translation>Gebirgsinfanterie</translation>
        </message>
        <message>
            <source>Mountainous</source>
            <translation>Gebirge</translation>
        </message>
        <message>
            <source>Polar</source>
            <translation>Polar</translation>
        </message>
        <message>
            <source>Polar infantry</source>
            <translation>Polarinfanterie</translation>
        </message>
        <message>
            <source>Rocky Desert</source>
            <translation>Felswüste</translation>
        </message>
        <message>
            <source>Rural</source>
            <translation>Ländlich</translation>
        </message>
        <message>
            <source>Sandy Desert</source>
            <translation>Sandwüste</translation>
        </message>
        <message>
            <source>Tundra</source>
            <translation>Tundra</translation>
        </message>
        <message>
            <source>Urban infantry</source>
            <translation>Stadtinfanterie</translation>
        </message>
        <message>
            <source>Volcanic</source>
            <translation>Vulkanisch</translation>
        </message>
        <message>
            <source>aad</source>
            <translation>Flugabwehr</translation>
        </message>
        <message>
            <source>air support</source>
            <translation>Luftunterstützung</translation>
        </message>
        <message>
            <source>armor</source>
            <translation>Panzer</translation>
        </message>
        <message>
            <source>artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>coastal</source>
            <translation>Küste</translation>
        </message>
        <message>
            <source>desert infantry</source>
            <translation>Wüsteninfanterie</translation>
        </message>
        <message>
            <source>engineers</source>
            <translation>Pioniere</translation>
        </message>
        <message>
            <source>forest</source>
            <translation>Wald</translation>
        </message>
        <message>
            <source>grassland</source>
            <translation>Grasland</translation>
        </message>
        <message>
            <source>heavy urban</source>
            <translation>dichte Stadt</translation>
        </message>
        <message>
            <source>infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>jungle</source>
            <translation>Dschungel</translation>
        </message>
        <message>
            <source>jungle infantry</source>
            <translation>Dschungelinfanterie</translation>
        </message>
        <message>
            <source>light urban</source>
            <translation>lockere Stadt</translation>
        </message>
        <message>
            <source>mountain infantry</source>
            <translation>Gebirgsinfanterie</translation>
        </message>
        <message>
            <source>mountainous</source>
            <translation>Gebirge</translation>
        </message>
        <message>
            <source>over 1.0 to 1.5 : 1</source>
            <translation>über 1,0 bis 1,5 : 1</translation>
        </message>
        <message>
            <source>over 1.5 to 2.0 : 1</source>
            <translation>über 1,5 bis 2,0 : 1</translation>
        </message>
        <message>
            <source>over 2.0 to 3.0 : 1</source>
            <translation>über 2,0 bis 3,0 : 1</translation>
        </message>
        <message>
            <source>over 3.0 : 1</source>
            <translation>über 3,0 : 1</translation>
        </message>
        <message>
            <source>polar</source>
            <translation>polar</translation>
        </message>
        <message>
            <source>polar infantry</source>
            <translation>Polarinfanterie</translation>
        </message>
        <message>
            <source>rocky desert</source>
            <translation>Felswüste</translation>
        </message>
        <message>
            <source>rural</source>
            <translation>ländlich</translation>
        </message>
        <message>
            <source>sandy desert</source>
            <translation>Sandwüste</translation>
        </message>
        <message>
            <source>tundra</source>
            <translation>Tundra</translation>
        </message>
        <message>
            <source>urban infantry</source>
            <translation>Stadtinfanterie</translation>
        </message>
        <message>
            <source>volcanic</source>
            <translation>vulkanisch</translation>
        </message>
        <message>
            <source>AAD</source>
            <translation>AAD</translation>
        </message>
        <message>
            <source>Air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <source>Arm</source>
            <translation>Pz</translation>
        </message>
        <message>
            <source>Art</source>
            <translation>Art</translation>
        </message>
        <message>
            <source>Eng</source>
            <translation>Pio</translation>
        </message>
        <message>
            <source>Inf</source>
            <translation>Inf</translation>
        </message>
    </context>
    <context>
        <name>data.ds2</name>
        <message>
            <source>Kill</source>
            <translation>Zerstörung</translation>
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
            <source>APSW</source>
            <translation>APSW</translation>
        </message>
        <message>
            <source>Anti-personnel support weapon</source>
            <translation>Unterstützungswaffe gegen Infanterie</translation>
        </message>
        <message>
            <source>Assault team</source>
            <translation>Sturmtrupp</translation>
        </message>
        <message>
            <source>DFFG</source>
            <translation>DFFG</translation>
        </message>
        <message>
            <source>Direct-fire fusion gun</source>
            <translation>Fusionsgeschütz (Direktfeuer)</translation>
        </message>
        <message>
            <source>GMS/H</source>
            <translation>GMS/H</translation>
        </message>
        <message>
            <source>GMS/L</source>
            <translation>GMS/L</translation>
        </message>
        <message>
            <source>Guided missile system, heavy</source>
            <translation>Lenkflugkörpersystem, schwer</translation>
        </message>
        <message>
            <source>Guided missile system, light</source>
            <translation>Lenkflugkörpersystem, leicht</translation>
        </message>
        <message>
            <source>HEF artillery</source>
            <translation>HEF-Artillerie</translation>
        </message>
        <message>
            <source>HEL</source>
            <translation>HEL</translation>
        </message>
        <message>
            <source>HKP</source>
            <translation>HKP</translation>
        </message>
        <message>
            <source>HVC</source>
            <translation>HVC</translation>
        </message>
        <message>
            <source>High-energy laser</source>
            <translation>Hochenergielaser</translation>
        </message>
        <message>
            <source>High-explosive fragmentation</source>
            <translation>Sprengsplitter</translation>
        </message>
        <message>
            <source>High-velocity cannon</source>
            <translation>Hochgeschwindigkeitskanone</translation>
        </message>
        <message>
            <source>Hypervelocity kinetic penetrator</source>
            <translation>Hyperschall-Wuchtgeschoss</translation>
        </message>
        <message>
            <source>IAVR</source>
            <translation>IAVR</translation>
        </message>
        <message>
            <source>Infantry anti-vehicle rocket</source>
            <translation>Panzerabwehrrakete der Infanterie</translation>
        </message>
        <message>
            <source>Line infantry</source>
            <translation>Linieninfanterie</translation>
        </message>
        <message>
            <source>MAK artillery</source>
            <translation>MAK-Artillerie</translation>
        </message>
        <message>
            <source>MAK artillery (anti-armour)</source>
            <translation>MAK-Artillerie (panzerbrechend)</translation>
        </message>
        <message>
            <source>MDC</source>
            <translation>MDC</translation>
        </message>
        <message>
            <source>Mass-driver cannon</source>
            <translation>Massebeschleunigerkanone</translation>
        </message>
        <message>
            <source>Militia</source>
            <translation>Miliz</translation>
        </message>
        <message>
            <source>Powered armour infantry</source>
            <translation>Infanterie im Kampfanzug</translation>
        </message>
        <message>
            <source>RFAC</source>
            <translation>RFAC</translation>
        </message>
        <message>
            <source>Rapid-fire autocannon</source>
            <translation>Schnellfeuer-Maschinenkanone</translation>
        </message>
        <message>
            <source>SLAM</source>
            <translation>SLAM</translation>
        </message>
        <message>
            <source>SLAM missile (HEAT)</source>
            <translation>SLAM-Rakete (Hohlladung)</translation>
        </message>
        <message>
            <source>heavy</source>
            <translation>schwer</translation>
        </message>
        <message>
            <source>light</source>
            <translation>leicht</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>mittel</translation>
        </message>
        <message>
            <source>Ablative</source>
            <translation>Ablativ</translation>
        </message>
        <message>
            <source>Artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Nah</translation>
        </message>
        <message>
            <source>Close assault</source>
            <translation>Nahangriff</translation>
        </message>
        <message>
            <source>Dug in (or urban)</source>
            <translation>Eingegraben (oder Stadt)</translation>
        </message>
        <message>
            <source>Firefight</source>
            <translation>Feuergefecht</translation>
        </message>
        <message>
            <source>Heavy weapons</source>
            <translation>Schwere Waffen</translation>
        </message>
        <message>
            <source>Infantry weapons</source>
            <translation>Infanteriewaffen</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>Linie</translation>
        </message>
        <message>
            <source>Long</source>
            <translation>Weit</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>Mittel</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Offen</translation>
        </message>
        <message>
            <source>Powered armour</source>
            <translation>Kampfanzug</translation>
        </message>
        <message>
            <source>Reactive</source>
            <translation>Reaktiv</translation>
        </message>
        <message>
            <source>Soft cover</source>
            <translation>Leichte Deckung</translation>
        </message>
        <message>
            <source>Standard</source>
            <translation>Standard</translation>
        </message>
        <message>
            <source>Standard + APFC</source>
            <translation>Standard + APFC</translation>
        </message>
    </context>
    <context>
        <name>data.lowluck</name>
        <message>
            <source>Artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>Mech infantry</source>
            <translation>Mech. Infanterie</translation>
        </message>
        <message numerus="yes">
            <source>Tactical bomber</source>
            <translation>
                <numerusform>Taktischer Bomber</numerusform>
                <numerusform>Taktische Bomber</numerusform>
            </translation>
        </message>
        <message>
            <source>AA gun</source>
            <translation>Flak</translation>
        </message>
        <message>
            <source>Destroyer</source>
            <translation>Zerstörer</translation>
        </message>
        <message>
            <source>Cruiser</source>
            <translation>Kreuzer</translation>
        </message>
        <message>
            <source>artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>mech infantry</source>
            <translation>Mech. Infanterie</translation>
        </message>
        <message numerus="yes">
            <source>tactical bomber</source>
            <translation>
                <numerusform>Taktischer Bomber</numerusform>
                <numerusform>Taktische Bomber</numerusform>
            </translation>
        </message>
        <message>
            <source>aa gun</source>
            <translation>Flak</translation>
        </message>
        <message>
            <source>destroyer</source>
            <translation>Zerstörer</translation>
        </message>
        <message>
            <source>cruiser</source>
            <translation>Kreuzer</translation>
        </message>
        <message>
            <source>1942 Second Edition</source>
            <translation>1942, zweite Ausgabe</translation>
        </message>
        <message>
            <source>Global 1940 Second Edition</source>
            <translation>Global 1940, zweite Ausgabe</translation>
        </message>
        <message>
            <source>Classic</source>
            <translation>Classic</translation>
        </message>
        <message>
            <source>armor</source>
            <translation>Panzer</translation>
        </message>
        <message numerus="yes">
            <source>battleship</source>
            <translation>
                <numerusform>Schlachtschiff</numerusform>
                <numerusform>Schlachtschiffe</numerusform>
            </translation>
        </message>
        <message>
            <source>bomber</source>
            <translation>Bomber</translation>
        </message>
        <message>
            <source>carrier</source>
            <translation>Flugzeugträger</translation>
        </message>
        <message>
            <source>fighter</source>
            <translation>Jäger</translation>
        </message>
        <message>
            <source>heavy bombers</source>
            <translation>Heavy Bombers</translation>
        </message>
        <message>
            <source>industrial technology</source>
            <translation>Industrial Technology</translation>
        </message>
        <message>
            <source>infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>jet power</source>
            <translation>Jet Power</translation>
        </message>
        <message>
            <source>long range aircraft</source>
            <translation>Long Range Aircraft</translation>
        </message>
        <message>
            <source>rockets</source>
            <translation>Rockets</translation>
        </message>
        <message numerus="yes">
            <source>submarine</source>
            <translation>
                <numerusform>U-Boot</numerusform>
                <numerusform>U-Boote</numerusform>
            </translation>
        </message>
        <message>
            <source>super subs</source>
            <translation>Super Subs</translation>
        </message>
        <message>
            <source>transport</source>
            <translation>Transporter</translation>
        </message>
        <message>
            <source>Armor</source>
            <translation>Panzer</translation>
        </message>
        <message numerus="yes">
            <source>Battleship</source>
            <translation>
                <numerusform>Schlachtschiff</numerusform>
                <numerusform>Schlachtschiffe</numerusform>
            </translation>
        </message>
        <message>
            <source>Bomber</source>
            <translation>Bomber</translation>
        </message>
        <message>
            <source>Carrier</source>
            <translation>Flugzeugträger</translation>
        </message>
        <message>
            <source>Fighter</source>
            <translation>Jäger</translation>
        </message>
        <message>
            <source>Heavy bombers</source>
            <translation>Heavy Bombers</translation>
        </message>
        <message>
            <source>Combined bombardment</source>
            <translation>Combined Bombardment</translation>
        </message>
        <message>
            <source>Radar</source>
            <translation>Radar</translation>
        </message>
        <message>
            <source>Improved artillery</source>
            <translation>Improved Artillery</translation>
        </message>
        <message>
            <source>Revised</source>
            <translation>Revised</translation>
        </message>
        <message>
            <source>Anniversary Edition</source>
            <translation>Jubiläumsausgabe (Anniversary Edition)</translation>
        </message>
        <message>
            <source>Industrial technology</source>
            <translation>Industrial Technology</translation>
        </message>
        <message>
            <source>Infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>Jet power</source>
            <translation>Jet Power</translation>
        </message>
        <message>
            <source>Land battle</source>
            <translation>Landschlacht</translation>
        </message>
        <message>
            <source>Long range aircraft</source>
            <translation>Long Range Aircraft</translation>
        </message>
        <message>
            <source>Low luck</source>
            <translation>Low Luck</translation>
        </message>
        <message>
            <source>Rockets</source>
            <translation>Rockets</translation>
        </message>
        <message>
            <source>Sea battle</source>
            <translation>Seeschlacht</translation>
        </message>
        <message>
            <source>Standard dice</source>
            <translation>Normale Würfel</translation>
        </message>
        <message numerus="yes">
            <source>Submarine</source>
            <translation>
                <numerusform>U-Boot</numerusform>
                <numerusform>U-Boote</numerusform>
            </translation>
        </message>
        <message>
            <source>Super subs</source>
            <translation>Super Subs</translation>
        </message>
        <message>
            <source>Transport</source>
            <translation>Transporter</translation>
        </message>
    </context>
    <context>
        <name>data.mediumluck</name>
        <message>
            <source>AAA</source>
            <translation>Flak</translation>
        </message>
        <message>
            <source>Artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message numerus="yes">
            <source>Battleship</source>
            <translation>
                <numerusform>Schlachtschiff</numerusform>
                <numerusform>Schlachtschiffe</numerusform>
            </translation>
        </message>
        <message>
            <source>Carrier</source>
            <translation>Flugzeugträger</translation>
        </message>
        <message>
            <source>Cruiser</source>
            <translation>Kreuzer</translation>
        </message>
        <message>
            <source>Destroyer</source>
            <translation>Zerstörer</translation>
        </message>
        <message>
            <source>Fighter</source>
            <translation>Jäger</translation>
        </message>
        <message>
            <source>Infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>Mech infantry</source>
            <translation>Mech. Infanterie</translation>
        </message>
        <message numerus="yes">
            <source>Strategic bomber</source>
            <translation>
                <numerusform>Strategischer Bomber</numerusform>
                <numerusform>Strategische Bomber</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Submarine</source>
            <translation>
                <numerusform>U-Boot</numerusform>
                <numerusform>U-Boote</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Tactical bomber</source>
            <translation>
                <numerusform>Taktischer Bomber</numerusform>
                <numerusform>Taktische Bomber</numerusform>
            </translation>
        </message>
        <message>
            <source>Tank</source>
            <translation>Panzer</translation>
        </message>
        <message>
            <source>Transport</source>
            <translation>Transporter</translation>
        </message>
        <message>
            <source>aaa</source>
            <translation>Flak</translation>
        </message>
        <message>
            <source>air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <source>art</source>
            <translation>Artillerie</translation>
        </message>
        <message>
            <source>artillery</source>
            <translation>Artillerie</translation>
        </message>
        <message numerus="yes">
            <source>battleship</source>
            <translation>
                <numerusform>Schlachtschiff</numerusform>
                <numerusform>Schlachtschiffe</numerusform>
            </translation>
        </message>
        <message>
            <source>battleships</source>
            <translation>Schlachtschiffe</translation>
        </message>
        <message>
            <source>black</source>
            <translation>schwarz</translation>
        </message>
        <message>
            <source>blue</source>
            <translation>blau</translation>
        </message>
        <message>
            <source>carrier</source>
            <translation>Flugzeugträger</translation>
        </message>
        <message>
            <source>carriers</source>
            <translation>Flugzeugträger</translation>
        </message>
        <message>
            <source>cruiser</source>
            <translation>Kreuzer</translation>
        </message>
        <message>
            <source>cruisers</source>
            <translation>Kreuzer</translation>
        </message>
        <message>
            <source>destroyer</source>
            <translation>Zerstörer</translation>
        </message>
        <message>
            <source>destroyers</source>
            <translation>Zerstörer</translation>
        </message>
        <message>
            <source>fighter</source>
            <translation>Jäger</translation>
        </message>
        <message>
            <source>fighters</source>
            <translation>Jäger</translation>
        </message>
        <message>
            <source>green</source>
            <translation>grün</translation>
        </message>
        <message>
            <source>infantry</source>
            <translation>Infanterie</translation>
        </message>
        <message>
            <source>mech</source>
            <translation>Mech.</translation>
        </message>
        <message>
            <source>mech infantry</source>
            <translation>mech. Infanterie</translation>
        </message>
        <message>
            <source>red</source>
            <translation>rot</translation>
        </message>
        <message numerus="yes">
            <source>strategic bomber</source>
            <translation>
                <numerusform>strategischer Bomber</numerusform>
                <numerusform>strategische Bomber</numerusform>
            </translation>
        </message>
        <message>
            <source>strategic bombers</source>
            <translation>strategische Bomber</translation>
        </message>
        <message numerus="yes">
            <source>submarine</source>
            <translation>
                <numerusform>U-Boot</numerusform>
                <numerusform>U-Boote</numerusform>
            </translation>
        </message>
        <message>
            <source>submarines</source>
            <translation>U-Boote</translation>
        </message>
        <message numerus="yes">
            <source>tactical bomber</source>
            <translation>
                <numerusform>taktischer Bomber</numerusform>
                <numerusform>taktische Bomber</numerusform>
            </translation>
        </message>
        <message>
            <source>tactical bombers</source>
            <translation>taktische Bomber</translation>
        </message>
        <message>
            <source>tank</source>
            <translation>Panzer</translation>
        </message>
        <message>
            <source>tanks</source>
            <translation>Panzer</translation>
        </message>
        <message>
            <source>transport</source>
            <translation>Transporter</translation>
        </message>
        <message>
            <source>transports</source>
            <translation>Transporter</translation>
        </message>
        <message>
            <source>white</source>
            <translation>weiß</translation>
        </message>
        <message>
            <source>yellow</source>
            <translation>gelb</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>Schwarz</translation>
        </message>
        <message>
            <source>Blue</source>
            <translation>Blau</translation>
        </message>
        <message>
            <source>Green</source>
            <translation>Grün</translation>
        </message>
        <message>
            <source>Land battle</source>
            <translation>Landschlacht</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>Rot</translation>
        </message>
        <message>
            <source>Sea battle</source>
            <translation>Seeschlacht</translation>
        </message>
        <message>
            <source>White</source>
            <translation>Weiß</translation>
        </message>
        <message>
            <source>Yellow</source>
            <translation>Gelb</translation>
        </message>
    </context>
    <context>
        <name>data.ur</name>
        <message>
            <source>Archers</source>
            <translation>Schützen</translation>
        </message>
        <message>
            <source>Cavalry</source>
            <translation>Reiterei</translation>
        </message>
        <message>
            <source>Infantry</source>
            <translation>Fußvolk</translation>
        </message>
        <message>
            <source>Inner wall</source>
            <translation>innere Mauer</translation>
        </message>
        <message>
            <source>Outer wall</source>
            <translation>äußere Mauer</translation>
        </message>
        <message>
            <source>Undead</source>
            <translation>Untote</translation>
        </message>
        <message>
            <source>Wall defense</source>
            <translation>Mauerwache</translation>
        </message>
        <message>
            <source>Attack</source>
            <translation>Angriff</translation>
        </message>
        <message>
            <source>Bogs</source>
            <translation>Sumpf</translation>
        </message>
        <message>
            <source>City</source>
            <translation>Stadt</translation>
        </message>
        <message>
            <source>Defend</source>
            <translation>Verteidigung</translation>
        </message>
        <message>
            <source>Hill</source>
            <translation>Hügel</translation>
        </message>
        <message>
            <source>Open ground</source>
            <translation>Offenes Gelände</translation>
        </message>
        <message>
            <source>Wood</source>
            <translation>Wald</translation>
        </message>
    </context>
</TS>
