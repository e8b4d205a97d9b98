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
  "artists",
  "genres",
  "clubs",
  "organizers",
  "accounts",
  "moderation",
  "listings",
  "search",
  "ads",
  "billing",
  "payments",
  "feeds",
  "saved-parties",
  "seo",
  "newsletter",
  "admin",
];

const domainZones = domainFolders.slice(0, -1).map((folder, index) => ({
  target: `./server/domain/${folder}`,
  from: domainFolders.slice(index + 1).map((later) => `./server/domain/${later}`),
  message: `Domain folders import one way: ${folder}/ may use only the folders listed before it in eslint.config.js.`,
}));

/** The server's floors (docs/development.md): each imports only the floors below it. */
const serverZones = [
  {
    target: [
      "./server/config.ts",
      "./server/db",
      "./server/counters",
      "./server/mail",
      "./server/storage",
      "./server/payments",
      "./server/push",
      "./server/outbound",
      "./server/geocoding",
    ],
    from: [
      "./server/domain",
      "./server/http",
      "./server/api",
      "./server/web",
      "./server/jobs",
      "./server/backup",
    ],
    message:
      "Adapters (db, mail, storage, payments, push, geocoding, outbound) stand below the domain and know nothing of HTTP.",
  },
  {
    target: "./server/domain",
    from: [
      "./server/http",
      "./server/api",
      "./server/web",
      "./server/jobs",
      "./server/seed",
      "./server/backup",
      "./server/create-deps.ts",
      "./server/app.ts",
      "./server/main.ts",
    ],
    message: "The domain knows no HTTP, routes, jobs or demo data: pass what it needs in deps.",
  },
  {
    target: "./server/http",
    from: ["./server/api", "./server/web"],
    message: "server/http is shared by the API and the site; it imports neither.",
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

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "^\\./\\+types/"] }],
      // Imports across folders use the package's #app/, #server/, #common/, #tests/ names.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./", message: "Import with #app/, #server/, #common/ or #tests/." },
          ],
        },
      ],
      // Layer boundaries (ARCHITECTURE.md): common/ stands alone; app/ and server/ build on it.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./common",
              from: ["./app", "./server"],
              message:
                "common/ is shared by browser and server: it imports neither app/ nor server/.",
            },
            {
              target: "./server",
              from: "./app",
              message: "The server does not import the React app.",
            },
            ...serverZones,
            ...domainZones,
          ],
        },
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
    // Browser code reaches the server only through `.server.ts` modules (stripped from the
    // client bundle by React Router) or type-only imports.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./", message: "Import with #app/, #server/, #common/ or #tests/." },
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
);
