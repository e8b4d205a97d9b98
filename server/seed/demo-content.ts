/**
 * Demo content for a fresh installation: clubs, crews, genres, building blocks for parties,
 * the Impressum/Datenschutz/FAQ pages and the menus. Plain data and pure helpers only; the
 * seeder writes it to the database.
 *
 * Every club and crew here is invented. Streets and postcodes are real-sounding places in
 * Leipzig (the default city) so maps and addresses look plausible, but no real business is meant.
 */
import { AD_DURATIONS } from "#common/constants.ts";
import { formatCents } from "#common/money.ts";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import { legalTexts } from "#server/domain/pages/legal-texts.ts";
import type { NavigationItem } from "#server/db/schema/content.ts";
import type { DoorFacts } from "#common/schemas/door-facts.ts";

export type DemoCategorySlug = "techno" | "house" | "drum-and-bass" | "bass" | "sonstiges";

// ---------------------------------------------------------------------------------------------
// Genres
// ---------------------------------------------------------------------------------------------

export interface DemoGenre {
  name: string;
  slug: string;
  isMain: boolean;
}

export interface DemoGenreCategory {
  name: string;
  slug: DemoCategorySlug;
  genres: DemoGenre[];
}

/** In display order; positions follow the list order. */
export const demoGenreCategories: DemoGenreCategory[] = [
  {
    name: "Techno",
    slug: "techno",
    genres: [
      { name: "Techno", slug: "techno", isMain: true },
      { name: "Hardtechno", slug: "hardtechno", isMain: true },
      { name: "Minimal", slug: "minimal", isMain: false },
      { name: "Acid", slug: "acid", isMain: false },
      { name: "Industrial", slug: "industrial", isMain: false },
    ],
  },
  {
    name: "House",
    slug: "house",
    genres: [
      { name: "House", slug: "house", isMain: true },
      { name: "Deep House", slug: "deep-house", isMain: false },
      { name: "Tech House", slug: "tech-house", isMain: true },
      { name: "Disco", slug: "disco", isMain: false },
      { name: "Afro House", slug: "afro-house", isMain: false },
    ],
  },
  {
    name: "Drum and Bass",
    slug: "drum-and-bass",
    genres: [
      { name: "Drum and Bass", slug: "drum-and-bass", isMain: true },
      { name: "Liquid Funk", slug: "liquid-funk", isMain: false },
      { name: "Neurofunk", slug: "neurofunk", isMain: false },
      { name: "Jungle", slug: "jungle", isMain: false },
      { name: "Jump Up", slug: "jump-up", isMain: false },
    ],
  },
  {
    name: "Bass",
    slug: "bass",
    genres: [
      { name: "Dubstep", slug: "dubstep", isMain: true },
      { name: "UK Garage", slug: "uk-garage", isMain: false },
      { name: "Breakbeat", slug: "breakbeat", isMain: false },
      { name: "Bass Music", slug: "bass-music", isMain: false },
      { name: "Grime", slug: "grime", isMain: false },
    ],
  },
  {
    name: "Sonstiges",
    slug: "sonstiges",
    genres: [
      { name: "Electro", slug: "electro", isMain: true },
      { name: "Trance", slug: "trance", isMain: true },
      { name: "Ambient", slug: "ambient", isMain: false },
      { name: "Hip-Hop", slug: "hip-hop", isMain: false },
      { name: "Dub", slug: "dub", isMain: false },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Clubs
// ---------------------------------------------------------------------------------------------

/** The centre the club coordinates below were laid out around (Leipzig). */
const DEMO_CITY_CENTRE = { lat: 51.3397, lng: 12.3731 } as const;

interface DemoClubData {
  name: string;
  address: string;
  postcode: string;
  lat: number;
  lng: number;
  description: string;
  website?: string;
}

const clubData: DemoClubData[] = [
  {
    name: "Kesselhaus West",
    address: "Naumburger Straße 44",
    postcode: "04229",
    lat: 51.3225,
    lng: 12.3405,
    description:
      "Im alten Kesselhaus einer Gießerei wartet ein Floor mit sechs Metern Deckenhöhe und einer Anlage, die Du im Magen spürst. Hier läuft Techno ohne Kompromisse, meistens bis weit in den Sonntag.",
    website: "https://kesselhaus-west.example",
  },
  {
    name: "Umspannwerk Süd",
    address: "Richard-Lehmann-Straße 58",
    postcode: "04275",
    lat: 51.3175,
    lng: 12.379,
    description:
      "Zwei Floors in einem ehemaligen Umspannwerk: unten roher Beton und Strobo, oben ein kleiner Raum für House und Disco. Komm früh, die Schlange wird nach eins lang.",
    website: "https://umspannwerk-sued.example",
  },
  {
    name: "Lokschuppen Ost",
    address: "Eisenbahnstraße 141",
    postcode: "04315",
    lat: 51.3465,
    lng: 12.4125,
    description:
      "Ein Lokschuppen mit Drehscheibe im Hof, der im Sommer zum Open-Air-Floor wird. Drinnen erwarten Dich Drum and Bass, Jungle und viel Nebel.",
  },
  {
    name: "Halle Neun",
    address: "Spinnereistraße 9",
    postcode: "04179",
    lat: 51.3318,
    lng: 12.3175,
    description:
      "Eine riesige Fabrikhalle auf dem alten Baumwollgelände, die nur für besondere Nächte öffnet. Wenn hier etwas stattfindet, solltest Du es nicht verpassen.",
    website: "https://halle-neun.example",
  },
  {
    name: "Kellerclub Bodenlos",
    address: "Karl-Liebknecht-Straße 82",
    postcode: "04275",
    lat: 51.325,
    lng: 12.3752,
    description:
      "Ein verwinkelter Gewölbekeller direkt an der Karli mit Platz für rund 200 Leute. Klein, laut, verschwitzt – genau so, wie Du es magst.",
  },
  {
    name: "Betonwerk",
    address: "Industriestraße 31",
    postcode: "04229",
    lat: 51.3235,
    lng: 12.339,
    description:
      "Nackter Beton, ein Funktion-One-Stack und kaum Licht: Im Betonwerk zählt nur der Sound. Perfekt für Deine lange Techno-Nacht.",
    website: "https://betonwerk.example",
  },
  {
    name: "Schaltzentrale",
    address: "Gerichtsweg 28",
    postcode: "04103",
    lat: 51.3385,
    lng: 12.3915,
    description:
      "In der ehemaligen Schaltzentrale einer Druckerei tanzt Du zwischen alten Schaltschränken. Das Programm reicht von Electro bis Minimal.",
  },
  {
    name: "Fabrik 23",
    address: "Zschochersche Straße 23",
    postcode: "04229",
    lat: 51.333,
    lng: 12.3385,
    description:
      "Drei Etagen Fabrik mit Dachterrasse und Blick über den Westen. Hier findest Du House, Tech House und im Sommer die besten Sonnenaufgänge.",
    website: "https://fabrik23.example",
  },
  {
    name: "Zwischenraum",
    address: "Kochstraße 132",
    postcode: "04277",
    lat: 51.316,
    lng: 12.378,
    description:
      "Ein kollektiv betriebener Club mit Awareness-Team und fairen Preisen. Im Zwischenraum bist Du willkommen, egal wer Du bist.",
  },
  {
    name: "Hafenbar",
    address: "Plautstraße 80",
    postcode: "04179",
    lat: 51.3345,
    lng: 12.304,
    description:
      "Eine Bar mit kleinem Floor direkt am Hafenbecken. Im Sommer sitzt Du auf dem Steg, im Winter rückt man drinnen eng zusammen.",
  },
  {
    name: "Gleis 5",
    address: "Berliner Straße 69",
    postcode: "04129",
    lat: 51.356,
    lng: 12.388,
    description:
      "Unter den Bahnbögen hinter dem Hauptbahnhof rumpelt nicht nur der Zug über Dir. Gleis 5 ist die Adresse für Bass Music, Dubstep und UK Garage.",
    website: "https://gleis5.example",
  },
  {
    name: "Tiefgarage",
    address: "Brühl 52",
    postcode: "04109",
    lat: 51.3432,
    lng: 12.3775,
    description:
      "Mitten in der Innenstadt geht es zwei Ebenen unter die Erde. In der Tiefgarage erwarten Dich Tech House und lange Afterhours.",
  },
  {
    name: "Pumpwerk",
    address: "Wolfgang-Heinze-Straße 12",
    postcode: "04277",
    lat: 51.3105,
    lng: 12.3785,
    description:
      "Das alte Pumpwerk im Süden ist Wohnzimmer für die Drum-and-Bass-Szene. Rechne mit vollen Nächten und einem Publikum, das jede Rewind-Forderung ernst meint.",
  },
  {
    name: "Kohlebunker",
    address: "Lützner Straße 91",
    postcode: "04177",
    lat: 51.333,
    lng: 12.323,
    description:
      "Ein Bunker aus Backstein, in dem früher Kohle lagerte. Heute bekommst Du hier Hardtechno und Industrial in voller Lautstärke.",
  },
  {
    name: "Dachkammer",
    address: "Gottschedstraße 16",
    postcode: "04109",
    lat: 51.3405,
    lng: 12.368,
    description:
      "Eine kleine Bar unterm Dach mit Plattenspielern statt Playlist. Perfekt, wenn Du vor dem Club noch etwas Deep House hören willst.",
  },
  {
    name: "Wasserturm Ost",
    address: "Riebeckstraße 63",
    postcode: "04317",
    lat: 51.331,
    lng: 12.412,
    description:
      "Im Sockel eines alten Wasserturms liegt ein runder Floor mit besonderer Akustik. Ambient-Nächte und Live-Sets sind hier zu Hause.",
    website: "https://wasserturm-ost.example",
  },
  {
    name: "Rote Halle",
    address: "Torgauer Straße 233",
    postcode: "04347",
    lat: 51.362,
    lng: 12.433,
    description:
      "Eine Lagerhalle im Gewerbegebiet, rot gestrichen und mit Platz für über 1.000 Leute. Für große Raves nimmst Du hier gern die Straßenbahn bis zur Endstation.",
  },
  {
    name: "Lichthof",
    address: "Karl-Heine-Straße 85",
    postcode: "04229",
    lat: 51.3315,
    lng: 12.331,
    description:
      "Ein gläserner Innenhof mit Bäumen, Bar und einem Floor für House und Disco. Wenn die Sonne aufgeht, wird es hier besonders schön.",
    website: "https://lichthof.example",
  },
  {
    name: "Blaue Stunde",
    address: "Bornaische Straße 54",
    postcode: "04277",
    lat: 51.3075,
    lng: 12.385,
    description:
      "Eine Eckkneipe, die ab Mitternacht zum Club wird. Hier triffst Du die halbe Nachbarschaft und hörst alles von Dub bis Breakbeat.",
  },
  {
    name: "Parkdeck 4",
    address: "Rosa-Luxemburg-Straße 20",
    postcode: "04103",
    lat: 51.3455,
    lng: 12.3865,
    description:
      "Ganz oben auf einem Parkhaus tanzt Du mit Blick über die Dächer. Im Sommer Open Air, im Winter unter einer großen Zeltplane.",
  },
  {
    name: "Funkhaus Süd",
    address: "Kurt-Eisner-Straße 68",
    postcode: "04275",
    lat: 51.321,
    lng: 12.364,
    description:
      "Ein ehemaliges Sendegebäude mit gedämmten Studios als Floors. Der Sound ist glasklar, die Line-ups sind es meistens auch.",
    website: "https://funkhaus-sued.example",
  },
  {
    name: "Garage Connewitz",
    address: "Meusdorfer Straße 47",
    postcode: "04277",
    lat: 51.309,
    lng: 12.391,
    description:
      "Eine Autowerkstatt, die am Wochenende die Hebebühnen zur Seite schiebt. Erwarte Jungle, Grime und Soli-Partys für gute Zwecke.",
  },
  {
    name: "Kantine Ost",
    address: "Wurzner Straße 70",
    postcode: "04315",
    lat: 51.343,
    lng: 12.415,
    description:
      "Die alte Werkskantine hat noch ihre Kacheln und ihre Essensausgabe – die ist jetzt die Bar. Donnerstags gibt es hier oft Minimal zum Feierabend.",
  },
  {
    name: "Mühle 11",
    address: "Holbeinstraße 11",
    postcode: "04229",
    lat: 51.3205,
    lng: 12.3315,
    description:
      "In einer alten Getreidemühle an der Weißen Elster wartet ein Floor über drei Ebenen. Von der Galerie aus siehst Du das ganze Geschehen.",
    website: "https://muehle11.example",
  },
  {
    name: "Frequenz",
    address: "Georg-Schwarz-Straße 120",
    postcode: "04177",
    lat: 51.3445,
    lng: 12.3165,
    description:
      "Ein kleiner, dunkler Club mit einer der besten Anlagen der Stadt. Ideal, wenn Du Trance und Acid in Ruhe und laut hören willst.",
  },
  {
    name: "Druckerei",
    address: "Prager Straße 36",
    postcode: "04317",
    lat: 51.329,
    lng: 12.3985,
    description:
      "Zwischen stillgelegten Druckmaschinen feierst Du hier zu Techno und Electro. Im Hof gibt es Feuerschalen und Club-Mate.",
    website: "https://druckerei-club.example",
  },
  {
    name: "Spiegelsaal",
    address: "Merseburger Straße 102",
    postcode: "04177",
    lat: 51.3375,
    lng: 12.33,
    description:
      "Ein alter Ballsaal mit Spiegelwänden und Kronleuchtern. Disco und House klingen hier, als wären sie dafür gemacht.",
  },
  {
    name: "Weichenwerk",
    address: "Dessauer Straße 18",
    postcode: "04129",
    lat: 51.3665,
    lng: 12.383,
    description:
      "Ein Hallenkomplex auf einem alten Bahngelände im Norden mit drei Floors. Hier kannst Du Dich die ganze Nacht zwischen Techno, Bass und House entscheiden.",
  },
  {
    name: "Silo",
    address: "Saalfelder Straße 8",
    postcode: "04179",
    lat: 51.3345,
    lng: 12.323,
    description:
      "Ein runder Betonsilo mit Floor ganz unten und Chill-out ganz oben. Die Treppe dazwischen wirst Du morgens spüren.",
    website: "https://silo-club.example",
  },
  {
    name: "Uferlos",
    address: "Nonnenstraße 44",
    postcode: "04229",
    lat: 51.3285,
    lng: 12.347,
    description:
      "Ein Gelände direkt am Kanal mit Strand, Floor unter freiem Himmel und Holzhütten. Von Mai bis September findest Du hier die schönsten Tagpartys.",
  },
  {
    name: "Hinterhof Eins",
    address: "Hermann-Liebmann-Straße 31",
    postcode: "04315",
    lat: 51.347,
    lng: 12.401,
    description:
      "Durch die Toreinfahrt, zweimal links, dann hörst Du es schon. Ein DIY-Ort mit Soli-Eintritt und viel Herz.",
  },
  {
    name: "Stellwerk Nord",
    address: "Georg-Schumann-Straße 171",
    postcode: "04159",
    lat: 51.37,
    lng: 12.349,
    description:
      "Ein altes Stellwerk mit Blick auf die Gleise und einem Floor, der nach oben offen ist. Hier erwarten Dich Breakbeat, Electro und lange Nächte.",
  },
];

export interface DemoClub {
  name: string;
  /** "in der Halle Neun" (decision 0124). */
  placePhrase: string;
  address: string;
  postcode: string;
  city: string;
  lat: number;
  lng: number;
  description: string;
  website: string | null;
  /** "Einlass & Awareness" defaults (decision 0220); most demo clubs state none. */
  doorFacts: DoorFacts;
}

/** A few clubs' door facts, so the demo's party pages show the card and the filters find some. */
const demoDoorFacts: Record<string, DoorFacts> = {
  "Kesselhaus West": {
    minAge: 18,
    parentalConsent: false,
    idRequired: true,
    photoPolicy: "sticker",
    awarenessTeam: true,
    awarenessContact: "Lila Westen, Infopoint am Eingang",
    stepFree: true,
    accessibleToilet: true,
    quietRoom: true,
    paymentDoor: "card",
    paymentBar: "card",
    reEntry: false,
    cloakroom: true,
    smokingArea: true,
  },
  "Halle Neun": {
    minAge: 16,
    parentalConsent: true,
    idRequired: true,
    awarenessTeam: true,
    awarenessContact: "Orange Bändchen, Awareness-Raum neben der Garderobe",
    stepFree: true,
    paymentDoor: "card",
    paymentBar: "card",
    cloakroom: true,
  },
  Schaltzentrale: {
    minAge: 18,
    photoPolicy: "no_photos",
    awarenessTeam: true,
    stepFree: false,
    paymentDoor: "cash",
    paymentBar: "card",
    reEntry: true,
    smokingArea: true,
  },
  Hafenbar: {
    minAge: 21,
    idRequired: true,
    paymentDoor: "cash",
    paymentBar: "cash",
    cloakroom: false,
  },
};

/** The demo clubs whose name does not take "im": their own article and preposition. */
const demoPlacePhrases: Record<string, string> = {
  "Halle Neun": "in der Halle Neun",
  Schaltzentrale: "in der Schaltzentrale",
  "Fabrik 23": "in der Fabrik 23",
  Hafenbar: "in der Hafenbar",
  "Gleis 5": "auf Gleis 5",
  Tiefgarage: "in der Tiefgarage",
  Dachkammer: "in der Dachkammer",
  "Rote Halle": "in der Roten Halle",
  "Blaue Stunde": "in der Blauen Stunde",
  "Parkdeck 4": "auf dem Parkdeck 4",
  "Garage Connewitz": "in der Garage Connewitz",
  "Kantine Ost": "in der Kantine Ost",
  "Mühle 11": "in der Mühle 11",
  Frequenz: "in der Frequenz",
  Druckerei: "in der Druckerei",
};

/**
 * The demo clubs for the configured city: the city name is the configured one, and the
 * coordinates are moved by the distance between that city's centre and Leipzig's, so the map
 * stays sensible for another CITY_NAME/CITY_LAT/CITY_LNG.
 */
export function demoClubs(city: { name: string; lat: number; lng: number }): DemoClub[] {
  const dLat = city.lat - DEMO_CITY_CENTRE.lat;
  const dLng = city.lng - DEMO_CITY_CENTRE.lng;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return clubData.map((club) => ({
    name: club.name,
    placePhrase: demoPlacePhrases[club.name] ?? `im ${club.name}`,
    address: club.address,
    postcode: club.postcode,
    city: city.name,
    lat: round(club.lat + dLat),
    lng: round(club.lng + dLng),
    description: club.description,
    website: club.website ?? null,
    doorFacts: demoDoorFacts[club.name] ?? {},
  }));
}

/** Places without a club entry, for parties with a free address. */
export const demoFreeVenues: { name: string; address: string; postcode: string }[] = [
  { name: "Brachfläche am Kanal", address: "Weißenfelser Straße 65", postcode: "04229" },
  { name: "Ehemaliges Straßenbahndepot", address: "Angerstraße 40", postcode: "04177" },
  { name: "Wiese am Auensee", address: "Gustav-Esche-Straße 5", postcode: "04159" },
  { name: "Hinterhof der Kunstwerkstatt", address: "Dieskaustraße 12", postcode: "04229" },
  { name: "Alte Gärtnerei", address: "Zweinaundorfer Straße 21", postcode: "04318" },
  { name: "Lagerhalle am Güterbahnhof", address: "Lagerhofstraße 4", postcode: "04103" },
];

// ---------------------------------------------------------------------------------------------
// Organisers
// ---------------------------------------------------------------------------------------------

export interface DemoOrganizer {
  name: string;
  /** The name the crew's party series goes by, used in event titles. */
  series: string;
  focus: DemoCategorySlug;
  description: string;
  /** Handles without "@". */
  instagram: string;
  tiktok?: string;
  facebook?: string;
  website?: string;
}

export const demoOrganizers: DemoOrganizer[] = [
  // Techno
  {
    name: "Kollektiv Nachtschicht",
    series: "Nachtschicht",
    focus: "techno",
    description:
      "Seit 2014 holen wir Techno-DJs aus ganz Europa in die Stadt. Unsere Nachtschicht geht immer bis mindestens acht Uhr morgens – bring gute Schuhe mit.",
    instagram: "kollektiv.nachtschicht",
    facebook: "kollektivnachtschicht",
    website: "https://nachtschicht.example",
  },
  {
    name: "Acid Amt",
    series: "Acid Amt",
    focus: "techno",
    description:
      "Bei uns quietscht die 303. Wir sind drei Freund*innen mit einer Schwäche für Acid und Live-Hardware.",
    instagram: "acid.amt",
  },
  {
    name: "Tiefgang Kollektiv",
    series: "Tiefgang",
    focus: "techno",
    description:
      "Hypnotischer, dubbiger Techno und lange Sets statt Stundenwechsel. Wir glauben, dass eine gute Nacht Zeit braucht.",
    instagram: "tiefgang.kollektiv",
    tiktok: "tiefgangkollektiv",
  },
  {
    name: "Betonklang",
    series: "Betonklang",
    focus: "techno",
    description:
      "Industrial und Techno in Räumen, die sonst leer stehen. Folge uns, damit Du die Location rechtzeitig erfährst.",
    instagram: "betonklang",
  },
  {
    name: "Maschinenraum Crew",
    series: "Maschinenraum",
    focus: "techno",
    description:
      "Live-Acts only: Bei unseren Nächten steht keine einzige Platte auf dem Pult, sondern Drumcomputer, Synths und Kabelsalat.",
    instagram: "maschinenraum.crew",
    facebook: "maschinenraumcrew",
  },
  {
    name: "Stahlwerk Sound",
    series: "Stahlwerk",
    focus: "techno",
    description:
      "Hardtechno mit 150 BPM und mehr. Wir feiern laut, schnell und mit viel Liebe zur Szene.",
    instagram: "stahlwerk.sound",
    tiktok: "stahlwerksound",
  },
  {
    name: "Hart & Herzlich",
    series: "Hart & Herzlich",
    focus: "techno",
    description:
      "Harte Kicks, weiche Herzen: Wir machen Hardtechno-Partys mit Awareness-Konzept und queerem Line-up.",
    instagram: "hartundherzlich",
    tiktok: "hartundherzlich",
  },
  {
    name: "Raumfahrt Kollektiv",
    series: "Raumfahrt",
    focus: "techno",
    description:
      "Minimal und Deep Tech für alle, die lieber stundenlang schweben als springen. Wir legen Wert auf Licht und Deko.",
    instagram: "raumfahrt.kollektiv",
  },
  {
    name: "Schwarzlicht",
    series: "Schwarzlicht",
    focus: "techno",
    description:
      "Unsere Partys finden komplett im UV-Licht statt. Trag etwas Weißes und lass Dich von Techno und Neon überraschen.",
    instagram: "schwarzlicht.rave",
  },
  {
    name: "Kollektiv Kaltfront",
    series: "Kaltfront",
    focus: "techno",
    description:
      "Kühle Synthesizer, EBM-Einflüsse und Techno aus dem Osten. Wir sind ein Kollektiv aus DJs, Visual Artists und Veranstalter*innen.",
    instagram: "kollektiv.kaltfront",
  },
  {
    name: "Nebelmaschine",
    series: "Nebelmaschine",
    focus: "techno",
    description:
      "Wenn Du die Hand vor Augen nicht mehr siehst, bist Du richtig bei uns. Techno, Nebel und ein Strobo – mehr braucht es nicht.",
    instagram: "nebelmaschine.party",
  },
  {
    name: "Warehouse Wochenende",
    series: "Warehouse",
    focus: "techno",
    description:
      "Wir bespielen leerstehende Hallen mit großen Line-ups. Tickets gibt es meist nur im Vorverkauf, also sei schnell.",
    instagram: "warehouse.wochenende",
    facebook: "warehousewochenende",
  },
  // House
  {
    name: "Discokugel e. V.",
    series: "Discokugel",
    focus: "house",
    description:
      "Ein Verein für Disco, Boogie und alles, was glitzert. Unser Eintritt finanziert Workshops für junge DJs.",
    instagram: "discokugel.ev",
    facebook: "discokugelev",
    website: "https://discokugel.example",
  },
  {
    name: "Deep Sunday Kollektiv",
    series: "Deep Sunday",
    focus: "house",
    description:
      "Sonntag ist unser Lieblingstag: Deep House ab dem Nachmittag, bis der Montag anklopft.",
    instagram: "deepsunday.kollektiv",
  },
  {
    name: "Groove Garten",
    series: "Groove Garten",
    focus: "house",
    description:
      "Im Sommer draußen, im Winter drinnen, immer mit House und viel Grün. Bring Deine Freund*innen mit.",
    instagram: "groove.garten",
    tiktok: "groovegarten",
  },
  {
    name: "Housemeister",
    series: "Housemeister",
    focus: "house",
    description:
      "Chicago, Detroit und Berlin in einer Nacht: Wir spielen House-Klassiker und neue Platten gleichberechtigt.",
    instagram: "housemeister.crew",
  },
  {
    name: "Vinyl Vereinigung",
    series: "Vinyl Only",
    focus: "house",
    description:
      "Bei uns läuft ausschließlich Vinyl. Wir sind Plattensammler*innen, die ihre Schätze gerne teilen.",
    instagram: "vinyl.vereinigung",
  },
  {
    name: "Sonnendeck Crew",
    series: "Sonnendeck",
    focus: "house",
    description:
      "Tech House und Afro House unter freiem Himmel. Sobald es warm ist, findest Du uns auf Dächern und Wiesen.",
    instagram: "sonnendeck.crew",
    tiktok: "sonnendeckcrew",
  },
  {
    name: "Afterhour Amigos",
    series: "Afterhour Amigos",
    focus: "house",
    description:
      "Wir fangen an, wenn andere aufhören. Unsere Afterhours starten früh am Morgen und enden, wenn der letzte Gast geht.",
    instagram: "afterhour.amigos",
  },
  {
    name: "Tanzwerk",
    series: "Tanzwerk",
    focus: "house",
    description:
      "House-Partys für alle, die tanzen wollen statt filmen. Handys bleiben bei uns mit Sticker in der Tasche.",
    instagram: "tanzwerk.party",
    facebook: "tanzwerkparty",
  },
  // Drum and Bass
  {
    name: "Bassfabrik Crew",
    series: "Bassfabrik",
    focus: "drum-and-bass",
    description:
      "Die Bassfabrik steht seit über zehn Jahren für Drum and Bass in der Stadt. Wir holen internationale Headliner und fördern lokale Talente.",
    instagram: "bassfabrik.crew",
    facebook: "bassfabrikcrew",
    tiktok: "bassfabrik",
    website: "https://bassfabrik.example",
  },
  {
    name: "Jungle Juice",
    series: "Jungle Juice",
    focus: "drum-and-bass",
    description:
      "Amen-Breaks, Ragga-Samples und Bässe aus der Steckdose. Jungle ist nicht tot, er wohnt bei uns.",
    instagram: "junglejuice.crew",
  },
  {
    name: "Rollers Only",
    series: "Rollers Only",
    focus: "drum-and-bass",
    description:
      "Rollende Basslines, keine Drops zum Selbstzweck. Wir spielen Drum and Bass für den Floor, nicht für den Feed.",
    instagram: "rollers.only",
  },
  {
    name: "Liquid Lounge",
    series: "Liquid Lounge",
    focus: "drum-and-bass",
    description:
      "Melodischer Liquid Funk, Soul-Samples und gute Laune. Perfekt, wenn Du Drum and Bass zum ersten Mal ausprobieren willst.",
    instagram: "liquid.lounge",
    tiktok: "liquidlounge",
  },
  {
    name: "Neurotisch",
    series: "Neurotisch",
    focus: "drum-and-bass",
    description:
      "Neurofunk in seiner dunkelsten Form. Unsere Partys sind laut, schnell und technisch anspruchsvoll.",
    instagram: "neurotisch.dnb",
  },
  {
    name: "Amen Brüder",
    series: "Amen Brüder",
    focus: "drum-and-bass",
    description:
      "Zwei Brüder, ein Plattenkoffer und eine Mission: Jump Up und Jungle für die ganze Stadt.",
    instagram: "amen.brueder",
    facebook: "amenbrueder",
  },
  {
    name: "174 Kollektiv",
    series: "174 Nights",
    focus: "drum-and-bass",
    description:
      "Alles mit 174 BPM ist bei uns willkommen: Drum and Bass, Footwork und Halftime. Wir sind ein offenes Kollektiv und suchen immer neue Leute.",
    instagram: "174.kollektiv",
  },
  {
    name: "Dschungelfunk",
    series: "Dschungelfunk",
    focus: "drum-and-bass",
    description:
      "Wir sind eine Radioshow, die ab und zu den Club übernimmt. Live-Übertragung inklusive, Mitsingen erwünscht.",
    instagram: "dschungelfunk",
    tiktok: "dschungelfunk",
  },
  // Bass
  {
    name: "Wobble Werk",
    series: "Wobble Werk",
    focus: "bass",
    description:
      "Dubstep mit Gewicht: Wir stellen extra Bassboxen auf, damit Du die Wobbles auch wirklich spürst.",
    instagram: "wobble.werk",
    tiktok: "wobblewerk",
  },
  {
    name: "Garage Sessions",
    series: "Garage Sessions",
    focus: "bass",
    description:
      "2-Step, Speed Garage und UK-Sound von damals bis heute. Unsere Sessions sind entspannt und trotzdem voll.",
    instagram: "garage.sessions",
  },
  {
    name: "Breaks & Beats",
    series: "Breaks & Beats",
    focus: "bass",
    description:
      "Breakbeat, Nu Skool Breaks und alles mit gebrochenem Takt. Wir bringen die Breaks zurück auf die Tanzfläche.",
    instagram: "breaksandbeats",
    facebook: "breaksandbeatscrew",
  },
  {
    name: "Subkultur Süd",
    series: "Subkultur",
    focus: "bass",
    description:
      "Ein Zusammenschluss junger Bass-DJs aus dem Süden der Stadt. Wir veranstalten Soli-Partys und Workshops.",
    instagram: "subkultur.sued",
  },
  {
    name: "Tiefton Kollektiv",
    series: "Tiefton",
    focus: "bass",
    description:
      "Bass Music ohne Schubladen: Dubstep, Footwork, Halftime und Experimente. Hauptsache, der Tiefton stimmt.",
    instagram: "tiefton.kollektiv",
  },
  {
    name: "Grime Time",
    series: "Grime Time",
    focus: "bass",
    description:
      "MCs und DJs, die Grime lieben. Bei uns gibt es offene Mics, Clashes und jede Menge Energie.",
    instagram: "grimetime.crew",
    tiktok: "grimetimecrew",
  },
  // Sonstiges
  {
    name: "Trancemission",
    series: "Trancemission",
    focus: "sonstiges",
    description:
      "Trance ist zurück – und wir waren nie weg. Hände hoch für große Melodien, Lasershow und 140 BPM.",
    instagram: "trancemission.party",
    tiktok: "trancemission",
  },
  {
    name: "Electro Elektrik",
    series: "Electro Elektrik",
    focus: "sonstiges",
    description:
      "Detroit Electro, Miami Bass und Robotersound. Wir spielen die Musik, mit der alles angefangen hat.",
    instagram: "electro.elektrik",
  },
  {
    name: "Ambient Frühstück",
    series: "Ambient Frühstück",
    focus: "sonstiges",
    description:
      "Sonntagmorgens mit Kaffee, Croissants und Ambient in Liegestühlen. Der sanfteste Ausklang Deines Wochenendes.",
    instagram: "ambient.fruehstueck",
  },
  {
    name: "Dub Club Ost",
    series: "Dub Club",
    focus: "sonstiges",
    description:
      "Ein eigenes Soundsystem, viel Hall und Roots-Reggae bis Steppers. Wir feiern Dub-Kultur in all ihren Facetten.",
    instagram: "dubclub.ost",
    facebook: "dubclubost",
  },
  {
    name: "Hinterhof Hip-Hop",
    series: "Hinterhof Jam",
    focus: "sonstiges",
    description:
      "Boom-Bap, Beats und Breakdance im Hinterhof. Bei unseren Jams darf jede*r mitmachen.",
    instagram: "hinterhof.hiphop",
    tiktok: "hinterhofhiphop",
  },
  {
    name: "Klangkollaps",
    series: "Klangkollaps",
    focus: "sonstiges",
    description:
      "Wir mischen Genres, bis sie zusammenbrechen: Electro trifft Trance trifft Breaks. Komm offen und geh überrascht.",
    instagram: "klangkollaps",
  },
];

// ---------------------------------------------------------------------------------------------
// Event building blocks
// ---------------------------------------------------------------------------------------------

/** Invented artist names. */
export const demoArtists: string[] = [
  "Mara Lenz",
  "Kessler & Jansen",
  "DJ Plattenbau",
  "Nina Sturm",
  "Tarek Amin",
  "Lumen",
  "Anouk B.",
  "Sofie Raum",
  "Jonas Kettel",
  "Elif Kaya",
  "Basstard Benni",
  "MC Rotor",
  "Kira Nachtweh",
  "Oskar Fuchs",
  "Helixa",
  "Rhea Vogt",
  "Moritz Beton",
  "Juna",
  "Felix Fliese",
  "Ostwind",
  "Parallaxe",
  "Kalle Kollaps",
  "Yara S.",
  "Dubwise Dani",
  "Lia Lux",
  "Fenja",
  "Tom Tiefton",
  "Noor",
  "Vincent Voltage",
  "Ida Instabil",
  "Bruno Breaks",
  "Sara Sub",
  "Kolja K.",
  "Milla Moor",
  "DJ Pfandflasche",
  "Ronja Rave",
  "Emil Echo",
  "Leni Loop",
  "Zora Zirkel",
  "Hannes Hertz",
  "Aylin Acid",
  "Matteo Modular",
];

/**
 * Title templates for night events. Placeholders: {series}, {series2}, {organizer}, {artist},
 * {artist2}, {genre}, {n}.
 */
export const demoNightTitleTemplates: string[] = [
  "{series} mit {artist}",
  "{series} mit {artist}",
  "{series} mit {artist} & {artist2}",
  "{organizer} presents {artist}",
  "{series} #{n}",
  "{series}: {artist} all night long",
  "{series} – {genre} bis zum Morgen",
  "{series} x {series2}",
  "{artist} (live) – {series}",
  "{series} Labelnacht",
  "{genre} Nacht mit {artist}",
  "{series} Release Party",
];

/** Title templates for day events indoors (Sunday day parties, day raves). */
export const demoDayTitleTemplates: string[] = [
  "Sunday Day Party: {series}",
  "{series} Tagrave mit {artist}",
  "{series} Day Session",
  "{series} am Nachmittag mit {artist}",
];

/** Title templates for day events outdoors, used from May to September. */
export const demoOpenAirTitleTemplates: string[] = [
  "{series} Open Air",
  "{series} Open Air mit {artist}",
  "Sunday Day Party: {series}",
  "Open Air: {genre} im Grünen",
];

/** Used for some techno events on Sunday nights and days. */
export const demoSundayTitleTemplates: string[] = ["Acid Sunday", "Acid Sunday mit {artist}"];

/** Opening sentence of a description. Placeholders as for titles plus {venue}. */
export const demoDescriptionIntros: string[] = [
  "Wir holen **{artist}** zurück – und Du weißt, was das heißt: {genre} bis die Sonne aufgeht.",
  "Zwei Floors, eine Mission: **{genre}** in allen Facetten, diesmal mit {artist} als Headliner.",
  "Endlich wieder {series}! Nach der ausverkauften letzten Ausgabe geht es hier weiter: **{venue}**.",
  "{artist} spielt ein **Extended Set** – genug Zeit für eine Reise quer durch {genre}.",
  "Heute wird der Floor zum Maschinenraum: Live-Hardware, Nebel und **{genre}** ohne Pause.",
  "Unsere Reihe für **{genre}** geht in die nächste Runde, und wir haben Freund*innen mitgebracht.",
  "Zum ersten Mal in der Stadt: **{artist}**. Dazu unsere Residents, die Dich warm spielen.",
  "Eine Nacht für alle, die {genre} lieben – familiär, laut und mit viel Platz zum Tanzen.",
];

/**
 * The shapes of a party's line-up, in running order: [act, floor]; {artist} is the headliner a
 * description may name. The line-up is stored as line-up, never repeated in the description.
 */
export const demoLineupShapes: (readonly [string, string])[][] = [
  [
    ["{artist3}", ""],
    ["{artist}", ""],
    ["{artist2}", ""],
  ],
  [
    ["{artist2}", ""],
    ["{artist}", ""],
  ],
  [
    ["{artist2}", "Floor 1"],
    ["{artist}", "Floor 1"],
    ["{artist3}", "Floor 2"],
  ],
  [
    ["{artist3}", ""],
    ["{artist2}", ""],
    ["{artist}", ""],
  ],
];

/** Closing remarks. */
export const demoDescriptionExtras: string[] = [
  "Unser Awareness-Team ist die ganze Nacht für Dich da – sprich uns einfach an.",
  "Fotos und Videos auf dem Floor sind nicht erwünscht. Am Einlass bekommst Du einen Sticker für Deine Kamera.",
  "Abendkasse nur solange der Vorrat reicht, sichere Dir lieber ein Ticket im Vorverkauf.",
  "Bitte denk an Deinen Ausweis, wir kontrollieren am Einlass.",
  "Der Hof ist geöffnet, es gibt Getränke zu fairen Preisen und Wasser umsonst.",
  "Rassismus, Sexismus, Homo- und Transfeindlichkeit haben bei uns keinen Platz.",
  "Die Party ist barrierearm, der Floor ist ebenerdig erreichbar.",
];

/** Extra lines for day events indoors. */
export const demoDayDescriptionExtras: string[] = [
  "Kaffee und Kuchen gibt es ab Einlass, die Küche hat bis 20 Uhr geöffnet.",
  "Perfekt, wenn Du am Montag wieder fit sein willst: Um 22 Uhr ist Schluss.",
];

/** Extra lines for open airs. */
export const demoOpenAirDescriptionExtras: string[] = [
  "Bei Regen ziehen wir unter das Zeltdach um – die Party findet in jedem Fall statt.",
  "Bring Sonnencreme mit, Schatten gibt es unter den Bäumen.",
];

export interface DemoPrice {
  /** The organiser's words; the amounts are read from them as for any party (decision 0242). */
  text: string;
  /** The text only makes sense for a party running past midnight. */
  nightOnly?: boolean;
}

/** Price texts as organisers write them. */
export const demoPrices: DemoPrice[] = [
  { text: "VVK 12 € / AK 15 €" },
  { text: "VVK 15 € / AK 18 €" },
  { text: "VVK 18 € / AK 22 €" },
  { text: "VVK 22 € / AK 25 €" },
  { text: "VVK 9 € / AK 12 €" },
  { text: "10 €" },
  { text: "12 €" },
  { text: "15 €" },
  { text: "8 €" },
  { text: "5–10 € (Soli-Staffel)" },
  { text: "8–15 € nach Selbsteinschätzung" },
  { text: "bis 0 Uhr 8 €, danach 12 €", nightOnly: true },
  { text: "Eintritt frei" },
  { text: "Eintritt frei, Spende erwünscht" },
];

/** Age limits with weights: 18 most often, none sometimes, 16 rarely. */
export const demoAgeLimits: readonly (readonly [number | null, number])[] = [
  [18, 6],
  [null, 3],
  [16, 2],
];

export const DEMO_TICKET_BASE_URL = "https://tickets.example/e/";

/** Example media links (invented ids) in the formats the embeds understand. */
export const demoMediaUrls: string[] = [
  "https://www.youtube.com/watch?v=Xk3mP9qLw2E",
  "https://www.youtube.com/watch?v=Rt7bN2cVx8Q",
  "https://youtu.be/Hq4sL6dPz1A",
  "https://soundcloud.com/kollektiv-nachtschicht/podcast-042",
  "https://soundcloud.com/bassfabrik-crew/mixtape-17",
  "https://soundcloud.com/tiefton-kollektiv/live-at-gleis-5",
  "https://open.spotify.com/playlist/5ExAmPlEcLuBkAlEnDeR01",
  "https://open.spotify.com/album/3ExAmPlEaLbUmDeMoStAdT",
  "https://open.spotify.com/track/7ExAmPlEtRaCkDeMoPaRtY",
];

/** For online events. */
export const demoOnlineVenues: string[] = ["Livestream auf Twitch", "Online-Stream"];

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

export interface DemoPage {
  slug: string;
  title: string;
  body: string;
}

export function demoPages(site: { siteName: string; cityName: string }): DemoPage[] {
  const { siteName, cityName } = site;
  const adPrices = AD_DURATIONS.map(
    (duration) => `${duration.label}: ${formatCents(duration.priceCents)}`,
  ).join(", ");
  return [
    // The legal pages start from the defaults the site shows without a row (placeholders kept).
    ...legalTexts,
    {
      slug: "faq",
      title: "Häufige Fragen",
      body: `# Häufige Fragen

## Was ist der ${siteName}?

Der ${siteName} sammelt die Partys der Techno-, House- und Drum-and-Bass-Szene in ${cityName} an einem Ort. Du siehst auf einen Blick, was heute Nacht und am Wochenende los ist – in welchem Club, mit welchem Line-up und zu welchem Preis.

## Wie finde ich die passende Party?

Auf der Startseite siehst Du die Partys von heute Nacht. Du kannst nach Datum, Genre und Club filtern oder direkt einen Club aufrufen, um sein Programm zu sehen. Eine Partynacht geht bei uns von 6 Uhr bis 6 Uhr – eine Party, die um 1 Uhr nachts beginnt, findest Du also noch beim Vortag.

## Wie trage ich meine Party ein?

Leg Dir ein kostenloses Konto an, bestätige Deine E-Mail-Adresse und klick auf **Party eintragen**. Gib Titel, Datum, Club oder Adresse und Genres an, gern auch eine Beschreibung. Das Line-up trägst Du im Feld „Line-up“ ein, nicht in die Beschreibung: Dann zeigt die Partyseite es mit Floors und Zeiten. Das Eintragen kostet nichts.

## Meine Party findet jede Woche statt – muss ich sie jedes Mal eintragen?

Nein. Wähl im Formular unter „Wiederholt sich“, wie oft Deine Party stattfindet: jede Woche, alle zwei Wochen oder einmal im Monat, etwa jeden ersten oder letzten Freitag. Gib ein Enddatum an oder lass es leer; eine Serie mit Enddatum hat höchstens 52 Termine. Wir legen die Partys der nächsten acht Wochen an, immer zur selben Uhrzeit, auch über die Zeitumstellung, und halten diesen Vorlauf Woche für Woche voll. Jeder Termin ist eine eigene Party mit eigener Seite und eigenem Line-up: Du kannst ihn einzeln ändern oder absagen. Änderst Du einen Termin, wählst Du „Nur diese Party“ oder „Diese und alle folgenden“. Auf der Bearbeiten-Seite kannst Du die Serie auch pausieren oder beenden; schon eingetragene Termine bleiben dann stehen.

## Können wir unsere Partys als Team pflegen?

Ja. Unter **Mein Bereich → Team** lädst Du als Inhaber*in eines Veranstalter-Profils Leute per E-Mail ein, als Mitglied oder als Inhaber*in. Der Link in der Einladung gilt sieben Tage und nur einmal, und annehmen kann ihn nur das Konto mit der eingeladenen E-Mail-Adresse. Mitglieder tragen die Partys des Profils ein und bearbeiten sie; Leute einladen und entfernen und Partys hervorheben können nur Inhaber*innen. Die Partys gehören dem Profil: Verlässt jemand das Team, bleiben sie, und wer draußen ist, kann sie nicht mehr ändern.

## Kann ich eine Party erst später veröffentlichen?

Ja. Trag im Formular unter „Veröffentlichen am“ Tag und Uhrzeit ein: Bis dahin steht die Party nirgends im Kalender, nicht in der Suche und in keinem Kalender-Abo, und wer Deinem Club oder Veranstalter folgt, hört erst zu diesem Zeitpunkt von ihr. Der Zeitpunkt muss vor dem Beginn der Party liegen. Bis dahin findest Du unter **Meine Events** und beim Bearbeiten einen geheimen Vorschau-Link: Wer ihn hat, sieht die Partyseite schon jetzt, auch ohne Anmeldung – so kannst Du sie Deinem Team oder dem DJ zeigen. Mit „Neuer Vorschau-Link“ machst Du den alten ungültig. Ist die Party öffentlich, führt der Link auf ihre normale Seite.

## Was steht unter „Einlass & Awareness“?

Die Karte „Einlass & Awareness“ oben auf der Partyseite sagt Dir, was Dich an der Tür erwartet: ab welchem Alter Du reinkommst und ob ein Muttizettel angenommen wird, ob Du einen Ausweis brauchst, ob fotografiert werden darf, ob ein Awareness-Team da ist und wie Du es findest, ob der Eingang stufenlos ist, ob es eine barrierefreie Toilette, einen Ruheraum, eine Garderobe und einen Raucherbereich gibt, ob Du an Tür und Bar mit Karte zahlen kannst und ob Du wieder reinkommst. Die Angaben macht der Club für alle seine Partys; die Veranstalter*innen können sie für ihre Party ändern. Was niemand angegeben hat, steht nicht auf der Karte. In der Partyliste kannst Du nach „ab 16“, „mit Awareness-Team“, „barrierefrei“ und „Kartenzahlung“ filtern.

## Was sind Live-Updates von der Tür?

In der Partynacht kann das Team einer Party melden, wie es an der Tür aussieht: „Einlass offen“, „Schlange ca. 20 Min.“, „Einlassstopp“, „Abendkasse ausverkauft“ oder „Timetable geändert“, auf Wunsch mit einem kurzen Zusatz. Die Meldungen stehen mit ihrer Uhrzeit auf der Seite der Party und unter „Jetzt“ und verschwinden um 06:00 Uhr, wenn die Partynacht vorbei ist. Als Benachrichtigung bekommst Du sie, wenn Du die Party gemerkt hast oder dem Club folgst und unter „Folge ich“ die Benachrichtigungen und dann „Live-Updates von der Tür“ einschaltest – ein eigener Schalter, der aus ist, bis Du ihn einschaltest. Pro Party gehen höchstens vier Meldungen in der Stunde raus. Veranstaltest Du die Party, findest Du während der Partynacht auf ihrer Seite „Meldung von der Tür“: antippen, was los ist, und „Senden“.

## Wie zeige ich mein Programm auf meiner eigenen Webseite?

Melde Dich an und öffne in Deinem Bereich **Auf Deiner Webseite einbinden**. Wähle Deinen Club, Deinen Veranstalter oder ein Genre, wie viele Partys erscheinen sollen und ob das Programm hell, dunkel oder passend zum Gerät Deiner Besucher*innen aussieht; die Vorschau zeigt es sofort. Kopiere dann den Rahmen an die Stelle Deiner Seite, an der das Programm stehen soll – das klappt in jedem Baukasten. Erlaubt Deine Seite Skripte, füge auch das kleine Skript ein: Es passt die Höhe des Rahmens an, damit nichts abgeschnitten wird. Das Programm aktualisiert sich von selbst, jede Party führt zu ihrer Seite bei uns, und es setzt keine Cookies und lädt nichts von anderen Servern – einen Cookie-Hinweis brauchst Du dafür nicht. Für Entwickler*innen gibt es dieselben Partys als JSON.

## Kann ich mein Programm aus meinem Kalender übernehmen lassen?

Ja: Unter **Mein Bereich → Kalender-Quellen** trägst Du die Adresse Deines Kalenders (ICS oder webcal, etwa aus Google oder Nextcloud) oder Deiner Webseite ein, wenn sie Deine Veranstaltungen im schema.org-Format (JSON-LD „Event“) enthält. Wir holen Deine Partys stündlich ab, ordnen sie dem Club zu und nehmen den Flyer aus dem Bild der Veranstaltung. Ändert sich im Kalender Zeit oder Ort, ändern wir die Party mit, und wer sie gemerkt hat, erfährt es; verschwindet ein Termin, steht die Party als „Abgesagt“ im Kalender. Was Du hier an einer Party selbst änderst, etwa den Titel, bleibt so. Gibt es die Party im selben Club am selben Abend schon, fragt die Redaktion erst nach, ob es dieselbe ist. Klappt ein Abruf nicht, steht der Grund bei der Quelle.

## Kann ich mich an eine Party erinnern lassen?

Ja. Merk Dir die Party mit dem Herz und tippe daneben auf „Erinnern“ – auf der Seite der Party oder, wenn Du angemeldet bist, auch auf der Seite „Gemerkt“. Am Tag der Party um 15 Uhr bekommst Du dann Beginn, Ort, die Zeiten der Artists, denen Du folgst, und was die Tür zuletzt gemeldet hat: angemeldet per E-Mail, ohne Konto als Benachrichtigung in Deinem Browser (dafür fragt Dein Browser beim ersten Mal, ob er Benachrichtigungen zeigen darf). Eine Party, die nach Mitternacht beginnt, gehört zur Nacht davor – die Erinnerung kommt also am Nachmittag vorher. Jede Party erinnert Dich nur einmal, und für abgesagte Partys kommt keine Erinnerung: Die Absage erfährst Du schon mit der Änderungsnachricht. Mit „Gemerkte Partys automatisch erinnern“ auf der Seite „Gemerkt“ gilt „Erinnern“ für jede Party, die Du ab dann merkst.

## Was ist der Nachtplan?

Mit dem Nachtplan planst Du eine Nacht über mehrere Clubs und Floors: Tipp im Line-up einer Party bei einem Set auf „In den Nachtplan“. Unter „Mein Nachtplan“ siehst Du Deine Sets nach Uhrzeit, Überschneidungen sind markiert, und zwischen zwei Clubs steht, wie lange Du ungefähr zu Fuß brauchst – geschätzt aus der Luftlinie, der Link „Route“ öffnet Deine Karten-App. Der Plan liegt nur in Deinem Browser, Du brauchst kein Konto, und er öffnet sich auch ohne Netz. Über den Link zum Teilen sehen Deine Freund*innen Deinen Plan, ändern können sie ihn nicht; als Kalenderdatei (.ics) nimmst Du ihn in Deinen Kalender mit. Verschiebt ein Club ein Set, steht es im Plan als „verschoben“ mit alter und neuer Uhrzeit.

## Meine Party fällt aus – was jetzt?

Öffne die Party in Deinem Konto und markiere sie als abgesagt. Sie bleibt dann mit dem Hinweis „Abgesagt“ sichtbar, damit niemand umsonst vor der Tür steht.

## Was sind Top-Events?

Top-Events stehen in ihrer Nacht zuerst und tragen die Markierung „${TOP_EVENT_BADGE}“: Ihr Platz ist bezahlt. Du kannst jede Deiner Partys gegen eine Gebühr zum Top-Event machen; die Hervorhebung läuft automatisch mit der Party aus. Bezahlt wird online beim Buchen.

## Kann ich Werbung schalten?

Ja. Du kannst eine Werbeanzeige mit Bild und Link für eine bis vier Wochen buchen (${adPrices}). Die Anzeige erscheint in der Partyliste, in der Seitenleiste oder im Newsletter – je nachdem, was Du buchst.

## Wie funktioniert der Newsletter?

Einmal pro Woche bekommst Du die Partys des kommenden Wochenendes per E-Mail. Nach der Anmeldung schicken wir Dir einen Bestätigungslink (Double-Opt-in); erst wenn Du ihn anklickst, bist Du angemeldet. Abmelden kannst Du Dich jederzeit über den Link in jeder Ausgabe.

## Mein Club fehlt oder hat falsche Angaben. Was kann ich tun?

Schreib uns über die Kontaktadresse im Impressum. Wir ergänzen oder korrigieren den Club so schnell wie möglich.
`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Navigation
// ---------------------------------------------------------------------------------------------

/**
 * The main menu's "Genres" opens the overview `/party/genre`; each category (genre family) links
 * to its family genre, which lists the whole family (decision 0125), or — without one — to its
 * group on the overview. The menu shows one level of children, so the families are those.
 */
export function demoMainMenu(
  categories: DemoGenreCategory[] = demoGenreCategories,
): NavigationItem[] {
  const categoryItems: NavigationItem[] = categories.map((category) => ({
    label: category.name,
    url: category.genres.some((genre) => genre.slug === category.slug)
      ? `/party/genre/${category.slug}`
      : `/party/genre#kategorie-${category.slug}`,
  }));
  return [
    { label: "Partys heute", url: "/" },
    { label: "Clubs", url: "/club" },
    { label: "Genres", url: "/party/genre", children: categoryItems },
    { label: "Newsletter", url: "/newsletter" },
  ];
}

export const demoFooterMenu: NavigationItem[] = [
  { label: "Clubs", url: "/club" },
  { label: "Genres", url: "/party/genre" },
  { label: "Newsletter", url: "/newsletter" },
  { label: "Party eintragen", url: "/events/erstellen" },
  { label: "FAQ", url: "/faq" },
  { label: "Impressum", url: "/impressum" },
  { label: "Datenschutzerklärung", url: "/datenschutzerklaerung" },
];
