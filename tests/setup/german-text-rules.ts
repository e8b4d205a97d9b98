/**
 * The checkable rules of docs/german-texts.md: typographic quotes and the one spelling of brands
 * and of our own words. Tests run rendered pages and mails through `germanTextFindings`.
 */

/** SPEC texts that are binding word for word, even where they break a rule below. */
const specTexts = [
  "URLs aus YouTube, Soundcloud oder Spotify hinzufügen für mehr Sichtbarkeit im Kalender.",
];

/** Misspellings with the one right form. Case matters: plain-text mails print headings in capitals. */
const misspellings: { wrong: RegExp; right: string }[] = [
  { wrong: /\b(?:Soundcloud|soundcloud|Sound Cloud)\b/, right: "SoundCloud" },
  { wrong: /\b(?:Youtube|youtube|You Tube)\b/, right: "YouTube" },
  { wrong: /\bspotify\b/, right: "Spotify" },
  { wrong: /\b(?:Tiktok|tiktok|Tik Tok)\b/, right: "TikTok" },
  { wrong: /\b(?:Whatsapp|whatsapp|Whats App)\b/, right: "WhatsApp" },
  { wrong: /\b(?:Top-?Part(?:y|ys|ies)|TOP-?PART(?:Y|YS))\b/, right: "Top-Event" },
  { wrong: /\b(?:Top ?[Ee]vent|Top-event|Topevent)/, right: "Top-Event" },
  { wrong: /\b(?:Email|eMail|EMail|e-Mail|E-mail)\b/, right: "E-Mail" },
  { wrong: /\b(?:Line-Up|Lineup|LineUp|Line up)\b/, right: "Line-up" },
  { wrong: /\bParties\b/, right: "Partys" },
];

export interface WordingFinding {
  rule: string;
  /** The text around the finding. */
  near: string;
}

const near = (text: string, index: number) =>
  text.slice(Math.max(0, index - 30), index + 30).replace(/\s+/g, " ");

/** Addresses are no German text: their spelling is the host's. */
const withoutAddresses = (text: string) =>
  text
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .replace(/\b(?:www\.)?[\w-]+(?:\.[\w-]+)*\.(?:com|de|org|net|example|test|io|tv|fm)\b\S*/g, " ")
    .replace(/\S+@\S+/g, " ");

/**
 * What breaks the style guide in one piece of German text (a page's text, a mail's text).
 * `quotePairs: false` skips the rules that need both quotes in the same string (for single
 * text nodes, where „<em>x</em>“ is three).
 */
export function germanTextFindings(
  text: string,
  { quotePairs = true }: { quotePairs?: boolean } = {},
): WordingFinding[] {
  let checked = withoutAddresses(text);
  for (const spec of specTexts) checked = checked.replaceAll(spec, " ");
  const findings: WordingFinding[] = [];
  const find = (pattern: RegExp, rule: string) => {
    for (const match of checked.matchAll(new RegExp(pattern, `${pattern.flags}g`))) {
      findings.push({ rule, near: near(checked, match.index) });
    }
  };
  find(/"/, "gerades Anführungszeichen: „…“ schreiben");
  find(/”/, "englisches Anführungszeichen: „…“ schreiben");
  find(/(?<=\p{L})'(?=\p{L})/u, "gerader Apostroph: ’ schreiben (war’s)");
  if (quotePairs) {
    find(/„[^„“”"\n]*(?=["”\n]|$)/, "„ ohne schließendes “ in derselben Zeile");
    find(/(?<=^|[\s(])'[^'\n]+'(?=$|[\s.,;:!?)])/, "gerade halbe Anführungszeichen: ‚…‘ schreiben");
  }
  for (const { wrong, right } of misspellings) find(wrong, `„${right}“ schreiben`);
  return findings;
}
