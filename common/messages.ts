/** The German validation messages of SPEC §5, word for word. */
export const messages = {
  required: "Pflichtfeld",
  passwordTooShort: (minimum: number, current: number) =>
    `Das Passwort muss mindestens ${minimum} Zeichen lang sein. (Aktuell: ${current})`,
  invalidEmail: "Ungültige E-Mail Adresse!",
  invalidUrl: "Ungültige URL!",
  dateInPast: "Das Datum darf nicht in der Vergangenheit liegen!",
  notANumber: "Bitte gib eine Zahl ein.",
  tooLong: (maximum: number) => `Höchstens ${maximum} Zeichen.`,
  invalidChoice: "Ungültige Auswahl.",
  invalidDate: "Ungültiges Datum.",
  pageOutOfRange: "Ungültige Seite.",
  unknownField: "Unbekanntes Feld.",
} as const;
