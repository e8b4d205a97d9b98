/**
 * The default Impressum, Datenschutzerklärung, booking terms and terms of use (Markdown). They describe what this software
 * really processes; `{{…}}` placeholders are filled from the configuration when a page is shown
 * (page-placeholders.ts), so operators set their details once (OPERATOR_* variables) and edit
 * the rest in the pages table.
 */

import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";

export interface LegalText {
  slug: string;
  title: string;
  body: string;
}

const legalNotice: LegalText = {
  slug: "impressum",
  title: "Impressum",
  body: `## Angaben gemäß § 5 DDG

{{operator.name}}
{{operator.address}}

## Kontakt

E-Mail: {{operator.email}}
Telefon: {{operator.phone}}

## Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV

{{operator.name}}
{{operator.address}}

## Umsatzsteuer-ID

Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: {{operator.vatId}}

## Hinweis zu den Partys

Die Partys im {{site.name}} tragen zum großen Teil Veranstalter*innen und Clubs selbst ein. Für die Richtigkeit der Angaben (Zeiten, Preise, Line-ups) sind sie verantwortlich. Fällt Dir ein Fehler oder ein rechtswidriger Inhalt auf, schreib uns bitte – wir kümmern uns umgehend darum.

## Haftung für Links

Unser Angebot enthält Links zu Websites Dritter (z. B. Ticketshops, Clubs, soziale Netzwerke), auf deren Inhalte wir keinen Einfluss haben. Für diese Inhalte ist stets der jeweilige Anbieter verantwortlich. Werden uns Rechtsverletzungen bekannt, entfernen wir solche Links umgehend.

## Verbraucherstreitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.
`,
};

const privacyPolicy: LegalText = {
  slug: "datenschutzerklaerung",
  title: "Datenschutzerklärung",
  body: `Schön, dass Du den {{site.name}} nutzt. Hier erfährst Du, welche personenbezogenen Daten wir verarbeiten, wofür, auf welcher Rechtsgrundlage und wie lange.

## 1. Verantwortlicher

{{operator.name}}
{{operator.address}}
E-Mail: {{operator.email}}

## 2. Aufruf der Website und Server-Logfiles

Bei jedem Aufruf verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Datum und Uhrzeit, aufgerufene Adresse, Statuscode, übertragene Datenmenge, Referrer und Browserkennung (User-Agent). Das ist nötig, um die Website auszuliefern, Missbrauch (z. B. zu viele Anfragen) abzuwehren und Fehler zu finden (Art. 6 Abs. 1 lit. f DSGVO). Die Protokolle löschen wir spätestens nach 14 Tagen, soweit sie nicht zur Aufklärung eines Angriffs länger gebraucht werden.

Wie oft eine Party oder Anzeige angesehen wird, zählen wir, ohne Deine IP-Adresse dafür zu speichern: Pro Tag bleibt nur ein gesalzener Hashwert, aus dem sich nicht auf Dich schließen lässt.

Schriftarten liefern wir selbst aus. Bevor Du einwilligst, baut die Seite keine Verbindung zu anderen Anbietern auf.

{{errorReporting}}

## 3. Cookies, lokale Speicherung und Einwilligung

Beim ersten Besuch fragen wir Dich, welchen Kategorien Du zustimmst – „Alle ablehnen“ ist genauso einfach wie „Alle akzeptieren“. Deine Auswahl kannst Du jederzeit über „Cookie-Einstellungen“ am Ende jeder Seite ändern oder widerrufen.

- **Erforderlich** (ohne Einwilligung, § 25 Abs. 2 Nr. 2 TDDDG, Art. 6 Abs. 1 lit. b und f DSGVO): das Cookie \`cookie_consent_settings\` mit Deiner Auswahl (6 Monate), Deine Anmeldung (Cookies, deren Name mit \`auth\` beginnt, bis zu ein Jahr) mit dem Schutz-Cookie \`csrftoken\`, das Cookie \`newsletter-popup\`, damit Dich das Newsletter-Fenster nicht erneut stört (ein Jahr), und – nur wenn Du selbst zwischen hell und dunkel umschaltest – das Cookie \`theme\` mit Deiner Wahl (ein Jahr). Damit die Seite offline funktioniert, legt Dein Browser außerdem Programmteile und zuletzt besuchte öffentliche Seiten in seinem Speicher ab (Service Worker); angemeldete Bereiche werden dort nie gespeichert.
- **Tracking** (nur mit Einwilligung, Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG): {{tracking.services}} Wir nutzen die Daten, um zu verstehen, wie die Seite genutzt wird, und sie zu verbessern. Dabei können Daten in die USA übermittelt werden; die Anbieter sind unter dem EU-US Data Privacy Framework zertifiziert. Widerrufst Du die Einwilligung, lädt die Seite neu und die Dienste werden nicht mehr geladen.
- **Marketing** (nur mit Einwilligung): Dienste, die Werbung messen oder personalisieren. Derzeit setzen wir in dieser Kategorie keine Dienste ein; Anzeigen im {{site.name}} zählen wir selbst, ohne Cookies.
- **Externe Medien** (nur mit Einwilligung, Art. 6 Abs. 1 lit. a DSGVO): Videos und Musik von **YouTube** (Google Ireland Limited, im datensparsamen Modus youtube-nocookie.com), **SoundCloud** (SoundCloud Global Limited & Co. KG) und **Spotify** (Spotify AB) laden wir erst, wenn Du dieser Kategorie zustimmst oder den einzelnen Inhalt anklickst. Erst dann werden Daten wie Deine IP-Adresse an den jeweiligen Anbieter übertragen, der eigene Cookies setzen kann.

## 4. Benutzerkonto

Wenn Du ein Konto anlegst, speichern wir Deine E-Mail-Adresse, einen Anzeigenamen und Dein Passwort (nur als sicheren Hashwert). Deine E-Mail-Adresse bestätigst Du über einen Link, den wir Dir schicken. Wir nutzen die Daten, damit Du Partys, Veranstalter*innen und Anzeigen eintragen und verwalten kannst (Art. 6 Abs. 1 lit. b DSGVO). Du kannst Dein Konto jederzeit löschen lassen.

## 5. Partys eintragen

Partys, die Du einträgst – Titel, Beschreibung, Zeiten, Ort, Preise, Flyer und Links –, veröffentlichen wir im {{site.name}}. Bitte trage keine personenbezogenen Daten Dritter ein, die nicht veröffentlicht werden sollen. Bei hochgeladenen Bildern entfernen wir eingebettete Metadaten (z. B. Standort). Intern speichern wir, mit welchem Konto eine Party eingetragen wurde.

## 6. Newsletter

Unseren Newsletter mit den Partys des Wochenendes in {{city.name}} verschicken wir donnerstags und nur, wenn Du ihn im **Double-Opt-in-Verfahren** bestellt hast: Nach der Anmeldung bekommst Du eine E-Mail mit einem Bestätigungslink. Zum Nachweis Deiner Einwilligung speichern wir den Zeitpunkt der Anmeldung und der Bestätigung, die dabei verwendete IP-Adresse, die Browserkennung, das Anmeldeformular und die Version des Einwilligungstextes (Art. 6 Abs. 1 lit. a und c DSGVO). Du kannst Dich jederzeit über den Link in jeder Ausgabe abmelden.

## 7. Merken, Folgen und Benachrichtigungen

Partys, die Du mit dem Herz merkst, und Clubs, Veranstalter*innen, Genres und Artists, denen Du folgst, speichert Dein Browser in seinem lokalen Speicher (\`gemerkt\`, \`folge-ich\`) – erst, wenn Du selbst darauf tippst. Ohne Konto erfahren wir davon nichts. Bist Du angemeldet, speichern wir Deine gemerkten Partys in Deinem Konto, damit Du sie auf allen Geräten hast, und schreiben Dir, wenn sich eine davon ändert; diese E-Mails kannst Du über den Link in jeder von ihnen abbestellen (Art. 6 Abs. 1 lit. b DSGVO).

Schaltest Du auf der Seite „Folge ich“ Benachrichtigungen, „Für Dich“ im Newsletter oder den Kalender ein, speichern wir Deine Liste mit einer zufälligen Kennung Deines Browsers, bei eingeschalteten Benachrichtigungen auch, welche Partys Du gemerkt hast, damit wir Dir sagen können, wenn sich eine davon ändert (Art. 6 Abs. 1 lit. a DSGVO). Für Benachrichtigungen speichern wir außerdem die Adresse, die Dein Browser dafür vergibt; die Nachricht läuft verschlüsselt über den Push-Dienst des Browser-Herstellers (z. B. Google, Mozilla oder Apple). Schaltest Du etwas aus oder meldet der Push-Dienst die Adresse als ungültig, löschen wir die Daten dazu.

## 8. Zahlungen für Top-Events und Anzeigen

Wenn Du eine Party als Top-Event hervorhebst oder eine Anzeige buchst, wickeln wir die Zahlung über {{payments.provider}} ab. Deine Zahlungsdaten (z. B. Karten- oder Kontodaten) gibst Du direkt dort ein; wir erhalten nur den Status der Zahlung, den Betrag und eine Referenz (Art. 6 Abs. 1 lit. b DSGVO). Gibst Du bei der Buchung einen Rechnungsnamen und eine Anschrift an, stehen sie auf der Rechnung, und wir merken sie uns in Deinem Konto für die nächste Buchung, bis Du sie leerst oder das Konto löschst. Rechnungs- und Buchungsdaten bewahren wir nach den gesetzlichen Fristen (§ 147 AO, § 257 HGB) bis zu zehn Jahre auf (Art. 6 Abs. 1 lit. c DSGVO).

## 9. E-Mails

Bestätigungs-, Passwort- und Newsletter-Mails verschicken wir über unseren Mailserver; dabei werden Deine E-Mail-Adresse und der Inhalt der Mail verarbeitet.

## 10. Hosting

Die Website wird bei {{operator.hoster}} betrieben. Mit dem Hoster besteht ein Vertrag zur Auftragsverarbeitung (Art. 28 DSGVO).

## 11. Deine Rechte

Du hast das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch (Art. 21). Eine Einwilligung kannst Du jederzeit mit Wirkung für die Zukunft widerrufen. Außerdem kannst Du Dich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO).
`,
};

/**
 * The booking terms for top events and ads. A TEMPLATE: to be checked by a lawyer before the
 * site takes real money; operators replace it in the pages table (slug "agb"). Every order
 * stores the version its buyer accepted (server/domain/payments/booking-terms.server.ts).
 */
const bookingTerms: LegalText = {
  slug: "agb",
  title: "AGB für Buchungen",
  body: `> **Vorlage – vor dem Einsatz von einer Anwältin oder einem Anwalt prüfen lassen.**

## 1. Geltungsbereich

Diese Bedingungen gelten für die Buchung von Top-Events und Anzeigen auf {{site.name}} zwischen {{operator.name}} und Dir als Buchende*r.

## 2. Leistungen

- **Top-Event („Top-Event bis zur Party“):** Deine veröffentlichte Party wird in ihrer Partynacht zuerst und mit der Markierung „${TOP_EVENT_BADGE}“ gezeigt und im Newsletter hervorgehoben (die Markierung sagt, dass der Platz bezahlt ist). Das Top-Event beginnt mit dem Zahlungseingang (oder schließt an ein laufendes an) und endet von selbst, wenn die Nacht Deiner Party vorbei ist (um 6 Uhr morgens danach). Buchen kannst Du es ab vier Wochen vor der Partynacht.
- **Anzeige:** Dein Bild mit Link wird 1 bis 4 Wochen zwischen den Partynächten gezeigt, im Wechsel mit anderen Anzeigen. Die Laufzeit beginnt am gewählten Starttag, aber nie vor der Freigabe: Wird die Anzeige erst nach dem Starttag freigegeben, beginnen die gebuchten Wochen mit der Freigabe.

## 3. Preise und Zahlung

Es gelten die bei der Buchung angezeigten Preise. Ein Top-Event kostet je Partynacht ein Siebtel des Wochenpreises, von der Buchung bis zur Partynacht. Die Zahlung ist bei der Buchung fällig; die Leistung beginnt erst nach Zahlungseingang. Die Rechnung nennt den Leistungszeitraum; für eine Anzeige, die eine Freigabe braucht, kommt sie mit der Freigabe.

## 4. Inhalte und Freigabe

Du versicherst, dass Bild, Text und Ziel-Link Deiner Anzeige keine Rechte Dritter verletzen und nicht gegen Gesetze verstoßen. Eine Anzeige wird erst bezahlt und danach von uns geprüft. Wir dürfen Anzeigen ablehnen; eine abgelehnte, bezahlte Anzeige erstatten wir automatisch und vollständig, mit einer Stornorechnung.

## 5. Verlegte und abgesagte Partys

Sagst Du eine Party mit Top-Event ab (oder löschst sie), erstatten wir den noch nicht abgelaufenen Teil des Top-Events anteilig nach der Zeit. Verlegst Du sie auf eine frühere Nacht, endet das Top-Event mit deren Ende, und wir erstatten den Rest ebenso anteilig. Jede Erstattung bekommt eine Stornorechnung. Verlegst Du die Party auf eine spätere Nacht, verlängert sich das Top-Event nicht von selbst; die fehlenden Nächte kannst Du dazubuchen.

## 6. Statistik

Für Anzeigen und Top-Events bekommst Du Aufrufe (und bei Anzeigen Klicks und Klickrate) pro Tag im Benutzerbereich und per Mail nach dem Ende des Zeitraums.

## 7. Widerruf

Bucht ein Unternehmen, besteht kein Widerrufsrecht. Für Verbraucher*innen gilt das gesetzliche Widerrufsrecht; es erlischt, wenn die Leistung mit Deiner ausdrücklichen Zustimmung vor Ablauf der Widerrufsfrist vollständig erbracht wurde.
`,
};

/**
 * The terms of use every account accepts on registration (the link beside the checkbox). A
 * TEMPLATE in plain words, like the booking terms; operators edit it in the page editor.
 */
const termsOfUse: LegalText = {
  slug: "nutzungsbedingungen",
  title: "Nutzungsbedingungen",
  body: `> **Vorlage – vor dem Einsatz von einer Anwältin oder einem Anwalt prüfen lassen.**

## 1. Worum es geht

{{site.name}} ist ein Partykalender, betrieben von {{operator.name}}. Anschauen kann ihn jede*r ohne Konto. Mit einem Konto trägst Du als Veranstalter*in Deine Partys selbst ein. Diese Bedingungen gelten für Dein Konto und alles, was Du einträgst.

## 2. Dein Konto

Du brauchst eine E-Mail-Adresse, die Dir gehört, und ein Passwort, das nur Du kennst. Du bist für das verantwortlich, was über Dein Konto eingetragen wird. Du kannst Dein Konto jederzeit unter „Meine Daten“ löschen.

## 3. Deine Partys und Flyer

- Trag nur Partys ein, die wirklich stattfinden, mit richtigem Datum, Ort und Preis. Fällt eine Party aus, sag sie im Kalender ab.
- Flyer, Texte und Links müssen Dir gehören oder Du musst sie verwenden dürfen.
- Kein Hass, keine Hetze, keine Diskriminierung: Seid lieb zueinander, denn bunt ist schöner als braun.
- Du erlaubst uns, Deine Einträge im Kalender, im Newsletter, in Feeds und beim Teilen in sozialen Netzwerken zu zeigen, solange sie im Kalender stehen.

## 4. Was wir tun dürfen

Wir dürfen Einträge prüfen, bevor sie erscheinen, sie korrigieren, ablehnen oder entfernen, wenn sie gegen diese Bedingungen verstoßen oder uns gemeldet werden. Bei wiederholten Verstößen dürfen wir ein Konto sperren.

## 5. Ohne Gewähr

Wir geben uns Mühe, dass alles stimmt, aber für Angaben der Veranstalter*innen übernehmen wir keine Gewähr. Der Kalender kann auch einmal nicht erreichbar sein.

## 6. Kosten

Das Konto und das Eintragen von Partys sind kostenlos. Für bezahlte Leistungen (Top-Events, Anzeigen) gelten zusätzlich die [AGB für Buchungen](/agb).

## 7. Änderungen und Kontakt

Ändern wir diese Bedingungen, sagen wir es Dir vorher per E-Mail. Fragen? Schreib uns an {{operator.email}}.
`,
};

export const legalTexts: readonly LegalText[] = [
  legalNotice,
  privacyPolicy,
  bookingTerms,
  termsOfUse,
];
