import type { DoorFacts } from "#common/schemas/door-facts.ts";

/** The German words of "Einlass & Awareness" (decision 0220): form questions and card lines. */

export const DOOR_FACTS_TITLE = "Einlass & Awareness";

type Option = { value: string; label: string };

const yesNo: Option[] = [
  { value: "yes", label: "Ja" },
  { value: "no", label: "Nein" },
];

const payment: Option[] = [
  { value: "cash", label: "Nur bar" },
  { value: "card", label: "Auch mit Karte" },
];

export interface DoorQuestion {
  field: string;
  label: string;
  /** A choice's options (besides "not stated"); none: a short text. */
  options: Option[] | null;
  hint?: string;
}

/** The club form's default minimum age; a party's is its own field "Mindestalter". */
export const minAgeQuestion: DoorQuestion = {
  field: "door_min_age",
  label: "Mindestalter",
  options: [
    { value: "16", label: "ab 16" },
    { value: "18", label: "ab 18" },
    { value: "21", label: "ab 21" },
  ],
};

/** The questions a club and a party both answer, in the card's order. */
export const doorQuestions: DoorQuestion[] = [
  {
    field: "door_parental_consent",
    label: "Muttizettel",
    hint: "Erziehungsbeauftragung nach dem Jugendschutzgesetz – nur ab 16 sinnvoll.",
    options: [
      { value: "yes", label: "Wird akzeptiert" },
      { value: "no", label: "Wird nicht akzeptiert" },
    ],
  },
  { field: "door_id_required", label: "Ausweis nötig", options: yesNo },
  {
    field: "door_photo_policy",
    label: "Fotos",
    options: [
      { value: "no_photos", label: "Keine Fotos" },
      { value: "sticker", label: "Handykamera wird abgeklebt" },
      { value: "allowed", label: "Fotos erlaubt" },
    ],
  },
  { field: "door_awareness_team", label: "Awareness-Team vor Ort", options: yesNo },
  {
    field: "door_awareness_contact",
    label: "Wo ist das Awareness-Team zu finden?",
    hint: "Zum Beispiel: Lila Westen, Infopoint am Eingang.",
    options: null,
  },
  { field: "door_step_free", label: "Stufenloser Eingang", options: yesNo },
  { field: "door_accessible_toilet", label: "Barrierefreie Toilette", options: yesNo },
  { field: "door_quiet_room", label: "Ruheraum", options: yesNo },
  {
    field: "door_payment_door",
    label: "Bezahlen an der Tür",
    options: payment,
  },
  {
    field: "door_payment_bar",
    label: "Bezahlen an der Bar",
    options: payment,
  },
  { field: "door_re_entry", label: "Wiedereinlass", options: yesNo },
  { field: "door_cloakroom", label: "Garderobe", options: yesNo },
  { field: "door_smoking_area", label: "Raucherbereich", options: yesNo },
];

export type DoorIcon =
  | "age"
  | "consent"
  | "id"
  | "photo"
  | "awareness"
  | "access"
  | "quiet"
  | "payment"
  | "reentry"
  | "cloakroom"
  | "smoking";

export interface DoorLine {
  icon: DoorIcon;
  text: string;
  /** How to find the awareness team. */
  detail?: string;
}

const said = (value: boolean | undefined, yes: string, no: string) =>
  value === undefined ? [] : [value ? yes : no];

const paymentText = (place: string, kind: DoorFacts["paymentDoor"]) =>
  kind === undefined ? [] : [`${place} ${kind === "card" ? "auch mit Karte" : "nur bar"}`];

const photoTexts = {
  no_photos: "Keine Fotos",
  sticker: "Handykamera wird abgeklebt",
  allowed: "Fotos erlaubt",
} as const;

/** The card's lines: only what is stated, each with its icon. */
export function doorLines(facts: DoorFacts): DoorLine[] {
  const lines = (icon: DoorIcon, texts: string[]) => texts.map((text) => ({ icon, text }));
  const awareness: DoorLine[] =
    facts.awarenessTeam === true
      ? [
          {
            icon: "awareness",
            text: "Awareness-Team vor Ort",
            ...(facts.awarenessContact ? { detail: facts.awarenessContact } : {}),
          },
        ]
      : lines("awareness", said(facts.awarenessTeam, "", "Kein Awareness-Team"));
  return [
    ...lines("age", facts.minAge === undefined ? [] : [`Ab ${facts.minAge} Jahren`]),
    ...lines(
      "consent",
      said(facts.parentalConsent, "Muttizettel wird akzeptiert", "Kein Muttizettel"),
    ),
    ...lines("id", said(facts.idRequired, "Ausweis mitbringen", "Kein Ausweis nötig")),
    ...lines("photo", facts.photoPolicy ? [photoTexts[facts.photoPolicy]] : []),
    ...awareness,
    ...lines("access", said(facts.stepFree, "Stufenloser Eingang", "Eingang mit Stufen")),
    ...lines(
      "access",
      said(facts.accessibleToilet, "Barrierefreie Toilette", "Keine barrierefreie Toilette"),
    ),
    ...lines("quiet", said(facts.quietRoom, "Ruheraum", "Kein Ruheraum")),
    ...lines("payment", paymentText("An der Tür", facts.paymentDoor)),
    ...lines("payment", paymentText("An der Bar", facts.paymentBar)),
    ...lines("reentry", said(facts.reEntry, "Wiedereinlass möglich", "Kein Wiedereinlass")),
    ...lines("cloakroom", said(facts.cloakroom, "Garderobe", "Keine Garderobe")),
    ...lines("smoking", said(facts.smokingArea, "Raucherbereich", "Kein Raucherbereich")),
  ];
}

/** The listings' door filters (query names of GET /api/dates/ and the pages), as chips. */
export const doorFilters = [
  { name: "age16", label: "ab 16" },
  { name: "awareness", label: "mit Awareness-Team" },
  { name: "step_free", label: "barrierefrei" },
  { name: "card", label: "Kartenzahlung" },
] as const;

export type DoorFilterName = (typeof doorFilters)[number]["name"];
