import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The domain's folders, lowest first: a folder imports only folders listed before it, so the
 * domain reads one way (docs/development.md). A new folder goes where its imports put it.
 */
const domainFolders = [
  "kernel",
  "health",
  "audit",
  "content-version",
  "settings",
  "visits",
  "uploads",
  "posters",
  "navigation",
  "pages",
  "auth",
  "event-query",
  "lineups",
  "follows",
  "change-alerts",
  "events",
  "door-words",
  "series",
  "artists",
  "genres",
  "clubs",
  "organizers",
  "imports",
  "accounts",
  "moderation",
  "listings",
  "search",
  "promotion-statistics",
  "billing",
  "payments",
  "ads",
  "feeds",
  "saved-parties",
  "reminders",
  "night-plans",
  "seo",
  "newsletter",
  "teams",
  "admin",
];

const domainZones = domainFolders.slice(0, -1).map((folder, index) => ({
  target: `./server/domain/${folder}`,
  from: domainFolders.slice(index + 1).map((later) => `./server/domain/${later}`),
  message: `Domain folders import one way: ${folder}/ may use only the folders listed before it in eslint.config.js.`,
}));

/**
 * The server's floors, top first (docs/development.md, "Layers"): a folder or file imports only
 * its own floor and the floors after it. Every folder and top-level file of server/ is listed;
 * a new one goes where its imports put it.
 */
const serverFloors = [
  ["main.ts"],
  ["cluster", "single-process.server.ts"],
  ["app.ts", "create-deps.ts"],
  ["api", "web", "jobs"],
  ["http"],
  ["seed"],
  ["backup"],
  ["domain"],
  ["db", "counters", "mail", "storage", "payments", "push", "geocoding", "observability"],
  ["outbound"],
  [
    "config.ts",
    "configured-clock.ts",
    "site-address.ts",
    "trusted-proxies.ts",
    "shut-down-on-signals.ts",
  ],
];

const serverPath = (unit) => `./server/${unit}`;

const unplaced = readdirSync(new URL("./server", import.meta.url)).filter(
  (name) => !/\.test\.tsx?$/.test(name) && !serverFloors.flat().includes(name),
);
if (unplaced.length > 0) {
  throw new Error(`Put ${unplaced.map(serverPath).join(", ")} on a floor of serverFloors.`);
}

/**
 * The shared kernel's basics (server/domain/kernel/) have one home: importing them from any other
 * module, or declaring them elsewhere, would make a second definition.
 */
const kernelOnly = [
  {
    selector:
      "ImportDeclaration[source.value!=/^#server\\u002Fdomain\\u002Fkernel\\u002F/] > ImportSpecifier[imported.name=/^(Actor|cityDayOf)$/]",
    message: "Actor and the city day come from #server/domain/kernel/ only.",
  },
  {
    selector:
      ":matches(TSInterfaceDeclaration, TSTypeAliasDeclaration, FunctionDeclaration, VariableDeclarator)[id.name=/^(Actor|cityDayOf)$/]",
    message: "Actor and the city day are defined in server/domain/kernel/ only.",
  },
];
const relativeUp = {
  regex: "^\\.\\./",
  message: "Import with #app/, #server/, #common/ or #tests/.",
};

/** What a test may import from above its floor to drive the code under test. */
const testHarness = ["app.ts", "create-deps.ts", "seed"];

/**
 * Zones for the floors, for server/backup (which uses only the database and the media storage,
 * whatever its floor allows) and for the API and the site, which share a floor but not code.
 */
function serverZones({ forTests }) {
  const paths = (units) =>
    units.filter((unit) => !(forTests && testHarness.includes(unit))).map(serverPath);
  const backupUses = ["backup", "db", "storage"];
  const floorZones = serverFloors.flatMap((floor, index) =>
    floor
      .filter((unit) => unit !== "backup")
      .map((unit) => ({
        target: serverPath(unit),
        from: paths(serverFloors.slice(0, index).flat()),
        message: `server/${unit} imports only its own floor and those below it (serverFloors in eslint.config.js).`,
      }))
      .filter((zone) => zone.from.length > 0),
  );
  return [
    ...floorZones,
    {
      target: "./server/backup",
      from: paths(serverFloors.flat().filter((unit) => !backupUses.includes(unit))),
      message: "server/backup (db:backup, db:restore) uses only server/db and server/storage.",
    },
    {
      target: "./server/api",
      from: "./server/web",
      message: "The API and the site's web layer are siblings: share code through server/http.",
    },
    {
      target: "./server/web",
      from: "./server/api",
      message: "The API and the site's web layer are siblings: share code through server/http.",
    },
  ];
}

/** Where the browser, the shared code and the server meet (docs/development.md, "Layers"). */
const layerZones = [
  {
    target: "./common",
    from: ["./app", "./server"],
    message: "common/ is shared by browser and server: it imports neither app/ nor server/.",
  },
  {
    target: "./server",
    from: "./app",
    message: "The server does not import the React app.",
  },
];

const testFiles = ["server/**/*.test.ts", "server/**/*.test.tsx"];

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "^\\./\\+types/"] }],
      // Imports across folders use the package's #app/, #server/, #common/, #tests/ names.
      "no-restricted-imports": [
        "error",
        {
          patterns: [relativeUp],
        },
      ],
      "no-restricted-syntax": ["error", ...kernelOnly],
      // Layer boundaries (docs/development.md, "Layers").
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...layerZones, ...serverZones({ forTests: false }), ...domainZones] },
      ],
    },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] }),
      ],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/ignore": ["node_modules"],
      "import-x/external-module-folders": ["node_modules"],
    },
  },
  {
    // Hooks and components live in the app and in `.tsx` files (the mail templates); elsewhere
    // the React Compiler's analysis behind these rules only took time (40 % of the lint).
    files: ["app/**/*.{ts,tsx}", "**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Browser code reaches the server only through `.server.ts` modules (stripped from the
    // client bundle by React Router) or type-only imports.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            relativeUp,
            {
              regex: "^#server/(?!.*\\.server\\.ts$)",
              allowTypeImports: true,
              message: "Import server code only from *.server.ts modules (or as types).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/domain/kernel/**"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // A test may also import the app, the composition root and the demo data it drives.
    files: testFiles,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...layerZones, ...serverZones({ forTests: true }), ...domainZones] },
      ],
    },
  },
);
